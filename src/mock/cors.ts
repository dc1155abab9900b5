/**
 * CORS for the mock: any origin may call it, so a front end on another port
 * can use it during development. Responses echo the request's Origin (with
 * credentials allowed) or say `*` when there is none; preflights are answered
 * for every path and method, so the real request reaches the mock and gets a
 * readable 404 or 405 rather than an opaque CORS failure.
 */
import { METHOD_ORDER } from "./routes.ts";

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

/** Adds the CORS headers of an ordinary (non-preflight) response. */
export function addCorsHeaders(headers: Headers, origin: string | null): void {
  headers.set("access-control-allow-origin", origin ?? "*");
  if (origin === null) return;
  headers.set("access-control-allow-credentials", "true");
  headers.append("vary", "Origin");
  const exposed = [...headers.keys()].filter((name) =>
    !SAFELISTED.has(name) && !name.startsWith("access-control-") && name !== "vary"
  );
  if (exposed.length > 0) headers.set("access-control-expose-headers", exposed.join(", "));
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
