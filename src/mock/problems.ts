/**
 * The mock's own answers, as RFC 9457 problem details (`application/problem+json`):
 * what was asked, why it cannot be served, and what exists instead, so a
 * developer reading the response in a browser's network tab can fix the call.
 */
import { sortMethods } from "../engine/routes/route_table.ts";

export interface RouteSummary {
  method: string;
  path: string;
  file: string;
}

/** Most routes a 404 lists; a large collection lists the ones under the same first segment. */
export const MAX_LISTED_ROUTES = 50;

function problem(
  status: number,
  kind: string,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  const body = { type: `urn:apispec:mock:${kind}`, title, status, detail, ...extra };
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { "content-type": "application/problem+json", ...headers },
  });
}

/** 404: no endpoint file documents the path; lists the routes nearest to it. */
export function routeNotFound(method: string, path: string, routes: RouteSummary[]): Response {
  const first = path.split("/")[1] ?? "";
  const near = routes.filter((r) => r.path.split("/")[1] === first);
  const listed = (near.length > 0 ? near : routes).slice(0, MAX_LISTED_ROUTES);
  return problem(
    404,
    "route-not-found",
    "No endpoint file documents this path",
    `No route matches ${method} ${path}; ${routes.length} route${
      routes.length === 1 ? " is" : "s are"
    } served`,
    {
      routes: listed.map(({ method, path, file }) => ({ method, path, file })),
      total_routes: routes.length,
    },
  );
}

/** 405: the path is documented, but not for this method. */
export function methodNotAllowed(method: string, path: string, allowed: string[]): Response {
  const methods = sortMethods(allowed);
  return problem(
    405,
    "method-not-allowed",
    "No endpoint file documents this method for this path",
    `${method} ${path} is not documented; this path allows ${methods.join(", ")}`,
    { allowed: methods },
    { allow: methods.join(", ") },
  );
}

/** 406: `Prefer: code=<status>` names a status the endpoint file does not document. */
export function undocumentedStatus(
  preferred: number,
  file: string,
  documented: number[],
): Response {
  return problem(
    406,
    "undocumented-status",
    "The preferred status is not documented",
    `Prefer asks for status ${preferred}, but ${file} documents only ${documented.join(", ")}`,
    { preferred, documented, file },
  );
}

/** 500: the documented response cannot be sent as written (e.g. a header value HTTP refuses). */
export function unservable(file: string, reason: string): Response {
  return problem(
    500,
    "unservable-response",
    "The documented response cannot be served",
    `Cannot serve the response documented in ${file}: ${reason}`,
    { file },
  );
}

/** 404 from the stateful mock: the collection holds no item with that id. */
export function itemNotFound(path: string, detail: string, file: string): Response {
  return problem(404, "item-not-found", "No item with this id", `${path}: ${detail}`, { file });
}

/** 400: a body the stateful mock cannot store (not JSON, not an object, a bad id). */
export function invalidBody(detail: string, file: string): Response {
  return problem(400, "invalid-body", "The request body cannot be stored", detail, { file });
}

/** 409: `POST` with an id the collection already holds. */
export function idConflict(detail: string, file: string): Response {
  return problem(409, "id-conflict", "An item with this id exists", detail, { file });
}

/** 413: a body over the mock's size limit, refused before it is read whole. */
export function bodyTooLarge(limit: number): Response {
  return problem(
    413,
    "body-too-large",
    "The request body is too large",
    `The stateful mock reads bodies of at most ${limit} bytes`,
    { limit },
  );
}

/** 507: the in-memory state is at its limit; `POST /__apispec/reset` empties it. */
export function stateFull(detail: string): Response {
  return problem(507, "state-full", "The mock's memory is full", detail, {
    reset: "POST /__apispec/reset",
  });
}

/** 403: a browser page whose origin may not call the mock (`--cors-origin` lets it). */
export function originNotAllowed(origin: string): Response {
  return problem(
    403,
    "origin-not-allowed",
    "Pages from this origin may not call the mock",
    `Only pages served from this machine (http://localhost:<port>, http://127.0.0.1:<port>) may call the mock from a browser; ${origin} is not one of them`,
    {
      origin,
      fix: origin === "null"
        ? "Serve the page from a local server (http://localhost:<port>): a page opened from a file, or sandboxed, sends Origin: null"
        : `Start the mock with --cors-origin=${origin}`,
    },
  );
}

/** 403: a Host the mock does not answer to (a page that rebinds its DNS name to 127.0.0.1). */
export function foreignHost(host: string | null): Response {
  return problem(
    403,
    "forbidden-host",
    "The mock does not answer to this Host",
    `A mock bound to a loopback address answers requests for localhost, *.localhost and loopback addresses; ${
      host === null ? "this request names no Host" : `Host: ${host} is not one of them`
    }`,
    {
      host,
      fix:
        "Call the mock at http://localhost:<port> or http://127.0.0.1:<port>; to reach it under other names, start it with --host=0.0.0.0",
    },
  );
}

/** 500 from `--error-rate` when the endpoint documents no 5xx response. */
export function injectedFault(file: string): Response {
  return problem(
    500,
    "injected-fault",
    "A fault injected by --error-rate",
    `${file} documents no 5xx response, so the mock answers this generic one`,
    { file },
  );
}

/** 405 on the mock's own routes. */
export function controlMethodNotAllowed(path: string, allowed: string): Response {
  return problem(
    405,
    "method-not-allowed",
    "This route of the mock takes another method",
    `${path} takes ${allowed}`,
    {
      allowed: [allowed],
    },
    { allow: allowed },
  );
}
