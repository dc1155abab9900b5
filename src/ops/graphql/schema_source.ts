/**
 * A GraphQL schema from where a user points: an SDL file (`.graphql`,
 * `.graphqls`, `.gql`), an introspection result (`.json`), or a URL that
 * answers the introspection query. Loaded only by `import graphql` and
 * `drift --graphql` (graphql-js comes with it).
 */
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  type GraphQLError,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";
import { type Issue, issue } from "../../engine/issue.ts";
import { sendRequest } from "../../adapters/http.ts";
import { readText } from "../../adapters/fs.ts";
import { resolve } from "../../adapters/path.ts";
import type { OpsContext } from "../../adapters/system.ts";

export type LoadedSchema =
  | {
    ok: true;
    schema: GraphQLSchema;
    /** `http://host:port` and `/graphql` when the schema came from a URL. */
    url?: { origin: string; path: string };
  }
  | { ok: false; issue: Issue; exit: "usage" | "network" };

/** Loads the schema `source` names (a path relative to the working folder, or a URL). */
export async function loadGraphqlSchema(
  source: string,
  ctx: Pick<OpsContext, "cwd">,
  options: { timeoutMs?: number; headers?: [string, string][] } = {},
): Promise<LoadedSchema> {
  if (/^https?:\/\//i.test(source)) return await introspect(source, options);
  let text: string;
  try {
    text = await readText(resolve(ctx.cwd, source));
  } catch (error) {
    const missing = error instanceof Deno.errors.NotFound;
    return {
      ok: false,
      exit: "usage",
      issue: issue(
        "USAGE",
        missing ? `${source} does not exist` : `Cannot read ${source}: ${(error as Error).message}`,
        {
          file: source,
          fix:
            "Give a schema file (.graphql SDL or an introspection .json) or the API's GraphQL URL",
        },
      ),
    };
  }
  if (/\.json$/i.test(source) || text.trimStart().startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return invalid(source, `Cannot parse ${source} as JSON: ${(error as Error).message}`);
    }
    return fromIntrospection(json, source);
  }
  try {
    return { ok: true, schema: buildSchema(text) };
  } catch (error) {
    const graphqlError = error as GraphQLError;
    const at = graphqlError.locations?.[0];
    return {
      ok: false,
      exit: "usage",
      issue: issue("VALIDATION_ERROR", `Cannot read the schema: ${graphqlError.message}`, {
        file: source,
        ...(at ? { line: at.line, column: at.column } : {}),
        fix: "Give a schema in GraphQL SDL (type Query { ... }) or an introspection result in JSON",
      }),
    };
  }
}

function invalid(file: string, message: string): LoadedSchema {
  return {
    ok: false,
    exit: "usage",
    issue: issue("VALIDATION_ERROR", message, {
      file,
      fix: "Give a schema in GraphQL SDL or the JSON an introspection query returns",
    }),
  };
}

function fromIntrospection(json: unknown, source: string): LoadedSchema {
  const root = json as { data?: IntrospectionQuery } & Partial<IntrospectionQuery>;
  const introspection = root?.data?.__schema ? root.data : root?.__schema ? root : undefined;
  if (!introspection) {
    return invalid(source, `${source} holds no introspection result (no "__schema")`);
  }
  try {
    return { ok: true, schema: buildClientSchema(introspection as IntrospectionQuery) };
  } catch (error) {
    return invalid(source, `Cannot build a schema from ${source}: ${(error as Error).message}`);
  }
}

async function introspect(
  url: string,
  options: { timeoutMs?: number; headers?: [string, string][] },
): Promise<LoadedSchema> {
  const sent = await sendRequest({
    method: "POST",
    url,
    headers: [
      ["Content-Type", "application/json"],
      ["Accept", "application/json"],
      ...(options.headers ?? []),
    ],
    body: JSON.stringify({ query: getIntrospectionQuery(), operationName: "IntrospectionQuery" }),
  }, options.timeoutMs ?? 10_000);
  if (!sent.response) {
    return {
      ok: false,
      exit: "network",
      issue: issue(
        "NETWORK_ERROR",
        `Cannot reach ${url}: ${sent.failure?.message ?? "no answer"}`,
        {
          file: url,
          fix: "Check that the GraphQL server runs and the URL is its endpoint (often /graphql)",
        },
      ),
    };
  }
  const { status, body } = sent.response;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  const errors = (json as { errors?: { message?: string }[] })?.errors;
  if (status >= 400 || !json || (errors?.length && !(json as { data?: unknown }).data)) {
    const reason = errors?.[0]?.message ?? `HTTP ${status}`;
    return {
      ok: false,
      exit: "network",
      issue: issue("VALIDATION_ERROR", `${url} did not answer the introspection query: ${reason}`, {
        file: url,
        fix: "Servers that turn introspection off (common in production) need a schema file: " +
          "export it (e.g. `get-graphql-schema`, or the server's SDL) and import that",
      }),
    };
  }
  const parsed = new URL(url);
  const loaded = fromIntrospection(json, url);
  return loaded.ok ? { ...loaded, url: { origin: parsed.origin, path: parsed.pathname } } : loaded;
}
