/**
 * The event-stream format (WHATWG HTML §9.2) through eventsource-parser, the
 * parser the OpenAI SDK uses: text chunks in, whole events out. Loaded only
 * for `protocol: sse` files.
 */
import { createParser } from "eventsource-parser";

export interface ParsedEvent {
  event?: string;
  id?: string;
  data: string;
}

/**
 * A feeder of text chunks (split anywhere) that calls `onEvent` once per
 * whole event.
 *
 * @example
 * ```ts
 * import { eventFeeder } from "./sse_parse.ts";
 * const events: unknown[] = [];
 * const feed = eventFeeder((e) => events.push(e));
 * feed("data: {\"n\"");
 * feed(": 1}\n\ndata: [DONE]\n\n");
 * events; // [{data: '{"n": 1}'}, {data: "[DONE]"}]
 * ```
 */
export function eventFeeder(onEvent: (event: ParsedEvent) => void): (chunk: string) => void {
  const parser = createParser({
    onEvent: (event) => {
      const out: ParsedEvent = { data: event.data };
      if (event.event !== undefined) out.event = event.event;
      if (event.id !== undefined) out.id = event.id;
      onEvent(out);
    },
  });
  return (chunk) => parser.feed(chunk);
}
