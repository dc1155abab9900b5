/**
 * The credential values an exchange carries, so that everything apispec
 * prints or writes about it can be masked (`maskText`, `deepMask`): values of
 * credential headers (the token after `Bearer`, the user and password inside
 * `Basic`, each cookie), query parameters and JSON or form fields with
 * secret names. The proxy takes them from both sides of each exchange; a run
 * (`exec`, a flow) from the request it sent, so that a password sent under
 * `password` stays hidden wherever the API echoes it (escaped inside a JSON
 * string, cut in a diff) for the rest of the run.
 */
import { isSecretHeader } from "./mask.ts";
import type { ResolvedRequest } from "../model.ts";

export interface ExchangeText {
  requestHeaders: [string, string][];
  /** The query as sent, without `?`. */
  query: string;
  requestBody: string;
  responseHeaders: [string, string][];
  responseBody: string;
}

/** Values shorter than this are not masked (maskText skips them too): they would mask common words. */
const SHORTEST = 4;

/**
 * @example
 * ```ts
 * import { exchangeSecrets } from "./exchange.ts";
 * exchangeSecrets({
 *   requestHeaders: [["Authorization", "Bearer abc.def.ghi"]],
 *   query: "api_key=k-123456",
 *   requestBody: "",
 *   responseHeaders: [],
 *   responseBody: '{"token": "t-987654"}',
 * }); // ["Bearer abc.def.ghi", "abc.def.ghi", "k-123456", "t-987654"]
 * ```
 */
export function exchangeSecrets(exchange: ExchangeText): string[] {
  const found = new Set<string>();
  const add = (value: string | undefined) => {
    const trimmed = value?.trim();
    if (trimmed && trimmed.length >= SHORTEST) found.add(trimmed);
  };
  for (const [name, value] of [...exchange.requestHeaders, ...exchange.responseHeaders]) {
    if (isSecretHeader(name)) headerSecrets(name, value).forEach(add);
  }
  for (const [name, value] of new URLSearchParams(exchange.query)) {
    if (isSecretHeader(name)) add(value);
  }
  for (const body of [exchange.requestBody, exchange.responseBody]) bodySecrets(body).forEach(add);
  return [...found];
}

/**
 * The credential values a request sent.
 *
 * @example
 * ```ts
 * import { sentSecrets } from "./exchange.ts";
 * sentSecrets({ method: "POST", url: "http://h/login?api_key=k-123456", headers: [], body: '{"password": "hunter2"}' });
 * // ["k-123456", "hunter2"]
 * ```
 */
export function sentSecrets(request: ResolvedRequest): string[] {
  const at = request.url.indexOf("?");
  const hash = request.url.indexOf("#");
  const query = at === -1 ? "" : request.url.slice(at + 1, hash > at ? hash : undefined);
  return exchangeSecrets({
    requestHeaders: request.headers,
    query,
    requestBody: request.body ?? "",
    responseHeaders: [],
    responseBody: "",
  });
}

function headerSecrets(name: string, value: string): string[] {
  const lower = name.toLowerCase();
  if (lower === "cookie") {
    return [value, ...value.split(";").map((pair) => pair.split("=").slice(1).join("="))];
  }
  if (lower === "set-cookie") {
    const pair = value.split(";")[0];
    return [pair, pair.split("=").slice(1).join("=")];
  }
  const scheme = /^(\w+)\s+(.+)$/.exec(value);
  if (!scheme) return [value];
  const values = [value, scheme[2]];
  if (scheme[1].toLowerCase() === "basic") {
    const decoded = decodeBase64(scheme[2]);
    if (decoded) values.push(decoded, decoded.split(":").slice(1).join(":"));
  }
  return values;
}

/** String values under secret-named keys of a JSON body, or secret-named fields of a form body. */
function bodySecrets(body: string): string[] {
  const trimmed = body.trim();
  if (trimmed === "") return [];
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      const values: string[] = [];
      collect(JSON.parse(trimmed), values);
      return values;
    } catch { /* not JSON */ }
  }
  if (/^[\w.%-]+=[^\s]*(&[\w.%-]+=[^\s]*)*$/.test(trimmed)) {
    return [...new URLSearchParams(trimmed)].filter(([k]) => isSecretHeader(k)).map(([, v]) => v);
  }
  return [];
}

/** Iterative: the depth of a body is its sender's to choose. */
function collect(root: unknown, out: string[]): void {
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (typeof child === "string" && isSecretHeader(key)) out.push(child);
        else stack.push(child);
      }
    }
  }
}

function decodeBase64(text: string): string | undefined {
  try {
    return atob(text.trim());
  } catch {
    return undefined;
  }
}
