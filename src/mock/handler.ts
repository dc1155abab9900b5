/**
 * The mock server as a `Request → Response` function: route lookup, the
 * documented response (or the `Prefer`red error block), the in-memory state
 * of `--stateful`, CORS, latency, injected faults and one log entry per
 * request. Only `serve.ts` opens a socket, so tests call this function directly.
 */
import { compileBlock, type CompiledBlock, fillBlock, type HeaderList } from "./compiled.ts";
import {
  addCorsHeaders,
  corsHeaderList,
  type CorsPolicy,
  isPreflight,
  LOOPBACK_ONLY,
  originAllowed,
  preflightResponse,
} from "./cors.ts";
import { faultResponse, type LatencyRange, pickDelay, preferredDelay } from "./faults.ts";
import {
  controlMethodNotAllowed,
  foreignHost,
  methodNotAllowed,
  originNotAllowed,
  routeNotFound,
  undocumentedStatus,
  unservable,
} from "./problems.ts";
import { fillTemplate, pickResponseBlock, preferredStatus } from "./response.ts";
import type { EndpointRoute, RouteTable } from "../engine/routes/route_table.ts";
import type { StatefulMock } from "./stateful.ts";
import { graphqlRequestPath, mayBeGraphql, unknownOperation } from "./graphql.ts";
import { sseResponse, wsResponse } from "./streams.ts";

export type MockRoute = EndpointRoute;

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
  /** A latency range instead: each response waits a random time within it. */
  latency?: LatencyRange;
  /** The share (0 to 1) of routed requests answered with a documented 5xx, else a plain 500. */
  errorRate?: number;
  /** Collection and item routes answer from memory (`--stateful`); adds the reset route. */
  stateful?: StatefulMock;
  /** Browser origins allowed besides loopback ones (`--cors-origin`); default: loopback only. */
  cors?: CorsPolicy;
  /** Which Host headers the mock answers (bound to loopback: loopback names); default: any. */
  hostAllowed?: (host: string | null) => boolean;
  /** Numbers in [0, 1) for latency ranges and faults. */
  random?: () => number;
  log?: (entry: MockLogEntry) => void;
  /**
   * Reads an expected body's file (`< ./files/logo.png`, relative to the
   * route's file), kept inside the project and bounded; without it such a
   * response cannot be served.
   */
  readBodyFile?: (route: MockRoute, path: string) => Promise<BodyFileRead>;
}

export type BodyFileRead = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/** `POST` here restores the stateful mock's seed. */
export const RESET_PATH = "/__apispec/reset";

export type MockHandler = (request: Request) => Response | Promise<Response>;

/** Statuses whose responses carry no body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const encoder = new TextEncoder();

interface Answer {
  response: Response;
  file?: string;
  /** Why the mock answered itself, for the log. */
  note?: string;
  /** The CORS headers are already in the response. */
  cors?: boolean;
}

/** Makes the handler; `currentTable` is read per request so a reload swaps the routes at once. */
export function createMockHandler(
  currentTable: () => RouteTable<MockRoute>,
  options: MockHandlerOptions = {},
): MockHandler {
  const { log, random = Math.random } = options;
  const latency = options.latency ?? { min: options.latencyMs ?? 0, max: options.latencyMs ?? 0 };
  const extras: Extras = {
    errorRate: options.errorRate ?? 0,
    stateful: options.stateful,
    cors: options.cors ?? LOOPBACK_ONLY,
    hostAllowed: options.hostAllowed,
    random,
    readBodyFile: options.readBodyFile,
  };
  const finish = (request: Request, target: string, answer: Answer) => {
    if (!log) return answer.response;
    const entry: MockLogEntry = { method: request.method, target, status: answer.response.status };
    if (answer.file) entry.file = answer.file;
    if (answer.note) entry.note = answer.note;
    try {
      log(entry);
    } catch {
      // A log that cannot be written (stdout closed) must not break serving.
    }
    return answer.response;
  };
  const failed = (error: unknown): Answer => ({
    response: unservable("the mock", (error as Error).message),
    note: "error",
  });
  // Not async: without latency or state the response goes back without a promise in between.
  return function handleMockRequest(request) {
    const { origin, path, target } = splitUrl(request.url);
    const browserOrigin = request.headers.get("origin");
    const prefer = request.headers.get("prefer");
    const asked = prefer === null ? undefined : preferredDelay(prefer);
    const delay = asked ?? (latency.max > 0 ? pickDelay(latency, random) : 0);
    let answer: Answer | Promise<Answer>;
    try {
      answer = respond(request, currentTable(), { origin, path, browserOrigin, prefer }, extras);
    } catch (error) {
      answer = failed(error);
    }
    if (!(answer instanceof Promise)) {
      return complete(answer, request, target, browserOrigin, asked, delay);
    }
    return answer.catch(failed).then((settled) =>
      complete(settled, request, target, browserOrigin, asked, delay)
    );
  };

  /** CORS, the applied delay preference, the wait, and the log entry. */
  function complete(
    answer: Answer,
    request: Request,
    target: string,
    browserOrigin: string | null,
    asked: number | undefined,
    delay: number,
  ): Response | Promise<Response> {
    if (!answer.cors) addCorsHeaders(answer.response.headers, browserOrigin);
    if (asked !== undefined) answer.response.headers.append("preference-applied", `delay=${asked}`);
    if (delay <= 0) return finish(request, target, answer);
    return new Promise((resolve) => setTimeout(resolve, delay))
      .then(() => finish(request, target, answer));
  }
}

interface Extras {
  errorRate: number;
  stateful?: StatefulMock;
  cors: CorsPolicy;
  hostAllowed?: (host: string | null) => boolean;
  random: () => number;
  readBodyFile?: MockHandlerOptions["readBodyFile"];
}

interface RequestFacts {
  /** The mock's own origin, `{{baseUrl}}` in responses. */
  origin: string;
  path: string;
  /** The caller's Origin header (a browser on another origin), or null. */
  browserOrigin: string | null;
  prefer: string | null;
}

function respond(
  request: Request,
  table: RouteTable<MockRoute>,
  facts: RequestFacts,
  extras: Extras,
): Answer | Promise<Answer> {
  if (extras.hostAllowed) {
    // DNS rebinding: a page under its own name reaches 127.0.0.1 and reads (or fills) the mock.
    const host = request.headers.get("host");
    if (!extras.hostAllowed(host)) {
      return { response: foreignHost(host), note: "host not allowed", cors: true };
    }
  }
  if (facts.browserOrigin !== null && !originAllowed(extras.cors, facts.browserOrigin)) {
    // Before routing: a refused page's writes never reach the state, and it gets no CORS grant.
    return {
      response: originNotAllowed(facts.browserOrigin),
      note: "origin not allowed",
      cors: true,
    };
  }
  if (isPreflight(request)) {
    return { response: preflightResponse(request), note: "CORS preflight", cors: true };
  }
  const { path } = facts;
  if (extras.stateful && path === RESET_PATH) return reset(request, extras.stateful);
  const found = table.lookup(request.method, path);
  if (found.kind !== "found" && mayBeGraphql(table, request.method, path)) {
    return graphqlRequestPath(request, path).then((operation) => {
      const named = operation ? table.lookup("POST", operation) : undefined;
      if (named?.kind !== "found") {
        return { response: unknownOperation(path, operation), note: "unknown GraphQL operation" };
      }
      return respondWith(request, named.route, named.params, facts, extras, table);
    });
  }
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
  return respondWith(request, found.route, found.params, facts, extras, table);
}

/** The answer of a routed request. */
function respondWith(
  request: Request,
  route: MockRoute,
  params: Record<string, string>,
  facts: RequestFacts,
  extras: Extras,
  table: RouteTable<MockRoute>,
): Answer | Promise<Answer> {
  const preferred = facts.prefer === null ? undefined : preferredStatus(facts.prefer);
  // A preferred status is an explicit ask: it is neither faulted nor answered from state.
  if (preferred === undefined) {
    if (extras.errorRate > 0 && extras.random() < extras.errorRate) {
      const values = { ...route.spec.vars, baseUrl: facts.origin, ...params };
      const response = faultResponse(route, values, extras.random);
      return { response, file: route.file, note: "injected fault" };
    }
    const role = extras.stateful?.roleOf(table, route);
    if (role) {
      return extras.stateful!.answer({
        request,
        route,
        role,
        params,
        origin: facts.origin,
        path: facts.path,
      })
        .then((response) => ({ response, file: route.file, note: "state" }));
    }
  }
  const protocol = route.spec.protocol;
  if ((protocol === "sse" || protocol === "ws") && preferred === undefined) {
    const values = { ...route.spec.vars, baseUrl: facts.origin, ...params };
    const response = protocol === "ws" ? wsResponse(request, route.spec, values) : sseResponse(
      route.spec,
      values,
      corsHeaderList(facts.browserOrigin, []),
    );
    return { response, file: route.file, cors: true, note: protocol };
  }
  const block = pickResponseBlock(route.spec, preferred);
  if (!block) {
    const statuses = [route.spec.expected, ...route.spec.errorResponses].map((b) => b.status);
    return {
      response: undocumentedStatus(preferred!, route.file, [...new Set(statuses)]),
      file: route.file,
      note: "undocumented Prefer status",
    };
  }
  const unservableAnswer = (error: unknown): Answer => ({
    response: unservable(route.file, (error as Error).message),
    file: route.file,
  });
  try {
    const serving = { block: compileBlock(block), route, params, request, facts, preferred };
    if (serving.block.file !== undefined) {
      return serveFile(serving, extras.readBodyFile)
        .then((response) => ({ response, file: route.file, cors: true }), unservableAnswer);
    }
    return { response: serveBlock(serving), file: route.file, cors: true };
  } catch (error) {
    return unservableAnswer(error);
  }
}

/** One documented block to serve, for one request. */
interface Serving {
  block: CompiledBlock;
  route: MockRoute;
  params: Record<string, string>;
  request: Request;
  facts: RequestFacts;
  preferred: number | undefined;
}

/** A block whose body is a file: the file's bytes, read when asked (a reload is not needed). */
async function serveFile(
  serving: Serving,
  readBodyFile: MockHandlerOptions["readBodyFile"],
): Promise<Response> {
  const { block, route, params, facts } = serving;
  if (!readBodyFile) throw new Error(`the body file ${block.file} is not served here`);
  const values = { ...route.spec.vars, baseUrl: facts.origin, ...params };
  const path = block.templated ? fillTemplate(block.file!, values) : block.file!;
  const read = await readBodyFile(route, path);
  if (!read.ok) throw new Error(read.reason);
  return serveBlock(serving, read.bytes);
}

function serveBlock(
  { block, route, params, request, facts, preferred }: Serving,
  /** The body file's bytes, for a block whose body is a file. */
  bytes?: Uint8Array,
): Response {
  // Path parameters beat frontmatter vars; {{baseUrl}} is the mock itself.
  const { headers, body: text } = block.templated
    ? fillBlock(block, { ...route.spec.vars, baseUrl: facts.origin, ...params })
    : block;
  const body: string | Uint8Array<ArrayBuffer> = (bytes as Uint8Array<ArrayBuffer>) ?? text;
  let list: HeaderList;
  if (headers === block.headers && facts.browserOrigin === null && preferred === undefined) {
    list = block.anonymousHeaders;
  } else {
    list = [...headers];
    if (preferred !== undefined) list.push(["preference-applied", `code=${preferred}`]);
    list.push(...corsHeaderList(facts.browserOrigin, list.map(([name]) => name)));
  }
  if (NULL_BODY_STATUSES.has(block.status)) {
    return new Response(null, { status: block.status, headers: list });
  }
  if (request.method === "HEAD") {
    // The length the GET would send, as HEAD promises; the server sends no body.
    const length = typeof body === "string" ? encoder.encode(body).length : body.length;
    list = [...list, ["content-length", String(length)]];
    return new Response(null, { status: block.status, headers: list });
  }
  // No statusText: Deno.serve sends the standard reason phrase whatever it says.
  return new Response(body, { status: block.status, headers: list });
}

/** `POST /__apispec/reset`: every collection back to its seed. */
function reset(request: Request, stateful: StatefulMock): Answer {
  if (request.method !== "POST") {
    return { response: controlMethodNotAllowed(RESET_PATH, "POST"), note: "reset takes POST" };
  }
  const collections = stateful.reset();
  const response = new Response(JSON.stringify({ reset: true, collections }), {
    headers: { "content-type": "application/json" },
  });
  return { response, note: "state reset" };
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
