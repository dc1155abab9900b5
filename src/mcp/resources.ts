/**
 * Endpoint and flow files as MCP resources: `apispec://spec/<path>`, the path
 * relative to the collection root. `{+path}` because a plain `{path}` would
 * match one segment only. Listing reads the server's index; reading never
 * leaves the collection, through links neither.
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp.d.ts"
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/types.d.ts"
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { isAbsolute, relative, resolve } from "../adapters/path.ts";
import { readText, toSlash } from "../adapters/fs.ts";
import { staysInside } from "../adapters/contain.ts";
import { kindOf } from "../ops/collection/file_kind.ts";
import type { ToolEnv } from "./tool.ts";

export const SPEC_URI = "apispec://spec/";
/** JSON-RPC code the MCP specification gives "resource not found". */
const RESOURCE_NOT_FOUND = -32002;

export function specUri(file: string): string {
  return SPEC_URI + file.split("/").map(encodeURIComponent).join("/");
}

/** The file a resource path names, or undefined when it would leave the collection. */
export function resourceFile(root: string, path: string): string | undefined {
  let decoded: string;
  try {
    decoded = path.split("/").map(decodeURIComponent).join("/");
  } catch {
    return undefined;
  }
  const file = resolve(root, decoded);
  const rel = toSlash(relative(root, file));
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel) || !rel.endsWith(".md")) {
    return undefined;
  }
  // Only what the list offers: environment and project files are not specs.
  const kind = kindOf(rel);
  return kind === "endpoint" || kind === "flow" ? file : undefined;
}

export function registerResources(server: McpServer, env: ToolEnv): void {
  const entries = async () => (await env.indexes()).get(await env.root()).entries();
  const template = new ResourceTemplate(`${SPEC_URI}{+path}`, {
    list: async () => ({
      resources: (await entries()).map((entry) => ({
        uri: specUri(entry.file),
        name: entry.file,
        title: entry.title,
        description: entry.kind === "flow" ? `Flow ${entry.name}` : `${entry.method} ${entry.path}`,
        mimeType: "text/markdown",
      })),
    }),
    complete: {
      path: async (value: string) =>
        (await entries()).map((e) => e.file).filter((f) => f.startsWith(value)).slice(0, 100),
    },
  });
  server.registerResource("spec", template, {
    title: "API spec files",
    description: "Endpoint and flow markdown files of the collection (api-docs/)",
    mimeType: "text/markdown",
  }, async (uri: URL, variables: Record<string, string | string[]>) => {
    const path = [variables.path].flat().join("/");
    const root = await env.root();
    const file = resourceFile(root, path);
    const notFound = () =>
      new McpError(RESOURCE_NOT_FOUND, `Resource ${uri.href} not found`, { uri: uri.href });
    // A committed link (`apis/x -> /anywhere`) passes the lexical check; its real path does not.
    if (!file || !(await staysInside(root, file)).ok) throw notFound();
    let text: string;
    try {
      text = await readText(file);
    } catch {
      throw notFound();
    }
    return { contents: [{ uri: uri.href, mimeType: "text/markdown", text }] };
  });
}
