/**
 * The small path language shared by assertions, captures and ignore lists:
 * `body.items[0].id`, `headers.content-type`, `status`.
 */
import { maskThenCut } from "../secrets/mask.ts";

export type Segment = string | number;

/** `items[0].id` → `["items", 0, "id"]`. */
export function parseSegments(path: string): Segment[] {
  const segments: Segment[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|\.?([^.[\]]+)/g)) {
    segments.push(match[1] !== undefined ? Number(match[1]) : match[2]);
  }
  return segments;
}

/** Reads a nested value; `found` is false when any segment is absent. */
export function getPath(value: unknown, segments: Segment[]): { found: boolean; value?: unknown } {
  let current = value;
  for (const segment of segments) {
    if (typeof segment === "number") {
      if (!Array.isArray(current) || segment >= current.length) return { found: false };
      current = current[segment];
    } else {
      if (current === null || typeof current !== "object" || Array.isArray(current)) {
        return { found: false };
      }
      if (!Object.hasOwn(current, segment)) return { found: false };
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return { found: true, value: current };
}

/** Appends a key or index to a display path: `body` + `id` → `body.id`, + 3 → `body[3]`. */
export function childPath(path: string, key: Segment): string {
  return typeof key === "number"
    ? `${path}[${key}]`
    : /^[A-Za-z_$][\w$-]*$/.test(key)
    ? `${path}.${key}`
    : `${path}["${key}"]`;
}

/** The JSON type name used in diffs. */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * How deep JSON may nest before apispec stops reading it as JSON. Comparing,
 * masking and rendering walk values; a hostile body nested thousands deep
 * must end in a clear message, never a stack overflow.
 */
export const MAX_JSON_DEPTH = 256;

export type JsonParse =
  | { ok: true; value: unknown }
  | { ok: false; tooDeep?: true };

/**
 * Parses JSON, or `{ok: false}` when the text is not JSON; `tooDeep` when it
 * nests deeper than MAX_JSON_DEPTH.
 *
 * @example
 * ```ts
 * import { tryJson } from "./json_path.ts";
 * tryJson('{"a": [1]}'); // { ok: true, value: { a: [1] } }
 * tryJson("[".repeat(300) + "]".repeat(300)); // { ok: false, tooDeep: true }
 * ```
 */
export function tryJson(text: string): JsonParse {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { ok: false };
  }
  // Nesting deeper than the limit takes at least two characters per level.
  if (trimmed.length > MAX_JSON_DEPTH * 2 && nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    return { ok: false, tooDeep: true };
  }
  return { ok: true, value };
}

/** True when a parsed JSON value nests deeper than `limit`; walks with its own stack. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return false;
}

// Expected texts (bodies, events, messages) are compared again and again: in flows, data-driven
// runs and streams of thousands of events.
const expectedParses = new Map<string, JsonParse>();

/** `tryJson` of an expected text, parsed once per distinct text (the last 64 kept). */
export function expectedJson(text: string): JsonParse {
  let parsed = expectedParses.get(text);
  if (!parsed) {
    parsed = tryJson(text);
    if (expectedParses.size >= 64) expectedParses.delete(expectedParses.keys().next().value!);
    expectedParses.set(text, parsed);
  }
  return parsed;
}

const parsedBodies = new WeakMap<object, JsonParse>();

/**
 * A response's body as JSON, parsed once per response object: the comparison
 * and every assertion read the same parse (bodies can be large).
 */
export function responseJson(response: { body: string }): JsonParse {
  let parsed = parsedBodies.get(response);
  if (!parsed) {
    parsed = tryJson(response.body);
    parsedBodies.set(response, parsed);
  }
  return parsed;
}

/** Deep equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const keysA = Object.keys(a as object);
  const keysB = Object.keys(b as object);
  return keysA.length === keysB.length &&
    keysA.every((key) =>
      Object.hasOwn(b as object, key) && jsonEqual((a as never)[key], (b as never)[key])
    );
}

/**
 * Short JSON text of a value for messages: masked (the run's known secrets,
 * and anything shaped like one), then cut.
 */
export function preview(value: unknown, max = 60, secrets: readonly string[] = []): string {
  return value === undefined ? "missing" : maskThenCut(JSON.stringify(value), max, secrets);
}
