/**
 * The credential values one exchange carries, so that everything the proxy
 * prints or writes about it can be masked (`maskText`, `deepMask`): values of
 * credential headers (the token after `Bearer`, the user and password inside
 * `Basic`, each cookie), query parameters and JSON or form fields with
 * secret names, in the request and in the response.
 */
import { isSecretHeader } from "../secrets/mask.ts";

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
 * import { exchangeSecrets } from "./exchange_secrets.ts";
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

function collect(value: unknown, out: string[]): void {
  if (Array.isArray(value)) value.forEach((item) => collect(item, out));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === "string" && isSecretHeader(key)) out.push(child);
      else collect(child, out);
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
