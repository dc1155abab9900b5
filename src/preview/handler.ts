/**
 * The preview server as a `Request → Response` function: guards first
 * (Host on every request; Origin and the write cookie on every write), then
 * the API routes, the bundle, and the single-page UI on every other GET.
 */
import { allowedMethods, ROUTES } from "./api/routes.ts";
import { BadRequest, problem } from "./api/reply.ts";
import { Forbidden, NotFound } from "./api/files.ts";
import type { Assets } from "./assets.ts";
import {
  cookieValue,
  originAllowed,
  sameToken,
  WRITE_COOKIE,
  WRITE_METHODS,
  writeCookie,
} from "./guard.ts";
import type { PreviewState } from "./state.ts";

export interface HandlerOptions {
  hostAllowed: (host: string | null) => boolean;
  /** Logs unexpected errors (a bug); the client gets one line. */
  onError?: (error: unknown) => void;
}

const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy":
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

export function createHandler(
  state: PreviewState,
  assets: Assets,
  options: HandlerOptions,
): (request: Request) => Promise<Response> {
  return async function handle(request: Request): Promise<Response> {
    const host = request.headers.get("host");
    if (!options.hostAllowed(host)) {
      return problem(
        403,
        "FORBIDDEN_HOST",
        `Host "${host ?? ""}" is not served here`,
        "Open the preview at http://127.0.0.1:<port>/ or http://localhost:<port>/",
      );
    }
    if (WRITE_METHODS.has(request.method)) {
      if (!originAllowed(request.headers.get("origin"), host)) {
        return problem(
          403,
          "FORBIDDEN_ORIGIN",
          "Writes are accepted only from the preview page itself",
          "Use the preview UI, or send the request without an Origin header",
        );
      }
      if (!sameToken(cookieValue(request.headers.get("cookie"), WRITE_COOKIE), state.token)) {
        return problem(
          403,
          "WRITE_TOKEN_REQUIRED",
          `This write needs the ${WRITE_COOKIE} cookie of this server start`,
          "Reload the preview page (it sets the cookie), then try again",
        );
      }
    }
    const url = new URL(request.url);
    const route = ROUTES.get(`${request.method} ${url.pathname}`);
    try {
      if (route) return await route(state, request, url);
    } catch (error) {
      if (error instanceof BadRequest) {
        return problem(error.status, "BAD_REQUEST", error.message, error.fix);
      }
      if (error instanceof Forbidden) {
        return problem(403, "FORBIDDEN_PATH", error.message, error.fix);
      }
      if (error instanceof NotFound) return problem(404, "NOT_FOUND", error.message, error.fix);
      options.onError?.(error);
      return problem(
        500,
        "ENGINE_ERROR",
        (error as Error)?.message ?? String(error),
        "This is a bug in apispec; run with -v and report it",
      );
    }
    if (url.pathname.startsWith("/api/")) {
      const allowed = allowedMethods(url.pathname);
      if (allowed.length > 0) {
        const response = problem(
          405,
          "METHOD_NOT_ALLOWED",
          `${request.method} is not allowed on ${url.pathname}`,
          `Use ${allowed.join(" or ")}`,
        );
        response.headers.set("allow", allowed.join(", "));
        return response;
      }
      return problem(
        404,
        "NOT_FOUND",
        `No route ${request.method} ${url.pathname}`,
        "See docs/preview-api.md for the routes",
      );
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return problem(
        405,
        "METHOD_NOT_ALLOWED",
        `${request.method} is not allowed on ${url.pathname}`,
        "Use GET",
      );
    }
    const asset = assets.files.get(url.pathname);
    if (asset) {
      return new Response(request.method === "HEAD" ? null : asset.body, {
        headers: {
          "content-type": asset.type,
          "cache-control": url.search ? "public, max-age=31536000, immutable" : "no-cache",
          "x-content-type-options": "nosniff",
        },
      });
    }
    if (url.pathname.startsWith("/assets/")) {
      return problem(404, "NOT_FOUND", `No asset ${url.pathname}`, "Reload the page");
    }
    // Every other GET is a UI route (/, /specs/..., /flows/..., /request): the page, with the write cookie.
    return new Response(request.method === "HEAD" ? null : assets.html, {
      headers: { ...PAGE_HEADERS, "set-cookie": writeCookie(state.token) },
    });
  };
}
