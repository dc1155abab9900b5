/**
 * What streams add to a run's diff: the expected events against those
 * received, a WebSocket script's unmet expectations, and why a stream
 * stopped when that explains a missing event. Lines go to `diff.body`, so
 * every report shows them as it shows body differences.
 */
import type { Diff, EndpointSpec, ExpectedEvent, HttpResponse } from "../model.ts";
import { ignoreMatcher, summarise } from "../compare/body.ts";
import { compareEvents } from "./match.ts";

const STOPS: Record<string, (spec: EndpointSpec) => string> = {
  max_ms: (spec) => `the stream was cut at stream.max_ms (${spec.stream?.maxMs} ms)`,
  max_events: (spec) => `the stream was cut at stream.max_events (${spec.stream?.maxEvents})`,
  until: (spec) => `reading stopped at stream.until (${spec.stream?.until})`,
  end: () => "the server ended the stream",
};

/** The differences of an SSE answer's events with `## Expected events`. */
export function eventDifferences(
  spec: EndpointSpec,
  expected: ExpectedEvent[] | undefined,
  response: HttpResponse,
  stopped?: string,
): string[] {
  if (!expected || !response.events) return [];
  if (!response.events.length && !/event-stream/i.test(headerOf(response, "content-type"))) {
    return [
      `events: expected an event stream (text/event-stream), got ${
        headerOf(response, "content-type") || "no Content-Type"
      }`,
    ];
  }
  const lines = compareEvents(expected, response.events, {
    match: spec.match,
    ignored: ignoreMatcher(spec.ignore),
    exact: spec.stream?.exact ?? false,
  });
  if (lines.length > 0 && stopped && STOPS[stopped]) lines.push(`events: ${STOPS[stopped](spec)}`);
  return lines;
}

function headerOf(response: HttpResponse, name: string): string {
  return response.headers.find(([n]) => n === name)?.[1] ?? "";
}

/** The diff with more body lines; it fails when any line is added. */
export function withDifferences(diff: Diff, lines: string[]): Diff {
  if (lines.length === 0) return diff;
  const added = summarise(lines)!;
  return {
    ...diff,
    passed: false,
    body: diff.body ? `${diff.body}\n${added}` : added,
  };
}
