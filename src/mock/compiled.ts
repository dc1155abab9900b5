/**
 * A documented response block turned, once, into what the mock sends: the
 * headers it may repeat, an inferred content type, and the full header list
 * of the common case (no Origin) ready to pass to `new Response`. Blocks
 * without placeholders then cost no string work per request; blocks with
 * them are filled per request with the shared `fillTemplate`.
 */
import type { ResponseBlock } from "../engine/model.ts";
import { templateNames } from "../engine/resolve/template.ts";
import { mediaTypeOfFile } from "../engine/files/media_type.ts";
import { fillBody, fillTemplate, isJsonBody } from "./response.ts";

export type HeaderList = [string, string][];

export interface CompiledBlock {
  status: number;
  headers: HeaderList;
  body: string;
  /** Headers or body hold `{{placeholders}}`, filled per request. */
  templated: boolean;
  /** The body is JSON (declared or inferred), so placeholders in it are filled JSON-aware. */
  json: boolean;
  /** `headers` plus `access-control-allow-origin: *`: everything a request without Origin gets. */
  anonymousHeaders: HeaderList;
  /** The body is this file's bytes (`< ./files/logo.png`, placeholders allowed), not `body`. */
  file?: string;
}

/**
 * Headers the block may hold but the mock must not repeat: the body length
 * changes with substitution, framing is the server's business, and CORS is
 * answered by the mock for every origin.
 */
const DROPPED_HEADERS =
  /^(content-length|transfer-encoding|connection|keep-alive|date|access-control-.*)$/i;

const compiled = new WeakMap<ResponseBlock, CompiledBlock>();
/**
 * One array per distinct header list: most endpoints send the same few lists, and a
 * micro-benchmark hinted that `new Response` converts a list it has seen before faster.
 */
const headerLists = new Map<string, HeaderList>();

function interned(list: HeaderList): HeaderList {
  const key = JSON.stringify(list);
  let found = headerLists.get(key);
  if (!found) headerLists.set(key, found = list);
  return found;
}

/** The compiled form of a block, made on first use and kept as long as the block is. */
export function compileBlock(block: ResponseBlock): CompiledBlock {
  let found = compiled.get(block);
  if (!found) compiled.set(block, found = compile(block));
  return found;
}

function compile(block: ResponseBlock): CompiledBlock {
  const headers: HeaderList = block.headers
    .filter((h) => !DROPPED_HEADERS.test(h.name))
    .map((h) => [h.name, h.value]);
  const file = block.bodyFile?.path;
  const templated = templateNames(file ?? block.body).length > 0 ||
    headers.some(([, value]) => templateNames(value).length > 0);
  if (!templated) {
    if (file !== undefined) addFileType(headers, file);
    else addContentType(headers, block.body);
  }
  return {
    status: block.status,
    headers,
    body: file === undefined ? block.body : "",
    templated,
    json: isJsonBody(block),
    anonymousHeaders: interned([...headers, ["access-control-allow-origin", "*"]]),
    ...(file !== undefined ? { file } : {}),
  };
}

/** Headers and body of a templated block for one request, placeholders filled from `values`. */
export function fillBlock(
  block: CompiledBlock,
  values: Record<string, string>,
): { headers: HeaderList; body: string } {
  const headers: HeaderList = block.headers.map(([n, v]) => [n, fillTemplate(v, values)]);
  if (block.file !== undefined) {
    addFileType(headers, fillTemplate(block.file, values));
    return { headers, body: "" };
  }
  const body = fillBody(block.body, values, block.json);
  addContentType(headers, body);
  return { headers, body };
}

/** A body without a declared type is served as JSON when it parses, else as text. */
function addContentType(headers: HeaderList, body: string): void {
  if (!body || headers.some(([name]) => name.toLowerCase() === "content-type")) return;
  headers.push(["content-type", isJson(body) ? "application/json" : "text/plain; charset=utf-8"]);
}

/** A file's body without a declared type is served with the type its extension names. */
function addFileType(headers: HeaderList, path: string): void {
  if (headers.some(([name]) => name.toLowerCase() === "content-type")) return;
  headers.push(["content-type", mediaTypeOfFile(path)]);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
