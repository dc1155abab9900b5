/**
 * The mock server as a `Request → Response` function: route lookup, the
 * documented response (or the `Prefer`red error block), CORS, latency and one
 * log entry per request. Only `serve.ts` opens a socket, so tests call this
 * function directly.
 */
import type { EndpointSpec } from "../engine/model.ts";
import { addCorsHeaders, isPreflight, preflightResponse } from "./cors.ts";
import { methodNotAllowed, routeNotFound, undocumentedStatus, unservable } from "./problems.ts";
import { preferredStatus, responseFromSpec } from "./response.ts";
import type { RouteTable } from "./routes.ts";

export interface MockRoute {
  method: string;
  /** The frontmatter `path`, e.g. `/users/:userId`. */
  path: string;
  /** The endpoint file, relative to the mocked folder. */
  file: string;
  spec: EndpointSpec;
}

export interface MockLogEntry {
  method: string;
  /** Path and query as requested. */
  target: string;
  status: number;
  /** The endpoint file that answered; absent for 404, 405 and preflights. */
  file?: string;
  /** Why the mock answered itself, e.g. `no route`. */
  note?: string;
}

export interface MockHandlerOptions {
  /** Milliseconds to wait before every response. */
  latencyMs?: number;
  log?: (entry: MockLogEntry) => void;
}

export type MockHandler = (request: Request) => Promise<Response>;

/**
 * Headers the documented block may hold but the mock must not repeat: the
 * body length changes with substitution, framing is the server's business, and
 * CORS is answered by the mock for every origin.
 */
const DROPPED_HEADERS =
  /^(content-length|transfer-encoding|connection|keep-alive|date|access-control-.*)$/i;
const encoder = new TextEncoder();
/** Statuses whose responses carry no body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** Makes the handler; `currentTable` is read per request so a reload swaps the routes at once. */
export function createMockHandler(
  currentTable: () => RouteTable<MockRoute>,
  options: MockHandlerOptions = {},
): MockHandler {
  const latencyMs = options.latencyMs ?? 0;
  return async function handleMockRequest(request) {
    const { origin, path, target } = splitUrl(request.url);
    let answer: Answer;
    try {
      answer = respond(request, currentTable(), origin, path);
    } catch (error) {
      answer = { response: unservable("the mock", (error as Error).message), note: "error" };
    }
    if (!isPreflight(request)) {
      addCorsHeaders(answer.response.headers, request.headers.get("origin"));
    }
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (options.log) {
      const entry: MockLogEntry = {
        method: request.method,
        target,
        status: answer.response.status,
      };
      if (answer.file) entry.file = answer.file;
      if (answer.note) entry.note = answer.note;
      options.log(entry);
    }
    return answer.response;
  };
}

interface Answer {
  response: Response;
  file?: string;
  note?: string;
}

function respond(
  request: Request,
  table: RouteTable<MockRoute>,
  origin: string,
  path: string,
): Answer {
  if (isPreflight(request)) return { response: preflightResponse(request), note: "CORS preflight" };
  const found = table.lookup(request.method, path);
  if (found.kind === "not-found") {
    return { response: routeNotFound(request.method, path, table.routes), note: "no route" };
  }
  if (found.kind === "method-not-allowed") {
    const allow = found.allowed.join(", ");
    // OPTIONS without a documented OPTIONS route lists what the path allows.
    return request.method === "OPTIONS"
      ? {
        response: new Response(null, { status: 204, headers: { allow } }),
        note: `allow ${allow}`,
      }
      : {
        response: methodNotAllowed(request.method, path, found.allowed),
        note: `method not documented; allow ${allow}`,
      };
  }
  const { route, params } = found;
  return { response: serveRoute(route, params, request, origin), file: route.file };
}

function serveRoute(
  route: MockRoute,
  params: Record<string, string>,
  request: Request,
  origin: string,
): Response {
  const { spec } = route;
  const preferred = preferredStatus(request.headers.get("prefer"));
  // Path parameters beat frontmatter vars; {{baseUrl}} is the mock itself.
  const values = { ...spec.vars, baseUrl: origin, ...params };
  const documented = responseFromSpec(spec, values, preferred);
  if (!documented) {
    const statuses = [spec.expected.status, ...spec.errorResponses.map((b) => b.status)];
    return undocumentedStatus(preferred!, route.file, [...new Set(statuses)]);
  }
  try {
    const headers = new Headers();
    for (const [name, value] of documented.headers) {
      if (!DROPPED_HEADERS.test(name)) headers.append(name, value);
    }
    if (documented.body && !headers.has("content-type")) {
      headers.set(
        "content-type",
        isJson(documented.body) ? "application/json" : "text/plain; charset=utf-8",
      );
    }
    if (preferred !== undefined) headers.set("preference-applied", `code=${preferred}`);
    if (NULL_BODY_STATUSES.has(documented.status)) {
      return new Response(null, { status: documented.status, headers });
    }
    if (request.method === "HEAD") {
      // The length the GET would send, as HEAD promises; the server sends no body.
      headers.set("content-length", String(encoder.encode(documented.body).length));
      return new Response(null, { status: documented.status, headers });
    }
    return new Response(documented.body, {
      status: documented.status,
      statusText: documented.reason,
      headers,
    });
  } catch (error) {
    return unservable(route.file, (error as Error).message);
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** `http://host:port/a/b?q` → origin, path and path+query, without the cost of `new URL`. */
export function splitUrl(url: string): { origin: string; path: string; target: string } {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return { origin: url, path: "/", target: "/" };
  const query = url.indexOf("?", start);
  return {
    origin: url.slice(0, start),
    path: query === -1 ? url.slice(start) : url.slice(start, query),
    target: url.slice(start),
  };
}
