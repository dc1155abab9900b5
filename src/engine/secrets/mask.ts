/**
 * Masks secrets in anything shown to a person, an agent or a log: header
 * values that carry credentials, and the values of secret-named variables
 * wherever they appear.
 */
import type { ExecRecord, HttpResponse, ResolvedRequest } from "../model.ts";

export const MASK = "****";

const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|key|auth|session|password/i;

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name);
}

/** Replaces every occurrence of each secret value. Longer values first, so overlaps mask fully. */
export function maskText(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length < 4) continue;
    out = out.split(secret).join(MASK);
    // URL-encoded forms appear in query strings and paths.
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(MASK);
  }
  return out;
}

/** Keeps the scheme of an Authorization value (`Bearer ****`) so the output stays readable. */
function maskHeaderValue(name: string, value: string): string {
  if (!isSecretHeader(name)) return value;
  const scheme = /^(Bearer|Basic|Token|Digest)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${MASK}` : MASK;
}

export function maskHeaders(headers: [string, string][], secrets: string[]): [string, string][] {
  return headers.map(([name, value]) => [name, maskText(maskHeaderValue(name, value), secrets)]);
}

export function maskRequest(request: ResolvedRequest, secrets: string[]): ResolvedRequest {
  return {
    ...request,
    url: maskText(request.url, secrets),
    headers: maskHeaders(request.headers, secrets),
    ...(request.body !== undefined ? { body: maskText(request.body, secrets) } : {}),
  };
}

export function maskResponse(response: HttpResponse, secrets: string[]): HttpResponse {
  return {
    ...response,
    headers: maskHeaders(response.headers, secrets),
    body: maskText(response.body, secrets),
  };
}

/**
 * Masks a whole record by walking its strings; request and response headers
 * also lose credential values by name.
 */
export function maskRecord<T extends Partial<ExecRecord>>(record: T, secrets: string[]): T {
  const masked = { ...(deepMask(record, secrets) as T) };
  if (record.request) masked.request = maskRequest(record.request, secrets);
  if (record.response) masked.response = maskResponse(record.response, secrets);
  return masked;
}

/** Masks every string inside a JSON-like value. */
export function deepMask(value: unknown, secrets: string[]): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === "string") return maskText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => deepMask(item, secrets));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepMask(v, secrets)]));
  }
  return value;
}
