/**
 * The proxy as a `Request → Response` function. Every request is forwarded to
 * the target and its answer streamed back unchanged (status, end-to-end
 * headers, body). Once the body has passed, the exchange is matched to an
 * endpoint file by method and path template, compared as `exec` compares,
 * reported (masked) and, when no file documents it, recorded as a draft.
 * The proxy's own routes: `GET /__apispec/proxy`, `/__apispec/proxy/exchanges`
 * and `/__apispec/proxy/exchange?id=` (one exchange's request and response).
 */
import type { EndpointRoute, RouteTable } from "../engine/routes/route_table.ts";
import type { HttpMethod } from "../engine/model.ts";
import { compareExchange } from "../engine/proxy/compare_exchange.ts";
import { exchangeSecrets } from "../engine/proxy/exchange_secrets.ts";
import type { HeaderPairs } from "../engine/proxy/hop_by_hop.ts";
import { routeTemplate } from "../engine/proxy/route_template.ts";
import { deepMask } from "../engine/secrets/mask.ts";
import type { LiveExchange } from "../convert/from_exchange.ts";
import { loadSchemaMode } from "../ops/run/schema_mode.ts";
import { splitUrl } from "../mock/handler.ts";
import { bodyText } from "./decode.ts";
import { forward, type Forwarded } from "./forward.ts";
import { badGateway, loopDetected, proxyMethodNotAllowed } from "./problems.ts";
import type { ExchangeNote, ProxyReportEntry } from "./report_entry.ts";
import { DETAIL_BODY_LIMIT, type ExchangeDetail, ProxyStats } from "./stats.ts";
import { outgoingHeaders } from "./outgoing.ts";
import { CONTROL_PATH } from "./announce.ts";

/** Bytes of each body kept for comparing and recording; a longer body is forwarded, not compared. */
export const CAPTURE_LIMIT = 1024 * 1024;
/** Drafts one run writes at most: a client inventing paths cannot fill the disk. */
export const MAX_RECORDED_ROUTES = 1000;
/** Methods whose unseen routes are recorded as drafts. */
const RECORDED_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

export interface ProxyHandlerOptions {
  target: URL;
  currentTable: () => RouteTable<EndpointRoute>;
  /** Writes a draft for an unseen route; answers the file written, or undefined when it existed. */
  record?: (exchange: LiveExchange) => Promise<string | undefined>;
  /** Called once per exchange, after its body has passed, with the masked entry. */
  onExchange?: (entry: ProxyReportEntry, note: ExchangeNote) => void;
  /** Milliseconds the target may stay silent. */
  timeoutMs?: number;
  captureLimit?: number;
}

export interface ProxyHandler {
  (request: Request, info?: { remoteAddr: Deno.Addr }): Promise<Response>;
  stats: ProxyStats;
  /** Resolves once every exchange seen so far is compared, reported and recorded. */
  settled(): Promise<void>;
}

export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  const stats = new ProxyStats();
  const captureLimit = options.captureLimit ?? CAPTURE_LIMIT;
  // A token of this process in Via: a request that comes back with it is a loop.
  const via = `1.1 apispec-${crypto.randomUUID().slice(0, 8)}`;
  const recorded = new Set<string>();
  const pending = new Set<Promise<void>>();

  const handler = async function handleProxyRequest(request, info) {
    const started = performance.now();
    const timestamp = new Date().toISOString();
    const { path, target } = splitUrl(request.url);
    if (
      path === CONTROL_PATH || path === `${CONTROL_PATH}/exchanges` ||
      path === `${CONTROL_PATH}/exchange`
    ) {
      return control(request, path);
    }
    if ((request.headers.get("via") ?? "").includes(via)) {
      return loopDetected(options.target.origin);
    }

    const forwarded = await forward(request, {
      target: options.target,
      pathAndQuery: target,
      headers: outgoingHeaders(request, info, via),
      captureLimit,
      timeoutMs: options.timeoutMs ?? 30_000,
    });
    if ("failure" in forwarded) {
      const response = badGateway(options.target.origin, forwarded.failure);
      const entry: ProxyReportEntry = {
        timestamp,
        method: request.method,
        path,
        spec: lookupFile(options.currentTable(), request.method, path),
        status: response.status,
        passed: false,
        error_type: "NETWORK_ERROR",
        diff: null,
      };
      settle(entry, { durationMs: performance.now() - started, note: forwarded.failure.message });
      return response;
    }
    track(
      inspect(request, path, target, forwarded, timestamp, started).catch((error) => {
        // Still one line per exchange, even when comparing it failed.
        const entry = uncompared(timestamp, request.method, path, forwarded.status);
        const note = `not compared: ${(error as Error).message}`;
        settle(entry, { durationMs: performance.now() - started, note });
      }),
    );
    return forwarded.response;
  } as ProxyHandler;

  function settle(entry: ProxyReportEntry, note: ExchangeNote, detail?: ExchangeDetail) {
    stats.add(entry, note.recorded !== undefined, detail);
    try {
      options.onExchange?.(entry, note);
    } catch { /* a closed stderr must not stop the proxy */ }
  }

  function track(work: Promise<void>) {
    const done = work.catch(() => {}).finally(() => pending.delete(done));
    pending.add(done);
  }

  async function inspect(
    request: Request,
    path: string,
    target: string,
    forwarded: Forwarded,
    timestamp: string,
    started: number,
  ) {
    const [requestBody, responseBody] = await Promise.all([
      forwarded.requestBody,
      forwarded.responseBody,
    ]);
    const durationMs = performance.now() - started;
    const contentEncoding = header(forwarded.headers, "content-encoding");
    const decoded = bodyText(responseBody.bytes, contentEncoding, captureLimit);
    const requestText = new TextDecoder().decode(requestBody.bytes);
    const requestHeaders: HeaderPairs = [...request.headers];
    const query = target.includes("?") ? target.slice(target.indexOf("?") + 1) : "";
    const secrets = exchangeSecrets({
      requestHeaders,
      query,
      requestBody: requestText,
      responseHeaders: forwarded.headers,
      responseBody: decoded.text,
    });
    const response = {
      status: forwarded.status,
      reason: forwarded.reason,
      headers: forwarded.headers,
      body: decoded.text,
    };
    // Masked first, then cut: a cut must never leave half a secret readable.
    const masked = deepMask({
      request: { method: request.method, path, query, headers: requestHeaders, body: requestText },
      response,
    }, secrets) as Omit<ExchangeDetail, "truncated">;
    const cut = (text: string) =>
      text.length > DETAIL_BODY_LIMIT ? text.slice(0, DETAIL_BODY_LIMIT) : text;
    const detail: ExchangeDetail = {
      request: { ...masked.request, body: cut(masked.request.body) },
      response: masked.response && { ...masked.response, body: cut(masked.response.body) },
      truncated: masked.request.body.length > DETAIL_BODY_LIMIT ||
        (masked.response?.body.length ?? 0) > DETAIL_BODY_LIMIT,
    };
    const table = options.currentTable();
    const found = table.lookup(request.method, path);
    const base = uncompared(timestamp, request.method, path, forwarded.status);
    const note: ExchangeNote = { durationMs };
    if (found.kind === "found") {
      const { route } = found;
      const verdict = compareExchange(route, found.params, {
        method: request.method,
        url: request.url,
        response,
        bodyComplete: responseBody.complete && decoded.complete,
      }, {
        validateSchema: route.spec.match === "schema"
          ? (await loadSchemaMode(route.spec.schema?.value)).validateAgainstSchema
          : undefined,
      });
      if (!(responseBody.complete && decoded.complete)) note.note = "body not compared: too large";
      if (verdict.compared === "error response") note.note = "compared with the documented error";
      const entry = {
        ...base,
        spec: route.file,
        passed: verdict.passed,
        error_type: verdict.error_type,
        diff: verdict.diff,
      };
      settle(deepMask(entry, secrets) as ProxyReportEntry, note, detail);
      return;
    }
    if (options.record && forwarded.status >= 400) {
      note.note = `not recorded: the target answered ${forwarded.status}`;
    } else if (
      options.record && isRecordable(request.method) && requestBody.complete && decoded.complete
    ) {
      await recordUnseen(options.record, note, {
        method: request.method as HttpMethod,
        path,
        query,
        requestHeaders,
        requestBody: requestText,
        response,
      });
    }
    settle(deepMask(base, secrets) as ProxyReportEntry, note, detail);
  }

  /** A draft for a route not seen before in this run, within the run's limit. */
  async function recordUnseen(
    record: NonNullable<ProxyHandlerOptions["record"]>,
    note: ExchangeNote,
    seen: Omit<LiveExchange, "template" | "params"> & { path: string },
  ) {
    const template = routeTemplate(seen.path);
    const key = `${seen.method} ${template.path}`;
    if (recorded.has(key)) return;
    if (recorded.size >= MAX_RECORDED_ROUTES) {
      note.note = `not recorded: ${MAX_RECORDED_ROUTES} routes recorded in this run already`;
      return;
    }
    recorded.add(key);
    try {
      const written = await record({ ...seen, template: template.path, params: template.params });
      if (written) note.recorded = written;
      else note.note = `a draft for ${key} exists already`;
    } catch (error) {
      note.note = `not recorded: ${(error as Error).message}`;
    }
  }

  function control(request: Request, path: string): Response {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return proxyMethodNotAllowed(path);
    }
    let body: unknown;
    if (path === `${CONTROL_PATH}/exchange`) {
      const id = Number(new URL(request.url).searchParams.get("id"));
      body = Number.isInteger(id) ? stats.detail(id) : undefined;
      if (!body) {
        return new Response(
          JSON.stringify({ error: "no such exchange (only the latest are kept)" }),
          {
            status: 404,
            headers: { "content-type": "application/json", "cache-control": "no-store" },
          },
        );
      }
    } else body = path === CONTROL_PATH ? stats.counts : { exchanges: stats.recent() };
    return new Response(JSON.stringify(body), {
      headers: { "content-type": "application/json", "cache-control": "no-store" },
    });
  }

  handler.stats = stats;
  handler.settled = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  return handler;
}

/** OPTIONS (CORS preflights among them) and HEAD are never recorded. */
function isRecordable(method: string): boolean {
  return RECORDED_METHODS.has(method);
}

function lookupFile(table: RouteTable<EndpointRoute>, method: string, path: string): string | null {
  const found = table.lookup(method, path);
  return found.kind === "found" ? found.route.file : null;
}

function header(headers: HeaderPairs, name: string): string | undefined {
  return headers.find(([n]) => n.toLowerCase() === name)?.[1];
}

/** The report line of an exchange not (yet) compared with any endpoint file. */
function uncompared(
  timestamp: string,
  method: string,
  path: string,
  status: number,
): ProxyReportEntry {
  return {
    timestamp,
    method,
    path,
    spec: null,
    status,
    passed: null,
    error_type: null,
    diff: null,
  };
}
