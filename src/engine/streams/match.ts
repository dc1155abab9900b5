/**
 * Matching what a stream sent against what a file expects: one event or
 * message (JSON by the file's match mode, text exactly), and the expected
 * events in order, with other events allowed between them unless `exact`.
 */
import type { ExpectedEvent, MatchMode, StreamEvent } from "../model.ts";
import { compareShape, compareStrict, MAX_DIFFERENCES } from "../compare/body.ts";
import { expectedJson, tryJson } from "../compare/json_path.ts";

export interface MatchOptions {
  match: MatchMode;
  /** `response.ignore` (strict mode); `body.x` paths apply to `data.x`. */
  ignored?: (path: string) => boolean;
}

/**
 * The differences between expected and actual data: JSON by the match mode
 * (`schema` compares shapes), other text exactly. `path` names the value in
 * messages (`data`, `messages[2]`).
 *
 * @example
 * ```ts
 * import { matchData } from "./match.ts";
 * matchData('{"n": 1}', '{"n": "x"}', "data", { match: "shape" }); // ["data.n: expected number, got string"]
 * matchData("[DONE]", "[DONE]", "data", { match: "shape" }); // []
 * ```
 */
export function matchData(
  expected: string,
  actual: string,
  path: string,
  options: MatchOptions,
): string[] {
  const want = expectedJson(expected);
  if (!want.ok) {
    return expected === actual
      ? []
      : [`${path}: expected ${quote(expected)}, got ${quote(actual)}`];
  }
  const got = tryJson(actual);
  if (!got.ok) return [`${path}: expected JSON, got ${quote(actual)}`];
  if (options.match === "strict") {
    const ignored = options.ignored ?? (() => false);
    return compareStrict(
      want.value,
      got.value,
      (p) => ignored(p.replace(/^[^.[]+/, "body")),
      path,
    );
  }
  return compareShape(want.value, got.value, path);
}

/**
 * `matchData(...).length === 0` without writing any message: a stream skips
 * thousands of events or messages on its way to the expected one.
 */
export function dataMatches(expected: string, actual: string, options: MatchOptions): boolean {
  if (expected === actual) return true;
  const want = expectedJson(expected);
  if (!want.ok) return false;
  const got = tryJson(actual);
  if (!got.ok) return false;
  if (options.match === "strict") return matchData(expected, actual, "data", options).length === 0;
  return sameShape(want.value, got.value);
}

/** `compareShape(a, b).length === 0`, as a yes or no. */
function sameShape(expected: unknown, actual: unknown): boolean {
  if (expected === null || actual === null) return expected === actual;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    return expected.length === 0 || actual.every((item) => sameShape(expected[0], item));
  }
  if (typeof expected !== typeof actual || Array.isArray(actual)) return false;
  if (typeof expected !== "object") return true;
  const object = actual as Record<string, unknown>;
  for (const [key, value] of Object.entries(expected as Record<string, unknown>)) {
    if (!Object.hasOwn(object, key) || !sameShape(value, object[key])) return false;
  }
  return true;
}

function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? text.slice(0, 79) + "…" : text);
}

/** An SSE event's type: `message` when the stream names none. */
export function eventType(event: { event?: string }): string {
  return event.event === undefined || event.event === "" ? "message" : event.event;
}

/** The differences between one expected event and one received. */
export function eventDifferences(
  expected: ExpectedEvent,
  actual: StreamEvent,
  path: string,
  options: MatchOptions,
): string[] {
  const out: string[] = [];
  if (expected.event !== undefined && expected.event !== eventType(actual)) {
    out.push(`${path}.event: expected ${quote(expected.event)}, got ${quote(eventType(actual))}`);
  }
  if (expected.id !== undefined && expected.id !== (actual.id ?? "")) {
    out.push(`${path}.id: expected ${quote(expected.id)}, got ${quote(actual.id ?? "")}`);
  }
  return [...out, ...matchData(expected.data, actual.data, `${path}.data`, options)];
}

/** `eventDifferences(...).length === 0`, without writing messages. */
export function eventMatches(
  expected: ExpectedEvent,
  actual: StreamEvent,
  options: MatchOptions,
): boolean {
  return (expected.event === undefined || expected.event === eventType(actual)) &&
    (expected.id === undefined || expected.id === (actual.id ?? "")) &&
    dataMatches(expected.data, actual.data, options);
}

/** How an expected event reads in a message: `event: delta, data: {"text":"Hel"}`. */
export function describeEvent(expected: ExpectedEvent): string {
  const parts = [
    ...(expected.event !== undefined ? [`event: ${expected.event}`] : []),
    ...(expected.id !== undefined ? [`id: ${expected.id}`] : []),
    `data: ${dataPreview(expected.data)}`,
  ];
  return parts.join(", ");
}

/**
 * The expected events against those received: each expected event must come,
 * in order; others may come between them unless `exact`, which asks for the
 * listed events and no other.
 */
export function compareEvents(
  expected: ExpectedEvent[],
  actual: StreamEvent[],
  options: MatchOptions & { exact: boolean },
): string[] {
  const out: string[] = [];
  if (options.exact) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (out.length > MAX_DIFFERENCES) break;
      if (i >= actual.length) {
        out.push(
          `events[${i}]: expected ${describeEvent(expected[i])} (line ${
            expected[i].line
          }), got no event`,
        );
      } else if (i >= expected.length) {
        out.push(
          `events[${i}]: unexpected event (stream.exact is true): ${describeActual(actual[i])}`,
        );
      } else out.push(...eventDifferences(expected[i], actual[i], `events[${i}]`, options));
    }
    return out;
  }
  let next = 0;
  for (const want of expected) {
    if (out.length > MAX_DIFFERENCES) break;
    let found = -1;
    for (let j = next; j < actual.length; j++) {
      if (eventMatches(want, actual[j], options)) {
        found = j;
        break;
      }
    }
    if (found >= 0) {
      next = found + 1;
      continue;
    }
    const after = next === 0 ? "" : ` after events[${next - 1}]`;
    // The nearest event of the same type says most about why none matched.
    let near = next;
    if (want.event !== undefined) {
      const sameType = actual.findIndex((e, j) => j >= next && eventType(e) === want.event);
      if (sameType >= 0) near = sameType;
    }
    const closest = near < actual.length
      ? `; events[${near}] differs: ${
        eventDifferences(want, actual[near], `events[${near}]`, options)[0]
      }`
      : `; ${actual.length} event${actual.length === 1 ? "" : "s"} received`;
    out.push(
      `events: expected ${describeEvent(want)} (line ${want.line})${after}, not received${closest}`,
    );
  }
  return out;
}

function describeActual(event: StreamEvent): string {
  return `${event.event ? `event: ${event.event}, ` : ""}data: ${dataPreview(event.data)}`;
}

/** An event's data on one line as written (not JSON-escaped: it is already text), cut at 60. */
function dataPreview(data: string): string {
  const line = data.replaceAll("\n", "\\n");
  return line.length > 60 ? line.slice(0, 59) + "…" : line;
}

/**
 * The test behind `stream.until`: `data: [DONE]`, `event: done` or `id: 9`
 * compare that field; text without a field compares the data.
 *
 * @example
 * ```ts
 * import { untilMatcher } from "./match.ts";
 * untilMatcher("data: [DONE]")({ data: "[DONE]", ms: 3 }); // true
 * untilMatcher("event: end")({ event: "end", data: "", ms: 3 }); // true
 * ```
 */
export function untilMatcher(until: string): (event: StreamEvent) => boolean {
  const field = /^(event|id|data):\s?(.*)$/.exec(until);
  if (!field) return (event) => event.data === until;
  const value = field[2];
  if (field[1] === "event") return (event) => eventType(event) === value;
  if (field[1] === "id") return (event) => (event.id ?? "") === value;
  return (event) => event.data === value;
}
