/**
 * A GraphQL request from an API client (Postman, Insomnia and Bruno save it
 * as a JSON POST `{query, variables}`) becomes a `protocol: graphql` file:
 * the query in `## Query`, the variables in `## Variables`.
 */
import type { EndpointDraft } from "../../engine/render/spec_md.ts";

const GRAPHQL_KEYS = new Set(["query", "variables", "operationName"]);

/**
 * The draft in the GraphQL form when its body is a GraphQL request; else as it was.
 *
 * @example
 * ```ts
 * import { asGraphqlDraft } from "./client_body.ts";
 * const draft = { title: "User", resource: "graphql", method: "POST" as const, path: "/graphql",
 *   request: { target: "{{baseUrl}}/graphql", headers: [], body: '{"query": "{ me { id } }"}' },
 *   expected: { status: 200, headers: [] } };
 * asGraphqlDraft(draft).graphql; // { query: "{ me { id } }" }
 * ```
 */
export function asGraphqlDraft(draft: EndpointDraft): EndpointDraft {
  const body = draft.request.body;
  if (draft.method !== "POST" || !body || !body.trimStart().startsWith("{")) return draft;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body);
  } catch {
    return draft;
  }
  if (
    typeof parsed !== "object" || parsed === null || typeof parsed.query !== "string" ||
    !parsed.query.includes("{") || Object.keys(parsed).some((k) => !GRAPHQL_KEYS.has(k))
  ) return draft;
  const variables = parsed.variables;
  const hasVariables = typeof variables === "object" && variables !== null &&
    !Array.isArray(variables) && Object.keys(variables).length > 0;
  return {
    ...draft,
    protocol: "graphql",
    graphql: {
      query: parsed.query.trim(),
      ...(hasVariables ? { variables: JSON.stringify(variables, null, 2) } : {}),
    },
    request: {
      ...draft.request,
      // apispec writes the JSON body and its Content-Type itself.
      headers: draft.request.headers.filter(([n]) => !/^content-type$/i.test(n)),
      body: undefined,
    },
  };
}
