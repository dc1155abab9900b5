/**
 * Reads each importer's input from disk (or stdin text) and hands it to the
 * pure converter for its kind. OpenAPI documents with external `$ref`s are
 * bundled first by json-schema-ref-parser, reading only files in the
 * document's folder and below; local refs are resolved lazily by the
 * converter, which keeps a 13 MB document fast.
 */
import { dirname, join, resolve } from "../../adapters/path.ts";
import type { ConvertError, ConvertOutcome } from "../../convert/endpoint.ts";
import { failure } from "../../convert/endpoint.ts";
import { isRecord, parseData } from "../../convert/data.ts";
import { isDirectory, readBytes, readText, toSlash } from "../../adapters/fs.ts";
import { staysInside } from "../../adapters/contain.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { isRemote, readRemoteText } from "../../adapters/remote.ts";

export const IMPORT_KINDS = [
  "openapi",
  "hostedclient",
  "desktopclient",
  "collection",
  "http",
  "curl",
] as const;
export type ImportKind = typeof IMPORT_KINDS[number];

export interface ImportSource {
  /** Path of the file or folder, relative to the working folder. */
  path?: string;
  /** Input text when it comes from stdin. */
  text?: string;
}

export interface ConvertOptions {
  onProgress?: (done: number, total: number) => void;
  /** Fetch the http(s) documents a document's `$ref`s name (`--allow-remote`). */
  allowRemote?: boolean;
}

/**
 * The refusal to fetch what a document names: a committed file must not make
 * apispec send requests to any host its author chooses (an internal service,
 * a cloud metadata address, a tracker) unless the user says so.
 */
export function remoteRefused(url: string, namedBy: string): ConvertError {
  return {
    message: `${namedBy} names ${url.slice(0, 500)}; apispec fetches nothing a document names ` +
      "unless --allow-remote is given",
    fix: "Pass --allow-remote to fetch it, or save the document beside this one and name the file",
  };
}

/** The first `$ref` whose target passes `wanted`, walking the document without recursion. */
function firstRef(value: unknown, wanted: (ref: string) => boolean): string | undefined {
  const stack = [value];
  while (stack.length) {
    const current = stack.pop();
    if (Array.isArray(current)) { for (const item of current) stack.push(item); }
    else if (isRecord(current)) {
      const ref = current.$ref;
      if (typeof ref === "string" && wanted(ref)) return ref;
      for (const key in current) {
        const child = current[key];
        if (typeof child === "object" && child !== null) stack.push(child);
      }
    }
  }
  return undefined;
}

/** The first `$ref` to an http(s) document, if any. */
export function firstRemoteRef(value: unknown): string | undefined {
  return firstRef(value, (ref) => /^https?:\/\//i.test(ref));
}

/** True when a document refers to another file anywhere. */
export function hasExternalRefs(value: unknown): boolean {
  return firstRef(value, (ref) => !ref.startsWith("#")) !== undefined;
}

export type LoadedOpenApi = { ok: true; doc: unknown } | { ok: false; error: ConvertError };

/**
 * Parses the document; when it refers to other files, bundles them in first.
 * A `$ref` to an http(s) document is fetched only with `allowRemote`.
 */
export async function loadOpenApi(
  path: string,
  text: string,
  options: { allowRemote?: boolean } = {},
): Promise<LoadedOpenApi> {
  const parsed = parseData(text, path);
  if (!parsed.ok) return parsed;
  if (!hasExternalRefs(parsed.value)) return { ok: true, doc: parsed.value };
  const remote = options.allowRemote ? undefined : firstRemoteRef(parsed.value);
  if (remote) return { ok: false, error: remoteRefused(remote, `A $ref of ${path}`) };
  // Loaded only here: the library and Node's Buffer and URL bring Deno's Node layer (50 ms).
  const [{ default: RefParser }, { Buffer }, { fileURLToPath }] = await Promise.all([
    import("@apidevtools/json-schema-ref-parser"),
    import("node:buffer"),
    import("node:url"),
  ]);
  try {
    // bundle() inlines external files once and points repeats (and cycles) at the first copy.
    const doc = await RefParser.bundle(path, structuredClone(parsed.value) as never, {
      resolve: {
        // The user opted in: loopback and private addresses too (the library refuses them by
        // default), as a source description named with --allow-remote is fetched.
        http: options.allowRemote
          ? { timeout: 15_000, redirects: 0, safeUrlResolver: false }
          : false,
        file: refReader(dirname(path), Buffer.from, fileURLToPath),
      },
    });
    return { ok: true, doc };
  } catch (error) {
    return {
      ok: false,
      error: {
        message: `Cannot resolve an external $ref: ${(error as Error).message}`,
        fix: "Check that every file named in a $ref exists next to the document",
      },
    };
  }
}

/**
 * json-schema-ref-parser's file resolver, fenced: a `$ref` may name files in
 * the document's folder and below (links followed), never
 * `../../../home/.netrc`.
 */
function refReader(
  folder: string,
  toBuffer: (bytes: Uint8Array) => Uint8Array,
  fileURLToPath: (url: string) => string,
) {
  return {
    order: 100,
    canRead: (file: { url: string }) =>
      !/^[a-z][a-z0-9+.-]+:\/\//i.test(file.url) || file.url.startsWith("file:"),
    read: async (file: { url: string }) => {
      const path = file.url.startsWith("file:") ? fileURLToPath(file.url) : decodeURI(file.url);
      if (!(await staysInside(folder, path)).ok) {
        throw new Error(
          `$ref "${path}" is outside the document's folder ${folder}; only files beside the document or below it are read`,
        );
      }
      // A Buffer, as the library's own file resolver returns: its parsers decode Buffers.
      return toBuffer(await readBytes(path));
    },
  };
}

async function readBrunoFolder(dir: string): Promise<{ path: string; text: string }[]> {
  const files: { path: string; text: string }[] = [];
  async function walk(current: string) {
    for await (const entry of Deno.readDir(current)) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(current, entry.name);
      if (entry.isDirectory) await walk(path);
      else if (/\.(bru|json)$/i.test(entry.name)) {
        const rel = toSlash(path.slice(dir.length + 1));
        if (rel.endsWith(".json") && rel !== "bruno.json") continue;
        files.push({ path: rel, text: await readText(path) });
      }
    }
  }
  await walk(dir);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** Reads the input and converts it; failures carry the reason for exit 2. */
export async function convertSource(
  kind: ImportKind,
  source: ImportSource,
  ctx: OpsContext,
  options: ConvertOptions = {},
): Promise<ConvertOutcome> {
  const path = source.path ? resolve(ctx.cwd, source.path) : undefined;
  if (kind === "collection") {
    if (!path || !(await isDirectory(path))) {
      return failure(
        `${source.path ?? "(none)"} is not a folder`,
        "Pass the folder of a Bruno collection (the one holding bruno.json)",
      );
    }
    const { fromBruno } = await import("../../convert/clients/from_bruno.ts");
    return fromBruno(await readBrunoFolder(path));
  }
  if (kind === "openapi" && source.path && isRemote(source.path)) {
    return await convertRemoteOpenApi(source.path, options);
  }
  let text = source.text ?? await readText(path!);
  const name = source.path ?? "stdin";
  switch (kind) {
    case "curl": {
      const { fromCurl } = await import("../../convert/clients/from_curl.ts");
      return fromCurl(text);
    }
    case "http": {
      const { fromHttpFile } = await import("../../convert/clients/from_http_file.ts");
      return fromHttpFile(text, name);
    }
    case "hostedclient": {
      const { fromPostman } = await import("../../convert/clients/from_postman.ts");
      const parsed = parseData(text, name);
      return parsed.ok ? fromPostman(parsed.value) : { ok: false, error: parsed.error };
    }
    case "desktopclient": {
      const { fromInsomnia } = await import("../../convert/clients/from_insomnia.ts");
      const parsed = parseData(text, name);
      return parsed.ok ? fromInsomnia(parsed.value) : { ok: false, error: parsed.error };
    }
    case "openapi": {
      const loaded = await loadOpenApi(path ?? join(ctx.cwd, "stdin.json"), text, {
        allowRemote: options.allowRemote,
      });
      text = ""; // not held while converting: GitHub's description is 13 MB of text
      if (!loaded.ok) return loaded;
      return await convertOpenApi(loaded.doc, options);
    }
  }
}

/** An OpenAPI 3.x or Swagger 2.0 document (parsed) as endpoint drafts. */
export async function convertOpenApi(
  doc: unknown,
  options: ConvertOptions = {},
): Promise<ConvertOutcome> {
  const { fromOpenApi } = await import("../../convert/openapi/from_openapi.ts");
  const { isSwagger2, upgradeSwagger2 } = await import("../../convert/openapi/swagger2.ts");
  if (!isSwagger2(doc)) return await fromOpenApi(doc, { onProgress: options.onProgress });
  // Swagger 2.0 is converted by a maintained library; the report says so.
  const upgraded = await upgradeSwagger2(doc as Record<string, unknown>);
  const outcome = await fromOpenApi(upgraded.doc, { onProgress: options.onProgress });
  if (outcome.ok) outcome.conversion.warnings.unshift(upgraded.note);
  return outcome;
}

/** True for an OpenAPI 3.x or Swagger 2.0 document: what `import openapi` converts. */
export function isOpenApiDocument(value: unknown): boolean {
  if (!isRecord(value) || !isRecord(value.paths)) return false;
  return typeof value.openapi === "string" ||
    (typeof value.swagger === "string" && /^2(\.0)?$/.test(value.swagger.trim()));
}

/**
 * An OpenAPI document named by URL: read with the remote bounds, parsed by the URL's file name
 * (YAML unless it looks like JSON), converted. Its `$ref`s to other documents are not followed:
 * relative to a URL they would name other URLs, and never files of this machine.
 */
export async function convertRemoteOpenApi(
  url: string,
  options: ConvertOptions = {},
): Promise<ConvertOutcome> {
  const read = await readRemoteText(url);
  if (!read.ok) {
    return failure(
      `Cannot fetch ${url}: ${read.reason}`,
      "Check the URL and that the server is running (the document must answer 2xx within 15 s)",
    );
  }
  const parsed = parseData(read.text, new URL(url).pathname.split("/").pop() || url);
  if (!parsed.ok) return parsed;
  if (!isOpenApiDocument(parsed.value)) {
    return failure(
      `${url} did not return an OpenAPI 3.x or Swagger 2.0 document`,
      "Pass the URL of the OpenAPI JSON or YAML itself (often /openapi.json or /swagger.json)",
    );
  }
  if (hasExternalRefs(parsed.value)) {
    return failure(
      `The document at ${url} refers to other documents ($ref to another file or URL), which are not fetched`,
      "Download the document with the files it refers to, and import the local copy",
    );
  }
  return await convertOpenApi(parsed.value, options);
}
