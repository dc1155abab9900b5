/**
 * The one masker every output path calls (console, JSON, JUnit, markdown,
 * GitHub reports, diagnoses, verbose exchanges, MCP and preview results,
 * history). It hides two things: values known to be secret (secret-named
 * variables, the built Authorization value, captured secrets), raw and
 * URL-encoded; and any value the scanner recognises as a credential by its
 * shape or place (`ghp_…`, a JWT, `postgres://user:pw@`, `"password": "…"`),
 * whoever sent it.
 */
import type { ExecRecord, HttpResponse, ResolvedRequest } from "../model.ts";
import { isSecretName } from "./names.ts";
import { findSecrets } from "./scan.ts";
import { memoByString } from "../memo.ts";
import { percentEncoded } from "../text/percent.ts";

export const MASK = "****";

// The same few header names come back in every request and response of a run.
const secretHeader = memoByString(isSecretName, { size: 1000 });

/** Header names whose values are credentials: `Authorization`, `Cookie`, `X-Api-Key`, `X-Auth-Token`. */
export function isSecretHeader(name: string): boolean {
  return secretHeader(name);
}

const PRIVATE_KEY_BLOCK =
  /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/g;

/**
 * Masks what the scanner recognises, wherever it appears.
 *
 * @example
 * ```ts
 * import { maskShapes } from "./mask.ts";
 * maskShapes('{"password": "hunter2", "name": "Ada"}'); // '{"password": "****", "name": "Ada"}'
 * ```
 */
export function maskShapes(text: string): string {
  if (text === "") return text;
  let out = text.includes("PRIVATE KEY") ? text.replace(PRIVATE_KEY_BLOCK, MASK) : text;
  const findings = findSecrets(out, { honourAllowComment: false });
  if (findings.length === 0) return out;
  const parts: string[] = [];
  let at = 0;
  for (const finding of findings) {
    if (finding.start < at) continue;
    parts.push(out.slice(at, finding.start), MASK);
    at = finding.end;
  }
  parts.push(out.slice(at));
  out = parts.join("");
  return out;
}

/** Replaces every occurrence of each known secret, raw and URL-encoded; longer values first. */
export function maskKnown(text: string, secrets: readonly string[]): string {
  return replaceKnown(text, longestFirst(secrets));
}

/** Secrets in the order they are replaced; a record sorts them once for all its strings. */
function longestFirst(secrets: readonly string[]): readonly string[] {
  return secrets.length < 2 ? secrets : [...secrets].sort((a, b) => b.length - a.length);
}

function replaceKnown(text: string, sorted: readonly string[]): string {
  let out = text;
  for (const secret of sorted) {
    if (secret.length < 4) continue;
    out = out.split(secret).join(MASK);
    const encoded = percentEncoded(secret);
    if (encoded !== secret) out = out.split(encoded).join(MASK);
  }
  return out;
}

/** `maskText` with the secrets already in replacement order. */
function maskSorted(text: string, sorted: readonly string[]): string {
  return text === "" ? text : maskShapes(replaceKnown(text, sorted));
}

/**
 * Masks known secrets, then anything shaped like one.
 *
 * @example
 * ```ts
 * import { maskText } from "./mask.ts";
 * maskText("t=ab cd&x=ab%20cd", ["ab cd"]); // "t=****&x=****"
 * ```
 */
export function maskText(text: string, secrets: readonly string[] = []): string {
  return maskSorted(text, longestFirst(secrets));
}

/**
 * Room past the cut that is masked with the shown part, so that a secret
 * starting before the cut is found whole (a PEM private key is about 3 KB).
 */
const MASKED_PAST_CUT = 16 * 1024;

/**
 * The one way a value is shortened for display: masked first (known secrets
 * and shapes), then cut to `max` characters ending in "…". Cutting first
 * would leave a secret's first characters that no rule recognises any more.
 *
 * @example
 * ```ts
 * import { maskThenCut } from "./mask.ts";
 * maskThenCut("key=ab12cd34ef56 and more text", 12, ["ab12cd34ef56"]); // "key=**** an…"
 * ```
 */
export function maskThenCut(text: string, max: number, secrets: readonly string[] = []): string {
  const sorted = longestFirst(secrets);
  const room = max + Math.max(MASKED_PAST_CUT, sorted[0]?.length ?? 0);
  const masked = maskSorted(text.length > room ? text.slice(0, room) : text, sorted);
  if (masked.length <= max) return masked;
  let cut = max - 1;
  // Never half a mask: "**…" would read as the value's own asterisks.
  const mask = masked.lastIndexOf(MASK, cut - 1);
  if (mask !== -1 && mask + MASK.length > cut) cut = mask;
  return masked.slice(0, cut) + "…";
}

/** Keeps the scheme of an Authorization value (`Bearer ****`) so the output stays readable. */
function maskHeaderValue(name: string, value: string): string {
  if (!isSecretHeader(name)) return value;
  const scheme = /^(Bearer|Basic|Token|Digest)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${MASK}` : MASK;
}

export function maskHeaders(
  headers: [string, string][],
  secrets: readonly string[],
): [string, string][] {
  return headersSorted(headers, longestFirst(secrets));
}

function headersSorted(headers: [string, string][], sorted: readonly string[]): [string, string][] {
  return headers.map(([name, value]) => [name, maskSorted(maskHeaderValue(name, value), sorted)]);
}

export function maskRequest(request: ResolvedRequest, secrets: readonly string[]): ResolvedRequest {
  return requestSorted(request, longestFirst(secrets));
}

function requestSorted(request: ResolvedRequest, sorted: readonly string[]): ResolvedRequest {
  return {
    ...request,
    url: maskSorted(request.url, sorted),
    headers: headersSorted(request.headers, sorted),
    ...(request.body !== undefined ? { body: maskSorted(request.body, sorted) } : {}),
  };
}

export function maskResponse(response: HttpResponse, secrets: readonly string[]): HttpResponse {
  return responseSorted(response, longestFirst(secrets));
}

function responseSorted(response: HttpResponse, sorted: readonly string[]): HttpResponse {
  return {
    ...response,
    headers: headersSorted(response.headers, sorted),
    body: maskSorted(response.body, sorted),
    // A stream's events and messages are its body.
    ...(response.events
      ? { events: response.events.map((e) => ({ ...e, data: maskSorted(e.data, sorted) })) }
      : {}),
    ...(response.messages
      ? { messages: response.messages.map((m) => ({ ...m, data: maskSorted(m.data, sorted) })) }
      : {}),
  };
}

/**
 * Masks a whole record by walking its strings; request and response headers
 * also lose credential values by name.
 */
export function maskRecord<T extends Partial<ExecRecord>>(
  record: T,
  secrets: readonly string[],
): T {
  const sorted = longestFirst(secrets);
  const masked: Record<string, unknown> = {};
  // The request and response by their own rules, each string once.
  for (const [key, value] of Object.entries(record)) {
    masked[key] = key === "request" && value
      ? requestSorted(value as ResolvedRequest, sorted)
      : key === "response" && value
      ? responseSorted(value as HttpResponse, sorted)
      : deepSorted(value, sorted);
  }
  return masked as T;
}

/** Masks every string inside a JSON-like value (iteratively: depth is the input's to choose). */
export function deepMask(value: unknown, secrets: readonly string[]): unknown {
  return deepSorted(value, longestFirst(secrets));
}

function deepSorted(value: unknown, sorted: readonly string[]): unknown {
  const mask = (v: unknown) => typeof v === "string" ? maskSorted(v, sorted) : v;
  if (value === null || typeof value !== "object") return mask(value);
  const root: unknown = Array.isArray(value) ? [] : {};
  const stack: [unknown, Record<string, unknown> | unknown[]][] = [[value, root as never]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    for (const [key, child] of Object.entries(from as object)) {
      let copy: unknown = mask(child);
      if (child !== null && typeof child === "object") {
        copy = Array.isArray(child) ? [] : {};
        stack.push([child, copy as never]);
      }
      (to as Record<string, unknown>)[key] = copy;
    }
  }
  return root;
}
