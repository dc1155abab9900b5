/**
 * The paths assertions and captures read from a stream: `events.count`,
 * `events[<n>].data.<path>`, `events.last.event`, `first_event_ms`,
 * `messages.count`, `messages[<n>].<path>`, `messages.last`. Event data and
 * messages holding JSON are read as JSON.
 */
import type { HttpResponse, StreamEvent, StreamMessage } from "../model.ts";
import { getPath, parseSegments, tryJson } from "../compare/json_path.ts";
import { eventType } from "./match.ts";

/** A path that names a stream's value (else it is no stream path). */
export const STREAM_PATH =
  /^(?:first_event_ms|(?:events|messages)(?:\.count|(?:\[\d+\]|\.last)(?:\[\d+\]|\.[^\s:[\]]+)*))$/;

export interface StreamSelected {
  found: boolean;
  value?: unknown;
  /** Why nothing was found, for captures. */
  reason?: string;
}

function parsed(data: string): unknown {
  const json = tryJson(data);
  return json.ok ? json.value : data;
}

/**
 * Selects a stream path's value from a response; undefined when `path` is
 * not a stream path.
 *
 * @example
 * ```ts
 * import { selectStream } from "./select.ts";
 * const response = { status: 200, reason: "", headers: [], body: "", events: [{ data: '{"n": 2}', ms: 5 }] };
 * selectStream("events[0].data.n", response); // { found: true, value: 2 }
 * selectStream("events.last.event", response); // { found: true, value: "message" }
 * ```
 */
export function selectStream(path: string, response: HttpResponse): StreamSelected | undefined {
  if (path === "first_event_ms") {
    return response.firstEventMs === undefined
      ? { found: false, reason: "no event was received" }
      : { found: true, value: response.firstEventMs };
  }
  const kind = path.startsWith("events") ? "events" : path.startsWith("messages") ? "messages" : "";
  if (!kind) return undefined;
  const list: (StreamEvent | StreamMessage)[] | undefined = kind === "events"
    ? response.events
    : response.messages;
  if (!list) {
    return {
      found: false,
      reason: `the response has no ${kind} (protocol ${kind === "events" ? "sse" : "ws"} only)`,
    };
  }
  const rest = path.slice(kind.length);
  if (rest === ".count") return { found: true, value: list.length };
  const index = /^\[(\d+)\]/.exec(rest);
  const at = index ? Number(index[1]) : list.length - 1;
  const tail = index ? rest.slice(index[0].length) : rest.slice(".last".length);
  if (at < 0 || at >= list.length) {
    return {
      found: false,
      reason: `${kind}${index ? index[0] : ".last"} is missing: ${list.length} received`,
    };
  }
  const item = list[at];
  const value = kind === "events"
    ? {
      event: eventType(item as StreamEvent),
      ...((item as StreamEvent).id !== undefined ? { id: (item as StreamEvent).id } : {}),
      data: parsed(item.data),
      ms: item.ms,
    }
    : parsed(item.data);
  if (tail === "") return { found: true, value };
  const selected = getPath(value, parseSegments(tail));
  return selected.found
    ? { found: true, value: selected.value }
    : { found: false, reason: `${path} is missing` };
}
