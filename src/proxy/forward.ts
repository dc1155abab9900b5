/**
 * Forwards one request to the target and streams the answer back, keeping a
 * bounded copy of both bodies for the comparison. `node:http` is the client
 * because it hands over the bytes as they came: `fetch` decompresses gzip and
 * brotli bodies yet keeps their `Content-Encoding`, so a proxy built on it
 * would change what it forwards. Both directions keep backpressure: a slow
 * client slows the read from the target, and nothing is buffered whole.
 */
import http from "node:http";
import https from "node:https";
import type { NetworkFailure, NetworkFailureKind } from "../engine/diagnose/classify.ts";
import { endToEndHeaders, type HeaderPairs } from "../engine/proxy/hop_by_hop.ts";

export interface Captured {
  bytes: Uint8Array;
  /** False when the body passed the capture limit (or the transfer broke off). */
  complete: boolean;
}

export interface Forwarded {
  status: number;
  reason: string;
  /** The target's end-to-end response headers, as forwarded. */
  headers: HeaderPairs;
  /** What the client receives. */
  response: Response;
  /** Resolves once the response body has been passed on (or the transfer ended early). */
  responseBody: Promise<Captured>;
  requestBody: Promise<Captured>;
}

export interface ForwardOptions {
  /** The target's origin and base path, e.g. `http://127.0.0.1:8080/api`. */
  target: URL;
  /** Path and query of the request, e.g. `/users/1?x=2`. */
  pathAndQuery: string;
  /** End-to-end request headers to send (hop-by-hop ones already removed, Via added). */
  headers: HeaderPairs;
  /** Bytes of each body kept for the comparison. */
  captureLimit: number;
  /** Milliseconds the target may stay silent before the exchange fails. */
  timeoutMs: number;
}

/**
 * Bytes all exchanges in flight may hold in captures together. Past it, a body
 * is still forwarded but not kept (nor compared): many large exchanges at once
 * cannot exhaust memory.
 */
export const CAPTURE_BUDGET = 64 * 1024 * 1024;
let budget = CAPTURE_BUDGET;

const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

export function forward(
  request: Request,
  options: ForwardOptions,
): Promise<Forwarded | { failure: NetworkFailure }> {
  const { target } = options;
  const secure = target.protocol === "https:";
  const base = target.pathname.replace(/\/+$/, "");
  const requestCapture = new Capture(options.captureLimit);
  // Resolves once the response has ended (or failed): the request body is then no longer needed.
  let endResponse!: () => void;
  const responseOver = new Promise<void>((resolve) => endResponse = resolve);
  return new Promise((resolve) => {
    let settled = false;
    const fail = (error: Error & { code?: string }) => {
      endResponse();
      if (settled) return;
      settled = true;
      resolve({ failure: { kind: failureKind(error), message: error.message } });
    };
    const outgoing = (secure ? https : http).request({
      protocol: target.protocol,
      hostname: target.hostname.replace(/^\[|\]$/g, ""),
      port: target.port || (secure ? 443 : 80),
      method: request.method,
      path: base + options.pathAndQuery,
      headers: toNodeHeaders(options.headers),
      agent: secure ? agents.https : agents.http,
    }, (incoming) => {
      // A hostile or broken target decides what arrives here: whatever cannot be passed on
      // (a status of 600, a header value a Response refuses) is a 502, never a crash.
      const status = incoming.statusCode ?? 0;
      if (status < 200 || status > 599) {
        incoming.destroy();
        fail(new Error(`the target answered with status ${status}, which HTTP does not define`));
        return;
      }
      const headers = endToEndHeaders(pairsOf(incoming.rawHeaders));
      let headerList: Headers;
      try {
        headerList = new Headers(headers);
      } catch (error) {
        incoming.destroy();
        fail(new Error(`the target's headers cannot be passed on: ${(error as Error).message}`));
        return;
      }
      settled = true;
      const responseCapture = new Capture(options.captureLimit);
      responseCapture.done.then(endResponse);
      const nullBody = request.method === "HEAD" || [204, 205, 304].includes(status);
      const body = nullBody ? null : streamOf(incoming, responseCapture);
      if (nullBody) incoming.resume().on("end", () => responseCapture.finish(true));
      resolve({
        status,
        reason: incoming.statusMessage ?? "",
        headers,
        response: new Response(body, { status, headers: headerList }),
        responseBody: responseCapture.done,
        requestBody: requestCapture.done,
      });
    });
    outgoing.setTimeout(options.timeoutMs, () => {
      outgoing.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), {
        code: "ETIMEDOUT",
      }));
    });
    outgoing.on("error", fail);
    pump(request.body, outgoing, requestCapture, responseOver).catch((error) =>
      outgoing.destroy(error)
    );
  });
}

/**
 * Copies the client's body to the target, waiting for `drain` when the socket
 * is full. It stops when `stop` resolves: a target that has answered in full
 * without reading the whole body (a 404, a 413) must not hold the exchange
 * open, nor the client's upload.
 */
async function pump(
  body: ReadableStream<Uint8Array> | null,
  outgoing: http.ClientRequest,
  capture: Capture,
  stop: Promise<void>,
): Promise<void> {
  if (!body) {
    capture.finish(true);
    outgoing.end();
    return;
  }
  const reader = body.getReader();
  let stopped = false;
  stop.then(() => {
    stopped = true;
    reader.cancel().catch(() => {});
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || stopped) break;
      capture.add(value);
      if (!outgoing.write(value)) await writable(outgoing, stop);
      if (stopped) break;
    }
    capture.finish(!stopped);
    // Unfinished, the request cannot leave its connection reusable: it goes with it.
    if (stopped) outgoing.destroy();
    else outgoing.end();
  } catch (error) {
    capture.finish(false);
    throw error;
  }
}

/** Resolves when the socket takes more, closes, or the exchange is over. */
function writable(outgoing: http.ClientRequest, stop: Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      outgoing.off("drain", done);
      outgoing.off("close", done);
      resolve();
    };
    outgoing.on("drain", done);
    outgoing.on("close", done);
    stop.then(done);
  });
}

/** The target's body as a web stream that reads on only as fast as the client takes it. */
function streamOf(incoming: http.IncomingMessage, capture: Capture): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      incoming.on("data", (chunk: Uint8Array) => {
        const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        capture.add(bytes);
        controller.enqueue(bytes);
        if ((controller.desiredSize ?? 1) <= 0) incoming.pause();
      });
      incoming.on("end", () => {
        capture.finish(true);
        controller.close();
      });
      incoming.on("error", (error) => {
        capture.finish(false);
        controller.error(error);
      });
      incoming.on("aborted", () => capture.finish(false));
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      capture.finish(false);
      incoming.destroy();
    },
  }, { highWaterMark: 8 });
}

/** A body's first `limit` bytes, and whether they are all of it. */
class Capture {
  #chunks: Uint8Array[] = [];
  #size = 0;
  #over = false;
  #finished = false;
  #resolve!: (captured: Captured) => void;
  readonly done = new Promise<Captured>((resolve) => this.#resolve = resolve);

  constructor(private readonly limit: number) {}

  add(chunk: Uint8Array): void {
    if (this.#over || this.#finished) return;
    if (this.#size + chunk.length > this.limit || chunk.length > budget) {
      this.#over = true;
      return;
    }
    budget -= chunk.length;
    this.#chunks.push(chunk.slice());
    this.#size += chunk.length;
  }

  finish(whole: boolean): void {
    if (this.#finished) return;
    this.#finished = true;
    const bytes = new Uint8Array(this.#size);
    let offset = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    this.#chunks = [];
    // The copy handed on is the caller's to drop; the budget is free again once it is made.
    budget += this.#size;
    this.#resolve({ bytes, complete: whole && !this.#over });
  }
}

/** Node's flat `[name, value, name, value]` list as pairs, repeats and case kept. */
function pairsOf(raw: string[]): HeaderPairs {
  const pairs: HeaderPairs = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  return pairs;
}

/** Repeated names become arrays, as `node:http` sends them as separate lines. */
function toNodeHeaders(pairs: HeaderPairs): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    const existing = out[key];
    out[key] = existing === undefined
      ? value
      : Array.isArray(existing)
      ? [...existing, value]
      : [existing, value];
  }
  return out;
}

function failureKind(error: Error & { code?: string }): NetworkFailureKind {
  switch (error.code) {
    case "ECONNREFUSED":
      return "refused";
    case "ETIMEDOUT":
      return "timeout";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "dns";
    case "ECONNRESET":
    case "EPIPE":
      return "reset";
    default:
      return /certificate|SSL|TLS/i.test(error.message) ? "tls" : "other";
  }
}
