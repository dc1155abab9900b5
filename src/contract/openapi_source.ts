/**
 * Reads the OpenAPI document drift, coverage and the Arazzo commands compare
 * against: a file or an http(s) URL, YAML or JSON, external `$ref`s bundled by
 * the importer's json-schema-ref-parser step, Swagger 2.0 converted first.
 * Anything unreadable or not OpenAPI 3.x is an invalid-input issue (exit 2).
 */
import { resolve } from "../adapters/path.ts";
import { type Issue, issue } from "../engine/issue.ts";
import type { ContractDocument } from "../engine/contract/model.ts";
import { isRecord } from "../convert/data.ts";
import { readText } from "../adapters/fs.ts";
import { readRemoteText } from "../adapters/remote.ts";
import type { OpsContext } from "../adapters/system.ts";
import { displayPath } from "../ops/collection/load.ts";
import { loadOpenApi, remoteRefused } from "../ops/import/import_sources.ts";

export interface OpenApiSource {
  /** How reports name it: the path from the working folder, or the URL. */
  name: string;
  /** Absolute path, or the URL. */
  location: string;
  doc: Record<string, unknown>;
  /** The text as read (for finding lines of paths in annotations). */
  text: string;
  /** Set when a Swagger 2.0 document was converted. */
  converted?: string;
}

export type LoadedSource = { ok: true; source: OpenApiSource } | { ok: false; issue: Issue };

async function readSource(location: string, isUrl: boolean): Promise<string> {
  if (!isUrl) return await readText(location);
  // The remote bounds of every document read by URL: 15 s, 64 MiB.
  const read = await readRemoteText(location);
  if (!read.ok) throw new Error(read.reason);
  return read.text;
}

export interface SourceOptions {
  /** Fetch what documents name: an http(s) `$ref`, a URL `namedBy` gives (`--allow-remote`). */
  allowRemote?: boolean;
  /** The document that named `input` (an Arazzo file's sourceDescriptions); absent: the user did. */
  namedBy?: string;
}

/**
 * Reads, parses, bundles and (for Swagger 2.0) converts the document. A URL
 * the user gives is fetched; one a document names only with `allowRemote`.
 */
export async function loadOpenApiSource(
  input: string,
  ctx: OpsContext,
  options: SourceOptions = {},
): Promise<LoadedSource> {
  const isUrl = /^https?:\/\//i.test(input);
  const location = isUrl ? input : resolve(ctx.cwd, input);
  const name = isUrl ? input : displayPath(location, ctx.cwd);
  const invalid = (message: string, fix: string, line?: number): LoadedSource => ({
    ok: false,
    issue: issue("VALIDATION_ERROR", message, { file: options.namedBy ?? name, line, fix }),
  });
  if (isUrl && options.namedBy !== undefined && !options.allowRemote) {
    const refused = remoteRefused(input, options.namedBy);
    return invalid(refused.message, refused.fix);
  }
  let text: string;
  try {
    text = await readSource(location, isUrl);
  } catch (error) {
    const missing = error instanceof Deno.errors.NotFound;
    return invalid(
      missing ? `${name} does not exist` : `Cannot read ${name}: ${(error as Error).message}`,
      missing ? "Check the path of the OpenAPI document" : "Check the file or URL is reachable",
    );
  }
  // A URL's document is parsed by its own file name (YAML unless it says .json or looks like JSON).
  const local = isUrl
    ? resolve(ctx.cwd, new URL(input).pathname.split("/").pop() || "openapi")
    : location;
  const loaded = await loadOpenApi(local, text, { allowRemote: options.allowRemote });
  if (!loaded.ok) return invalid(loaded.error.message, loaded.error.fix, loaded.error.line);
  let doc = loaded.doc;
  let converted: string | undefined;
  const { isSwagger2 } = await import("../convert/openapi/swagger2.ts");
  if (isSwagger2(doc)) {
    const { upgradeSwagger2 } = await import("../convert/openapi/swagger2.ts");
    try {
      const upgraded = await upgradeSwagger2(doc as Record<string, unknown>);
      doc = upgraded.doc;
      converted = upgraded.note;
    } catch (error) {
      return invalid(
        `Cannot convert Swagger 2.0: ${(error as Error).message}`,
        "Check the document against the Swagger 2.0 schema",
      );
    }
  }
  if (!isRecord(doc)) {
    return invalid("The document is not an OpenAPI object", "Pass an OpenAPI 3.x document");
  }
  const version = typeof doc.openapi === "string" ? doc.openapi : "";
  if (!/^3\.\d+/.test(version)) {
    return invalid(
      version ? `OpenAPI ${version} is not supported` : "The document has no `openapi: 3.x` field",
      "Pass an OpenAPI 3.0 or 3.1 document (or Swagger 2.0, which is converted)",
      1,
    );
  }
  if (!isRecord(doc.paths) && !isRecord(doc.webhooks)) {
    return invalid("The document has no `paths`", "Add the API's paths, or check the file");
  }
  return { ok: true, source: { name, location, doc, text, ...(converted ? { converted } : {}) } };
}

/** The operations of a loaded document. */
export async function contractOf(source: OpenApiSource): Promise<ContractDocument> {
  const { contractDocument } = await import("../convert/openapi/contract.ts");
  return contractDocument(source.doc);
}
