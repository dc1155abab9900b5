/**
 * Drift and coverage for agents as resources, not tools: reading them costs
 * nothing in `tools/list`. `apispec://coverage` is the collection's coverage
 * object; `apispec://coverage/<openapi>` adds the document's operations;
 * `apispec://drift/<openapi>` is drift's JSON report (`{findings, summary}`).
 * `<openapi>` is a path from the project root (the folder holding api-docs/)
 * and must stay inside it.
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp.d.ts"
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/types.d.ts"
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { dirname, isAbsolute, relative, resolve } from "../adapters/path.ts";
import { staysInside } from "../adapters/contain.ts";
import type { Issue } from "../engine/issue.ts";
import type { ToolEnv } from "./tool.ts";

export const COVERAGE_URI = "apispec://coverage";
export const DRIFT_URI = "apispec://drift/";
/** JSON-RPC "invalid params": the request named something that cannot be read. */
const INVALID_PARAMS = -32602;

function problem(uri: URL, issues: Issue[]): McpError {
  const first = issues.find((i) => i.severity === "error") ?? issues[0];
  const where = first?.file ? ` (${first.file}${first.line ? `:${first.line}` : ""})` : "";
  return new McpError(
    INVALID_PARAMS,
    `${first?.message ?? "Cannot read"}${where}${first?.fix ? `. Fix: ${first.fix}` : ""}`,
    { uri: uri.href },
  );
}

/** The document a resource path names, or an error when it leaves the project. */
async function documentPath(env: ToolEnv, uri: URL, raw: string | string[]): Promise<string> {
  let path: string;
  try {
    path = [raw].flat().join("/").split("/").map(decodeURIComponent).join("/");
  } catch {
    throw new McpError(INVALID_PARAMS, `Resource ${uri.href} names no file`, { uri: uri.href });
  }
  const projectRoot = dirname(await env.root());
  const file = resolve(projectRoot, path);
  const rel = relative(projectRoot, file);
  const outside = () =>
    new McpError(
      INVALID_PARAMS,
      `${path.slice(0, 300)} is outside the project; name an OpenAPI file under ${projectRoot}`,
      { uri: uri.href },
    );
  if (!path || path.includes("\0") || rel.startsWith("..") || isAbsolute(rel)) throw outside();
  // A committed link out passes the text check; its real path does not. The answer is the same
  // whether or not anything exists where it points.
  const inside = await staysInside(projectRoot, file).catch(() => ({ ok: false }));
  if (!inside.ok) throw outside();
  return file;
}

function json(uri: URL, value: unknown) {
  return {
    contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(value) }],
  };
}

async function coverage(env: ToolEnv, uri: URL, openapi?: string) {
  const { computeCoverage } = await import("../contract/coverage.ts");
  const result = await computeCoverage({ dir: await env.root(), openapi }, env.ctx);
  if (!result.report) throw problem(uri, result.issues);
  return json(uri, result.report);
}

export function registerContractResources(server: McpServer, env: ToolEnv): void {
  server.registerResource("coverage", COVERAGE_URI, {
    description: "Coverage of the collection: per endpoint file, example, schema, error " +
      "statuses, assertions and last run; summary with coverage_pct",
    mimeType: "application/json",
  }, (uri: URL) => coverage(env, uri));
  server.registerResource(
    "coverage-openapi",
    new ResourceTemplate(`${COVERAGE_URI}/{+openapi}`, { list: undefined }),
    {
      description: "Coverage with the operations of an OpenAPI file (path from the project root)",
      mimeType: "application/json",
    },
    async (uri: URL, vars: Record<string, string | string[]>) =>
      coverage(env, uri, await documentPath(env, uri, vars.openapi)),
  );
  server.registerResource(
    "drift",
    new ResourceTemplate(`${DRIFT_URI}{+openapi}`, { list: undefined }),
    {
      description: "Drift between the collection and an OpenAPI file (path from the project " +
        "root): {findings: [{kind, method, path, spec, line, message}], summary}",
      mimeType: "application/json",
    },
    async (uri: URL, vars: Record<string, string | string[]>) => {
      const openapi = await documentPath(env, uri, vars.openapi);
      const { driftCheck } = await import("../contract/drift.ts");
      const result = await driftCheck({ openapi, dir: await env.root() }, env.ctx);
      if (!result.document) throw problem(uri, result.issues);
      return json(uri, { findings: result.findings, summary: result.summary });
    },
  );
}
