/**
 * `apispec import project`: finds a project's API in SPEC.md's order. An
 * explicit `--url`; a static OpenAPI file in the project; a dev server
 * answering on `--port` or a common port at a common OpenAPI path (all
 * probed at once with short timeouts); last, routes found in the source
 * (method and path only).
 */
import { join, relative, resolve } from "../../adapters/path.ts";
import {
  type Conversion,
  type ConvertOutcome,
  emptyConversion,
  resourceFor,
} from "../../convert/endpoint.ts";
import { parseData } from "../../convert/data.ts";
import { scanRoutes, SOURCE_EXTENSIONS, type SourceText } from "../../convert/scan_routes.ts";
import { fetchText, portOpen } from "../../adapters/probe.ts";
import { readText, toSlash } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  convertOpenApi,
  convertRemoteOpenApi,
  hasExternalRefs,
  isOpenApiDocument,
  type LoadedOpenApi,
  loadOpenApi,
} from "./import_sources.ts";

export const DEFAULT_PORTS = [3000, 3001, 4000, 5000, 5173, 8000, 8001, 8080, 8081, 8888, 9000];
export const OPENAPI_PATHS = [
  "/openapi.json",
  "/swagger.json",
  "/v3/api-docs",
  "/api-docs",
  "/docs/openapi.json",
  "/openapi.yaml",
  "/api/openapi.json",
  "/api-docs.json",
  "/swagger/v1/swagger.json",
  "/api/docs/openapi.json",
];
const SPEC_FILE =
  /^(openapi|swagger|api|api-spec|openapi-spec|spec)(\.v\d)?\.(json|ya?ml)$|\.openapi\.(json|ya?ml)$/i;
const SKIP = new Set([
  "node_modules",
  ".git",
  "dist",
  "build",
  "target",
  "vendor",
  ".venv",
  "venv",
  "__pycache__",
  "api-docs",
  ".next",
  "coverage",
  "bin",
  "obj",
]);
const MAX_FILES = 5000;
const MAX_SIZE = 512 * 1024;

export interface Discovery {
  /** `url`, `file`, `server` or `source`; undefined when nothing was found. */
  source?: "url" | "file" | "server" | "source";
  /** The URL or file the API came from. */
  from?: string;
  outcome: ConvertOutcome;
}

async function walk(root: string, visit: (path: string, rel: string) => Promise<void> | void) {
  let count = 0;
  async function go(dir: string, depth: number) {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)].sort((a, b) => a.name.localeCompare(b.name));
    } catch {
      return;
    }
    for (const entry of entries) {
      if (count >= MAX_FILES || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory) {
        if (!SKIP.has(entry.name) && depth < 8) await go(path, depth + 1);
      } else if (entry.isFile) {
        count++;
        await visit(path, toSlash(relative(root, path)));
      }
    }
  }
  await go(root, 0);
}

async function fromText(text: string, name: string): Promise<ConvertOutcome | undefined> {
  const parsed = parseData(text, name);
  if (!parsed.ok || !isOpenApiDocument(parsed.value)) return undefined;
  return await convertOpenApi(parsed.value);
}

async function staticFile(
  root: string,
  allowRemote?: boolean,
): Promise<{ file: string; outcome: ConvertOutcome } | undefined> {
  const candidates: string[] = [];
  await walk(root, (path, rel) => {
    if (SPEC_FILE.test(rel.split("/").pop()!)) candidates.push(path);
  });
  candidates.sort((a, b) => a.split("/").length - b.split("/").length);
  for (const path of candidates) {
    const text = await readText(path);
    const parsed = parseData(text, path);
    if (!parsed.ok || !isOpenApiDocument(parsed.value)) continue;
    const doc: LoadedOpenApi = hasExternalRefs(parsed.value)
      ? await loadOpenApi(path, text, { allowRemote })
      : { ok: true, doc: parsed.value };
    if (!doc.ok) return { file: path, outcome: doc };
    return { file: path, outcome: await convertOpenApi(doc.doc) };
  }
  return undefined;
}

/** Probes every port at once, then every OpenAPI path of the open ones at once. */
export async function probeServers(
  ports: number[],
): Promise<{ url: string; text: string } | undefined> {
  const open =
    (await Promise.all(ports.map(async (port) => (await portOpen(port, 300)) ? port : undefined)))
      .filter((p): p is number => p !== undefined);
  for (const port of open) {
    const answers = await Promise.all(OPENAPI_PATHS.map(async (path) => {
      const url = `http://127.0.0.1:${port}${path}`;
      const text = await fetchText(url, 800);
      if (text === undefined) return undefined;
      const parsed = parseData(text, path);
      return parsed.ok && isOpenApiDocument(parsed.value) ? { url, text } : undefined;
    }));
    const found = answers.find((a) => a !== undefined);
    if (found) return found;
  }
  return undefined;
}

async function sourceRoutes(root: string): Promise<Conversion> {
  const files: SourceText[] = [];
  await walk(root, async (path, rel) => {
    if (
      !SOURCE_EXTENSIONS.test(rel) || /(^|\/)(test|tests|__tests__|spec)\//.test(rel) ||
      /[._]test\.|\.spec\./.test(rel)
    ) return;
    const stat = await Deno.stat(path);
    if (stat.size <= MAX_SIZE) files.push({ path: rel, text: await readText(path) });
  });
  const conversion = emptyConversion();
  for (const route of scanRoutes(files)) {
    conversion.endpoints.push({
      title: `${route.method} ${route.path}`,
      resource: resourceFor(route.path),
      method: route.method,
      path: route.path,
      request: { target: `{{baseUrl}}${route.path}`, headers: [] },
      expected: { status: 200, headers: [] },
      notes: `Found in \`${route.file}:${route.line}\` by a source scan: method and path only. ` +
        "Fill in the request body, the expected response and assertions.",
    });
  }
  return conversion;
}

export interface DiscoverInput {
  dir?: string;
  url?: string;
  port?: number;
  /** Fetch the http(s) documents an OpenAPI file's `$ref`s name (`--allow-remote`). */
  allowRemote?: boolean;
}

export async function discoverProject(input: DiscoverInput, ctx: OpsContext): Promise<Discovery> {
  const root = resolve(ctx.cwd, input.dir ?? ".");
  if (input.url) {
    return { source: "url", from: input.url, outcome: await convertRemoteOpenApi(input.url) };
  }
  const file = await staticFile(root, input.allowRemote);
  if (file) return { source: "file", from: file.file, outcome: file.outcome };
  const server = await probeServers(input.port ? [input.port] : DEFAULT_PORTS);
  if (server) {
    return {
      source: "server",
      from: server.url,
      outcome: (await fromText(server.text, server.url))!,
    };
  }
  const conversion = await sourceRoutes(root);
  if (conversion.endpoints.length > 0) {
    return { source: "source", from: root, outcome: { ok: true, conversion } };
  }
  return { outcome: { ok: true, conversion: emptyConversion() } };
}
