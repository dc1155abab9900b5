/**
 * Reads a folder's endpoint files into a route table (served by the mock,
 * matched by the proxy). Files that do
 * not parse are reported with file and line and left out; a second file with
 * the same method and path is reported and left out. A loader remembers each
 * file's text, so a reload re-parses only the files that changed.
 */
import { join } from "../../adapters/path.ts";
import { type Issue, issue, warning } from "../../engine/issue.ts";
import { graphqlRoutePath } from "../../engine/graphql/sections.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { listMarkdown, readText } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  buildRouteTable,
  type EndpointRoute,
  type RouteTable,
} from "../../engine/routes/route_table.ts";
import { displayPath, kindsUnder } from "./load.ts";
import type { FileKind } from "./file_kind.ts";

export interface RouteLoad {
  table: RouteTable<EndpointRoute>;
  /** Every problem found, errors (file skipped) and warnings. */
  issues: Issue[];
  /** Display path → text, for rendering issues with their source line. */
  sources: Map<string, string>;
  /** Endpoint files read, served or not. */
  files: number;
  /** Files added, changed or removed since the previous load (every file on the first). */
  changed: string[];
}

interface Parsed {
  text: string;
  display: string;
  route?: EndpointRoute;
  issues: Issue[];
}

/** A loader for one folder; call it again after a change to get the new table. */
export function createRouteLoader(root: string, ctx: OpsContext): () => Promise<RouteLoad> {
  let cache = new Map<string, Parsed>();
  let kindOf: ((rel: string) => FileKind) | undefined;
  return async function loadRoutes() {
    kindOf ??= await kindsUnder(root, ctx);
    const next = new Map<string, Parsed>();
    const issues: Issue[] = [];
    const changed: string[] = [];
    for (const rel of await listMarkdown(root)) {
      if (kindOf(rel) !== "endpoint") continue;
      const display = displayPath(join(root, rel), ctx.cwd);
      let text: string;
      try {
        text = await readText(join(root, rel));
      } catch (error) {
        // Deleted between listing and reading: the watcher reports it again.
        if (error instanceof Deno.errors.NotFound) continue;
        issues.push(issue("ENGINE_ERROR", `Cannot read ${display}: ${(error as Error).message}`, {
          file: display,
          fix: "Check the file's permissions",
        }));
        continue;
      }
      const cached = cache.get(rel);
      if (cached?.text === text) {
        next.set(rel, cached);
      } else {
        next.set(rel, parseRoute(rel, display, text));
        changed.push(rel);
      }
    }
    for (const rel of cache.keys()) if (!next.has(rel)) changed.push(rel);
    cache = next;

    const routes: EndpointRoute[] = [];
    const sources = new Map<string, string>();
    for (const parsed of next.values()) {
      issues.push(...parsed.issues);
      if (parsed.route) routes.push(parsed.route);
      if (parsed.issues.length > 0) sources.set(parsed.display, parsed.text);
    }
    const table = buildRouteTable(routes);
    for (const { route, kept } of table.duplicates) {
      const parsed = next.get(route.file)!;
      sources.set(parsed.display, parsed.text);
      issues.push(
        warning(`Route ${route.method} ${route.path} is already served from ${kept.file}`, {
          file: parsed.display,
          line: frontmatterLine(parsed.text, "path"),
          fix: `Give one of the two files another method or path; ${kept.file} is served`,
        }),
      );
    }
    return { table, issues, sources, files: next.size, changed: changed.sort() };
  };
}

function parseRoute(rel: string, display: string, text: string): Parsed {
  const { spec, issues } = parseEndpoint(text, display);
  // GraphQL files share one URL: each is routed by its operation (the mock reads it from the body).
  const route = spec
    ? spec.graphql
      ? {
        method: "POST" as const,
        path: graphqlRoutePath(spec.path, spec.graphql.query, spec.graphql.operationName),
        file: rel,
        spec,
      }
      : { method: spec.method, path: spec.path, file: rel, spec }
    : undefined;
  return { text, display, route, issues };
}

/** The line of a top-level frontmatter key (keys start their line). */
function frontmatterLine(text: string, key: string): number | undefined {
  const index = text.split(/\r?\n/).findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? undefined : index + 1;
}
