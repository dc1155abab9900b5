/**
 * What a response's `Set-Cookie` headers say, read for `cookie.<name>`
 * assertions and `response.cookies.<name>` captures. Storing and sending
 * cookies by RFC 6265's rules (domain, path, expiry) is the cookie jar's
 * job (tough-cookie, in adapters/cookie_jar.ts); this reads the attributes
 * as the server wrote them.
 */
import type { HttpResponse } from "../model.ts";

/** Attributes an assertion may name: `cookie.<name>.<attribute>`. */
export const COOKIE_ATTRIBUTES = [
  "value",
  "httponly",
  "secure",
  "samesite",
  "path",
  "domain",
  "expires",
  "max-age",
] as const;
export type CookieAttribute = typeof COOKIE_ATTRIBUTES[number];

export interface SetCookie {
  name: string;
  value: string;
  /** Lower-case attribute names; flags (`HttpOnly`, `Secure`) hold true. */
  attributes: Record<string, string | true>;
}

/**
 * Parses one `Set-Cookie` value (RFC 6265 §5.2); undefined without a name.
 *
 * @example
 * ```ts
 * import { parseSetCookie } from "./set_cookie.ts";
 * parseSetCookie("sid=abc; Path=/; HttpOnly")?.attributes; // { path: "/", httponly: true }
 * ```
 */
export function parseSetCookie(header: string): SetCookie | undefined {
  const [pair, ...attributes] = header.split(";");
  const equals = pair.indexOf("=");
  if (equals <= 0) return undefined;
  const name = pair.slice(0, equals).trim();
  if (name === "") return undefined;
  const value = pair.slice(equals + 1).trim().replace(/^"(.*)"$/, "$1");
  const parsed: SetCookie = { name, value, attributes: {} };
  for (const attribute of attributes) {
    const at = attribute.indexOf("=");
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    if (key === "") continue;
    parsed.attributes[key] = at < 0 ? true : attribute.slice(at + 1).trim();
  }
  return parsed;
}

/** Every cookie a response sets, in order (a later one of the same name wins when read). */
export function responseCookies(response: HttpResponse): SetCookie[] {
  const cookies: SetCookie[] = [];
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() !== "set-cookie") continue;
    const cookie = parseSetCookie(value);
    if (cookie) cookies.push(cookie);
  }
  return cookies;
}

/** The `Set-Cookie` values of a response, for the jar. */
export function setCookieHeaders(response: HttpResponse): string[] {
  return response.headers.filter(([name]) => name.toLowerCase() === "set-cookie").map(([, v]) => v);
}

/** The cookie a response sets under `name` (the last one when repeated). */
export function findCookie(response: HttpResponse, name: string): SetCookie | undefined {
  return responseCookies(response).findLast((cookie) => cookie.name === name);
}

/**
 * What `cookie.<name>[.<attribute>]` selects: the value, or an attribute
 * (`httponly` and `secure` as booleans, the others as written). Found is
 * false when the response sets no such cookie, or a valued attribute is absent.
 *
 * @example
 * ```ts
 * import { selectCookie } from "./set_cookie.ts";
 * const response = { status: 200, reason: "OK", headers: [["set-cookie", "sid=abc; Secure"]] as [string, string][], body: "" };
 * selectCookie("cookie.sid.secure", response); // { found: true, value: true }
 * ```
 */
export function selectCookie(
  path: string,
  response: HttpResponse,
): { found: boolean; value?: unknown } {
  const { name, attribute } = splitCookiePath(path.slice("cookie.".length));
  const cookie = findCookie(response, name);
  if (!cookie) return { found: false };
  if (attribute === "value") return { found: true, value: cookie.value };
  if (attribute === "httponly" || attribute === "secure") {
    return { found: true, value: cookie.attributes[attribute] === true };
  }
  const value = cookie.attributes[attribute];
  return typeof value === "string" ? { found: true, value } : { found: false };
}

/** `sid.httponly` → name `sid`, attribute `httponly`; `sid` → attribute `value`. */
export function splitCookiePath(rest: string): { name: string; attribute: CookieAttribute } {
  const dot = rest.lastIndexOf(".");
  const tail = dot > 0 ? rest.slice(dot + 1).toLowerCase() : "";
  return (COOKIE_ATTRIBUTES as readonly string[]).includes(tail)
    ? { name: rest.slice(0, dot), attribute: tail as CookieAttribute }
    : { name: rest, attribute: "value" };
}
