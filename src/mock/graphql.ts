/**
 * How the mock finds the GraphQL file a request asks for: every file of a
 * GraphQL API shares one URL, so the route is chosen by the operation the
 * body names (`operationName`, else the query's own name, else its first
 * field), as the files were routed (`graphqlRoutePath`).
 */
import { graphqlRoutePath } from "../engine/graphql/sections.ts";
import type { EndpointRoute, RouteTable } from "../engine/routes/route_table.ts";

const graphqlPaths = new WeakMap<object, Set<string>>();

/** The URLs some GraphQL file is served at, per route table. */
function pathsOf(table: RouteTable<EndpointRoute>): Set<string> {
  let paths = graphqlPaths.get(table);
  if (!paths) {
    paths = new Set(
      table.routes.filter((r) => r.spec.graphql).map((r) => r.spec.path.replace(/\/+$/, "")),
    );
    graphqlPaths.set(table, paths);
  }
  return paths;
}

/** True when a POST to `path` may be a GraphQL request the collection documents. */
export function mayBeGraphql(table: RouteTable<EndpointRoute>, method: string, path: string) {
  return method === "POST" && pathsOf(table).has(path.replace(/\/+$/, ""));
}

/** The synthetic path of the operation a GraphQL request body asks for; undefined when it is none. */
export async function graphqlRequestPath(
  request: Request,
  path: string,
): Promise<string | undefined> {
  let body: { query?: unknown; operationName?: unknown };
  try {
    body = await request.clone().json();
  } catch {
    return undefined;
  }
  if (typeof body?.query !== "string") return undefined;
  const name = typeof body.operationName === "string" && body.operationName
    ? body.operationName
    : undefined;
  return graphqlRoutePath(path, body.query, name);
}

/** A GraphQL error answer: no file documents the operation asked for. */
export function unknownOperation(path: string, asked: string | undefined): Response {
  const operation = asked ? asked.slice(asked.lastIndexOf("/") + 1) : undefined;
  return new Response(
    JSON.stringify({
      errors: [{
        message: operation
          ? `apispec mock: no protocol: graphql file documents the operation "${operation}" at ${path}`
          : `apispec mock: the body is not a GraphQL request ({"query": "..."})`,
      }],
    }),
    { status: 400, headers: { "content-type": "application/json" } },
  );
}
