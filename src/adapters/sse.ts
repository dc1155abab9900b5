/**
 * Reads a server-sent event stream (`protocol: sse`): the request is sent as
 * any other (GET, or POST with a body as streaming LLM APIs take), then the
 * answer is read event by event until the stream ends, an event matches
 * `stream.until`, `max_events` events came, `max_ms` passed, or the stream
 * grows past the byte limit. An endless stream always stops. An answer that is
 * not `text/event-stream` (a 401 with a JSON error) is read as a plain answer.
 */
import type { HttpResponse, ResolvedRequest, StreamEvent } from "../engine/model.ts";
import { eventFeeder } from "../engine/streams/sse_parse.ts";
import { VERSION } from "../version.ts";
import { readTextBounded } from "./bounded.ts";
import { describeFailure, INTERRUPTED, MAX_RESPONSE_BYTES, type SendResult } from "./http.ts";

export type StreamStop = "end" | "until" | "max_events" | "max_ms";

export interface SseOptions {
  /** Until the answer's headers arrive. */
  timeoutMs: number;
  maxEvents: number;
  /** The whole exchange, from sending. */
  maxMs: number;
  until?: (event: StreamEvent) => boolean;
  body?: BodyInit;
  /** The most bytes read from the stream. */
  maxBytes?: number;
  /** A client from `Deno.createHttpClient` (private CA, client certificate, proxy). */
  client?: Deno.HttpClient;
  /** Ctrl-C: ends the exchange at once, reported as interrupted. */
  interrupt?: AbortSignal;
}

export interface SseResult extends SendResult {
  stopped?: StreamStop;
}

/** Sends the request and reads its event stream within the limits. */
export async function readEventStream(
  request: ResolvedRequest,
  options: SseOptions,
): Promise<SseResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const headers = new Headers(request.headers);
  if (!headers.has("accept")) headers.set("accept", "text/event-stream");
  if (!headers.has("user-agent")) headers.set("user-agent", `apispec/${VERSION}`);
  // Timers through AbortSignal.timeout, whose timer holds the process only while listened to
  // (Deno's setTimeout is Node's: its first use costs a cold start); both are let go at the end.
  const stop = new AbortController();
  let headersIn = false;
  let limitHit = false;
  const limit = AbortSignal.timeout(options.maxMs);
  const firstByte = AbortSignal.timeout(Math.min(options.timeoutMs, options.maxMs));
  const onLimit = () => {
    limitHit = true;
    stop.abort(new DOMException("the stream's time limit passed", "TimeoutError"));
  };
  const onFirstByte = () => {
    if (!headersIn) stop.abort(new DOMException("request timed out", "TimeoutError"));
  };
  const interrupt = options.interrupt;
  const onInterrupt = () => stop.abort(interrupt?.reason);
  limit.addEventListener("abort", onLimit);
  firstByte.addEventListener("abort", onFirstByte);
  if (interrupt?.aborted) onInterrupt();
  interrupt?.addEventListener("abort", onInterrupt);
  const release = () => {
    limit.removeEventListener("abort", onLimit);
    firstByte.removeEventListener("abort", onFirstByte);
    interrupt?.removeEventListener("abort", onInterrupt);
  };
  const failed = (error: unknown) => interrupt?.aborted ? INTERRUPTED : describeFailure(error);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body: options.body ?? request.body,
      redirect: "manual",
      signal: stop.signal,
      ...(options.client ? { client: options.client } : {}),
    });
  } catch (error) {
    release();
    return { failure: failed(error), durationMs: elapsed() };
  }
  headersIn = true;
  firstByte.removeEventListener("abort", onFirstByte);
  const base: Omit<HttpResponse, "body"> = {
    status: response.status,
    reason: response.statusText,
    headers: [...response.headers],
  };
  if (!/^\s*text\/event-stream\b/i.test(response.headers.get("content-type") ?? "")) {
    // Not a stream (an error answer, a misconfigured route): compared as a plain answer.
    const body = await readTextBounded(response.body, MAX_RESPONSE_BYTES).catch(() => "");
    release();
    return { response: { ...base, body: body ?? "", events: [] }, durationMs: elapsed() };
  }
  const events: StreamEvent[] = [];
  let stopped: StreamStop | undefined;
  let firstEventMs: number | undefined;
  // Events are timed by the chunk that completed them: one clock read per chunk, not per event.
  let chunkMs = 0;
  const feed = eventFeeder((parsed) => {
    if (stopped) return;
    firstEventMs ??= chunkMs;
    const event = parsed as StreamEvent;
    event.ms = chunkMs;
    events.push(event);
    if (options.until?.(event)) stopped = "until";
    else if (events.length >= options.maxEvents) stopped = "max_events";
  });
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  let bytes = 0;
  let tooLarge = false;
  try {
    while (!stopped) {
      const next = await reader.read();
      chunkMs = elapsed();
      if (next.done) {
        feed(decoder.decode());
        stopped ??= "end";
        break;
      }
      bytes += next.value.byteLength;
      if (bytes > maxBytes) {
        tooLarge = true;
        break;
      }
      feed(decoder.decode(next.value, { stream: true }));
    }
  } catch (error) {
    // The `max_ms` limit ends an endless stream: what came is the answer.
    if (limitHit) stopped ??= "max_ms";
    else return { failure: failed(error), durationMs: elapsed() };
  } finally {
    release();
    await reader.cancel().catch(() => {});
    stop.abort();
  }
  if (tooLarge) {
    return {
      failure: {
        kind: "too_large",
        message: `the event stream sent more than ${maxBytes / 1024 / 1024} MiB`,
      },
      durationMs: elapsed(),
    };
  }
  return {
    response: {
      ...base,
      body: "",
      events,
      ...(firstEventMs !== undefined ? { firstEventMs } : {}),
    },
    durationMs: elapsed(),
    stopped,
  };
}
