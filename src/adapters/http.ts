/**
 * Sends one resolved request with Deno's fetch: a per-request timeout, no
 * redirect following (a documented 302 stays a 302), and failures sorted into
 * the kinds the diagnosis needs.
 */
import type { NetworkFailure } from "../engine/diagnose/classify.ts";
import type { BinaryBody, HttpResponse, ResolvedRequest } from "../engine/model.ts";
import { VERSION } from "../version.ts";
import { abortAfterOr } from "./deadlines.ts";
import { readBounded, readTextBounded } from "./bounded.ts";
import { sha256Hex } from "./digest.ts";

const USER_AGENT = `apispec/${VERSION}`;

export interface SendResult {
  response?: HttpResponse;
  failure?: NetworkFailure;
  durationMs: number;
  /** The body's bytes: for a binary answer, or always with `keepBytes`. */
  bytes?: Uint8Array;
}

export interface SendOptions {
  /** The body to send instead of `request.body`: a file's bytes or a multipart form. */
  body?: BodyInit;
  /** Keep the answer's bytes (an expected body compared byte for byte). */
  keepBytes?: boolean;
  /** A client from `Deno.createHttpClient` (private CA, client certificate, proxy). */
  client?: Deno.HttpClient;
  /** Ctrl-C: aborts the request at once, sending or reading (`interrupted`, not a network error). */
  interrupt?: AbortSignal;
}

/** What a request that Ctrl-C aborted reports. */
export const INTERRUPTED: NetworkFailure = {
  kind: "interrupted",
  message: "aborted by Ctrl-C before the answer came",
};

export async function sendRequest(
  request: ResolvedRequest,
  timeoutMs: number,
  options: SendOptions = {},
): Promise<SendResult> {
  const headers = request.headers.some(([name]) => name.toLowerCase() === "user-agent")
    ? request.headers
    : [...request.headers, ["user-agent", USER_AGENT] as [string, string]];
  const started = performance.now();
  // One shared timer for every request in flight, one listener for Ctrl-C (deadlines.ts): a
  // timer per request costs up to a quarter of a loopback request.
  const interrupt = options.interrupt;
  const deadline = abortAfterOr(timeoutMs, interrupt);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      body: options.body ?? request.body,
      redirect: "manual",
      signal: deadline.signal,
      ...(options.client ? { client: options.client } : {}),
    });
    // The timeout covers the body too: a server that stalls mid-body times out.
    const body = await readBody(response, options.keepBytes === true);
    if (body === undefined) {
      return {
        failure: {
          kind: "too_large",
          message: `the response body is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB`,
        },
        durationMs: Math.round(performance.now() - started),
      };
    }
    const binary = body.binary && await describeBinary(body.binary, response.headers);
    return {
      response: {
        status: response.status,
        reason: response.statusText,
        headers: [...response.headers],
        body: body.text ?? "",
        ...(binary ? { binary } : {}),
      },
      durationMs: Math.round(performance.now() - started),
      ...(body.bytes || body.binary ? { bytes: body.bytes ?? body.binary } : {}),
    };
  } catch (error) {
    return {
      failure: interrupt?.aborted ? INTERRUPTED : describeFailure(error),
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    deadline.done();
  }
}

/**
 * The most of a response body apispec reads: 64 MiB, as for files. An API
 * that sends more (a download, or one that never stops) is a failure, not a
 * process that runs out of memory.
 */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

type ReadBody = { text: string; bytes?: Uint8Array; binary?: undefined } | {
  text?: undefined;
  bytes?: undefined;
  binary: Uint8Array;
};

/**
 * The body as text, or as bytes when it is a binary answer (a declared media
 * type that is not text, or bytes that are not UTF-8); undefined past the
 * limit (read no further).
 */
async function readBody(response: Response, keepBytes: boolean): Promise<ReadBody | undefined> {
  const type = response.headers.get("content-type") ?? "";
  const textual = type !== "" && isTextType(type);
  if (textual && !keepBytes) {
    const text = await boundedText(response);
    return text === undefined ? undefined : { text };
  }
  const read = await boundedBytes(response);
  if (!read) return undefined;
  if (read.byteLength === 0) return { text: "", ...(keepBytes ? { bytes: read } : {}) };
  if (textual) {
    return { text: new TextDecoder().decode(read), ...(keepBytes ? { bytes: read } : {}) };
  }
  if (type === "") {
    try {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(read);
      return { text, ...(keepBytes ? { bytes: read } : {}) };
    } catch {
      return { binary: read };
    }
  }
  return { binary: read };
}

/** Media types read as text: `text/*`, JSON, XML, forms, JavaScript, YAML, GraphQL, CSV. */
export function isTextType(type: string): boolean {
  return /^\s*text\/|json|xml|javascript|ecmascript|x-www-form-urlencoded|yaml|graphql|csv|html/i
    .test(type);
}

async function describeBinary(bytes: Uint8Array, headers: Headers): Promise<BinaryBody> {
  return {
    bytes: bytes.byteLength,
    type: headers.get("content-type") ?? "",
    sha256: await sha256Hex(bytes),
  };
}

/** The body as text, or undefined past the limit (read no further). */
async function boundedText(response: Response): Promise<string | undefined> {
  const length = Number(response.headers.get("content-length") ?? NaN);
  // A declared length within the limit is all the server may send: the fast path.
  if (Number.isFinite(length) && length <= MAX_RESPONSE_BYTES) return await response.text();
  if (Number.isFinite(length)) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  return await readTextBounded(response.body, MAX_RESPONSE_BYTES);
}

/** The body's bytes, or undefined past the limit. */
async function boundedBytes(response: Response): Promise<Uint8Array | undefined> {
  const length = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(length) && length > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  const read = await readBounded(response.body, MAX_RESPONSE_BYTES);
  return read.ok ? read.bytes : undefined;
}

export function describeFailure(error: unknown): NetworkFailure {
  const name = (error as Error)?.name ?? "";
  // Deno's fetch says only "fetch failed"; the reason (refused, dns, ...) is in `cause`.
  const cause = (error as { cause?: unknown })?.cause;
  const message = [error, cause].filter(Boolean).map((e) => String((e as Error)?.message ?? e))
    .join(": ");
  if (name === "TimeoutError" || name === "AbortError") {
    return { kind: "timeout", message: "request timed out" };
  }
  if (/connection refused|os error 111|ECONNREFUSED/i.test(message)) {
    return { kind: "refused", message: "connection refused" };
  }
  if (/dns error|failed to lookup|name or service not known|ENOTFOUND/i.test(message)) {
    return { kind: "dns", message: "host not found" };
  }
  // The library's words stay: they name the cause (unknown issuer, expired, ...).
  if (/certificate|tls|ssl/i.test(message)) return { kind: "tls", message: withoutUrl(message) };
  if (/reset|broken pipe|connection closed|incomplete message/i.test(message)) {
    return { kind: "reset", message: "connection closed by the server" };
  }
  return { kind: "other", message: withoutUrl(message) };
}

function withoutUrl(message: string): string {
  return message.replace(/^(fetch failed: )?error sending request for url \([^)]*\):\s*/, "");
}
