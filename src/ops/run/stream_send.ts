/**
 * Sends a `protocol: sse` or `protocol: ws` request: the event stream read
 * within `stream:` limits, or the `## Messages` script run over a WebSocket.
 * Each transport is loaded only for the files that use it (eventsource-parser
 * comes with the SSE reader).
 */
import type { EndpointSpec, ResolvedRequest } from "../../engine/model.ts";
import type { BuiltExchange } from "../../engine/resolve/build.ts";
import type { NetworkFailure } from "../../engine/diagnose/classify.ts";
import type { HttpResponse } from "../../engine/model.ts";
import { dataMatches, matchData, untilMatcher } from "../../engine/streams/match.ts";
import { ignoreMatcher } from "../../engine/compare/body.ts";
import { STREAM_DEFAULTS } from "../../engine/streams/options.ts";

export interface StreamSent {
  response?: HttpResponse;
  failure?: NetworkFailure;
  durationMs: number;
  /** Diff lines of the exchange itself (a WebSocket script's unmet expectations, why a stream stopped). */
  problems: string[];
  /** Why an event stream stopped reading. */
  stopped?: string;
}

/** Sends a stream request of `spec`; `timeoutMs` bounds the connection, `stream.max_ms` the rest. */
export async function sendStream(
  spec: EndpointSpec,
  built: BuiltExchange,
  request: ResolvedRequest,
  timeoutMs: number,
  how: {
    body?: BodyInit;
    /** The run's client (private CA, client certificate, proxy, unverified TLS). */
    client?: Deno.HttpClient;
    /** Ctrl-C: ends an event stream or a WebSocket script at once. */
    interrupt?: AbortSignal;
  } = {},
): Promise<StreamSent> {
  const { body, client, interrupt } = how;
  const stream = spec.stream ?? STREAM_DEFAULTS;
  if (spec.protocol === "ws") {
    const { runWsScript } = await import("../../adapters/ws.ts");
    const ignored = ignoreMatcher(spec.ignore);
    return await runWsScript(request.url, request.headers, built.messages ?? [], {
      timeoutMs,
      maxMs: stream.maxMs,
      maxMessages: stream.maxEvents,
      exact: stream.exact,
      ...(client ? { client } : {}),
      ...(interrupt ? { interrupt } : {}),
      matches: (expected, actual) => dataMatches(expected, actual, { match: spec.match, ignored }),
      differences: (expected, actual, index) =>
        matchData(expected, actual, `messages[${index}]`, { match: spec.match, ignored }),
    });
  }
  const { readEventStream } = await import("../../adapters/sse.ts");
  const sent = await readEventStream(request, {
    timeoutMs,
    maxEvents: stream.maxEvents,
    maxMs: stream.maxMs,
    ...(stream.until ? { until: untilMatcher(stream.until) } : {}),
    ...(body ? { body } : {}),
    ...(client ? { client } : {}),
    ...(interrupt ? { interrupt } : {}),
  });
  return { ...sent, problems: [] };
}
