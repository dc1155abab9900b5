/**
 * The body of a GraphQL request over HTTP: `{query, variables, operationName}`
 * as JSON (GraphQL over HTTP, §"POST"), variables filled from the file's
 * `## Variables` template with each value escaped for where it stands.
 */
import type { GraphqlRequest } from "../model.ts";
import { fillJsonTemplate } from "../resolve/json_template.ts";

/**
 * The JSON body; `lookup` fills `{{name}}` placeholders of the variables.
 *
 * @example
 * ```ts
 * import { graphqlRequestBody } from "./request.ts";
 * graphqlRequestBody(
 *   { query: "query User($id: ID!) { user(id: $id) { name } }", line: 1, operationName: "User",
 *     variables: { text: '{"id": "{{userId}}"}', line: 5 } },
 *   (name) => name === "userId" ? "42" : undefined,
 * );
 * // '{"query":"query User($id: ID!) { user(id: $id) { name } }","variables":{"id":"42"},"operationName":"User"}'
 * ```
 */
export function graphqlRequestBody(
  graphql: GraphqlRequest,
  lookup: (name: string) => string | undefined,
): string {
  let variables: unknown = undefined;
  if (graphql.variables) {
    try {
      variables = JSON.parse(fillJsonTemplate(graphql.variables.text, lookup));
    } catch {
      // Checked when the file was read; a value can only make it invalid by a bug.
      variables = undefined;
    }
  }
  return JSON.stringify({
    query: graphql.query,
    ...(variables !== undefined ? { variables } : {}),
    ...(graphql.operationName ? { operationName: graphql.operationName } : {}),
  });
}

/** A GraphQL POST is JSON unless the file says otherwise. */
export function addGraphqlHeaders(headers: [string, string][]): void {
  const has = (name: string) => headers.some(([n]) => n.toLowerCase() === name);
  if (!has("content-type")) headers.push(["Content-Type", "application/json"]);
  if (!has("accept")) headers.push(["Accept", "application/json"]);
}

/**
 * The `errors` of a GraphQL answer as diff lines, unless the expected body
 * lists errors itself: a non-empty `errors` array fails the run.
 *
 * @example
 * ```ts
 * import { graphqlErrors } from "./request.ts";
 * graphqlErrors({ errors: [{ message: "Cannot query field \"nme\"" }] }, { data: {} });
 * // ['body.errors: the API answered 1 GraphQL error: Cannot query field "nme"']
 * ```
 */
export function graphqlErrors(actual: unknown, expected: unknown): string[] {
  const errors = (actual as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return [];
  const listed = expected !== null && typeof expected === "object" &&
    Object.hasOwn(expected as object, "errors");
  if (listed) return [];
  const first = errors[0] as { message?: unknown; path?: unknown };
  const message = typeof first?.message === "string" ? first.message : JSON.stringify(first);
  const at = Array.isArray(first?.path) ? ` (at ${first.path.join(".")})` : "";
  return [
    `body.errors: the API answered ${errors.length} GraphQL error${
      errors.length === 1 ? "" : "s"
    }: ${message.length > 160 ? message.slice(0, 159) + "…" : message}${at}`,
  ];
}
