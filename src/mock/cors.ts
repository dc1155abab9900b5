/**
 * CORS for the mock. A page served from this machine (a dev server on
 * `http://localhost:5173`) may call it, with credentials; a page from any
 * other origin may not unless the user names it (`--cors-origin=<origin>`,
 * or `--cors-origin=*` for any). A refused origin gets a 403 problem, its
 * writes never reach the state, and it is never granted credentials or
 * Private Network Access (a public page could otherwise fill the stateful
 * mock's memory or read it). Allowed preflights are answered for every path
 * and method, so the real request reaches the mock and gets a readable 404 or
 * 405 rather than an opaque CORS failure.
 */
import { METHOD_ORDER } from "../engine/routes/route_table.ts";

const ALLOW_METHODS = METHOD_ORDER.join(", ");
/** How long a browser may cache a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE = "600";

/** Headers a browser shows to scripts without being told (CORS-safelisted response headers). */
const SAFELISTED = new Set([
  "cache-control",
  "content-language",
  "content-length",
  "content-type",
  "expires",
  "last-modified",
  "pragma",
]);

/** Which browser origins may call the mock besides this machine's own. */
export interface CorsPolicy {
  /** Exact origins the user named (`https://app.example.test:8443`). */
  origins: ReadonlySet<string>;
  /** `--cors-origin=*`: every origin. */
  any: boolean;
}

export const LOOPBACK_ONLY: CorsPolicy = { origins: new Set(), any: false };

/** `http(s)://` on localhost, a `*.localhost` name, 127.0.0.0/8 or [::1], any port. */
const LOOPBACK_ORIGIN =
  /^https?:\/\/(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** Whether a page from `origin` may call the mock. */
export function originAllowed(policy: CorsPolicy, origin: string): boolean {
  return policy.any || LOOPBACK_ORIGIN.test(origin) || policy.origins.has(origin.toLowerCase());
}

/**
 * `--cors-origin`'s value as an origin (`scheme://host[:port]`, lower case, no path), or `*`;
 * undefined when it is neither.
 *
 * @example
 * ```ts
 * import { parseCorsOrigin } from "./cors.ts";
 * parseCorsOrigin("https://App.example.test:8443/"); // "https://app.example.test:8443"
 * parseCorsOrigin("app.example.test"); // undefined
 * ```
 */
export function parseCorsOrigin(value: string): string | undefined {
  if (value === "*") return "*";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/") {
    return undefined;
  }
  return url.origin;
}

/** The policy from the `--cors-origin` values, or the first one that is no origin. */
export function corsPolicy(values: string[]): CorsPolicy | { invalid: string } {
  const origins = new Set<string>();
  let any = false;
  for (const value of values) {
    const origin = parseCorsOrigin(value);
    if (origin === undefined) return { invalid: value };
    if (origin === "*") any = true;
    else origins.add(origin);
  }
  return { origins, any };
}

/** A preflight is an OPTIONS request carrying Origin and Access-Control-Request-Method. */
export function isPreflight(request: Request): boolean {
  return request.method === "OPTIONS" && request.headers.has("origin") &&
    request.headers.has("access-control-request-method");
}

/**
 * The CORS headers of an ordinary (non-preflight) response, given the names
 * of the headers it already carries (those a script may then read).
 */
export function corsHeaderList(origin: string | null, names: string[]): [string, string][] {
  if (origin === null) return [["access-control-allow-origin", "*"]];
  const list: [string, string][] = [
    ["access-control-allow-origin", origin],
    ["access-control-allow-credentials", "true"],
    ["vary", "Origin"],
  ];
  const exposed = names.map((n) => n.toLowerCase()).filter((name) => !SAFELISTED.has(name));
  if (exposed.length > 0) list.push(["access-control-expose-headers", exposed.join(", ")]);
  return list;
}

/** Adds the CORS headers to a response built elsewhere (the mock's own problem answers). */
export function addCorsHeaders(headers: Headers, origin: string | null): void {
  for (const [name, value] of corsHeaderList(origin, [...headers.keys()])) {
    if (name === "vary") headers.append(name, value);
    else headers.set(name, value);
  }
}

/** The answer to a preflight: every method, and the headers the browser asked for. */
export function preflightResponse(request: Request): Response {
  const headers = new Headers({
    "access-control-allow-origin": request.headers.get("origin")!,
    "access-control-allow-credentials": "true",
    "access-control-allow-methods": ALLOW_METHODS,
    "access-control-max-age": PREFLIGHT_MAX_AGE,
    "vary": "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
  });
  const asked = request.headers.get("access-control-request-headers");
  if (asked) headers.set("access-control-allow-headers", asked);
  // Chrome asks before a public page may call a loopback server (Private Network Access).
  if (request.headers.get("access-control-request-private-network") === "true") {
    headers.set("access-control-allow-private-network", "true");
  }
  return new Response(null, { status: 204, headers });
}
