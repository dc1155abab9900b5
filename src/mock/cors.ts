/**
 * CORS for the mock: any origin may call it, so a front end on another port
 * can use it during development. Responses echo the request's Origin (with
 * credentials allowed) or say `*` when there is none; preflights are answered
 * for every path and method, so the real request reaches the mock and gets a
 * readable 404 or 405 rather than an opaque CORS failure.
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
