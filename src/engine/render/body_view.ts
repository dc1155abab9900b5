/**
 * The documented body against the actual one as the comparison saw it, for
 * the UI's result view (unified or side by side): both bodies pretty-printed
 * and aligned node by node, each row marked `fail` (a difference that fails
 * the run), `allowed` (a difference the match mode accepts: shape mode's
 * other values, extra keys and items, ignored paths in strict mode, the
 * example's values in schema mode) or `same`.
 */
import { childPath, jsonType, tryJson } from "../compare/json_path.ts";
import { ignoreMatcher } from "../compare/body.ts";
import type { MatchMode } from "../model.ts";
import { lineDiff } from "./line_diff.ts";

export type RowState = "same" | "fail" | "allowed";

export interface ViewRow {
  /** The JSON path of the node (`body.items[0].id`); `body` for text lines. */
  path: string;
  state: RowState;
  /** Why an `allowed` row passes, in words. */
  reason?: string;
  /** The row's lines on each side; none where that side has no such node. */
  expected: string[];
  actual: string[];
}

export interface BodyView {
  rows: ViewRow[];
  /** Whether both bodies were JSON (else the rows are a line diff of the texts). */
  json: boolean;
}

/** Rows past this are not drawn: the record's own diff still lists the failures. */
export const MAX_ROWS = 4000;

const FAILING_PATH = /^(body(?:\.[A-Za-z_$][\w$-]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])*)[: ]/;
const REQUIRED = /must have required property '([^']+)'/;

/**
 * The paths the record's `diff.body` names (`body.id: expected string, got
 * number`); a schema error about a required property names the property.
 */
export function failingPaths(diffBody: string | null): string[] {
  if (!diffBody) return [];
  const paths: string[] = [];
  for (const line of diffBody.split("\n")) {
    const match = FAILING_PATH.exec(line);
    if (!match) continue;
    const required = REQUIRED.exec(line);
    paths.push(required ? childPath(match[1], required[1]) : match[1]);
  }
  return paths;
}

type Side = { present: false } | { present: true; value: unknown };

const ABSENT: Side = { present: false };

interface Walk {
  rows: ViewRow[];
  failing: string[];
  match: MatchMode;
  ignored: (path: string) => boolean;
  overflow: boolean;
}

/**
 * The aligned rows of two bodies, or undefined when they are too large to
 * draw (more than `MAX_ROWS` rows).
 *
 * @example
 * ```ts
 * import { bodyView } from "./body_view.ts";
 * const view = bodyView('{"id": "1", "at": "x"}', '{"id": 1, "at": "y"}', {
 *   match: "shape",
 *   ignore: [],
 *   diffBody: "body.id: expected string, got number",
 * })!;
 * view.rows.map((r) => `${r.path} ${r.state}`); // ["body same", "body.id fail", "body.at allowed", "body same"]
 * ```
 */
export function bodyView(
  expected: string,
  actual: string,
  options: { match: MatchMode; ignore: string[]; diffBody: string | null },
): BodyView | undefined {
  const failing = failingPaths(options.diffBody);
  const want = tryJson(expected);
  const got = tryJson(actual);
  if (!want.ok || !got.ok) return textView(expected, actual, options, want.ok || got.ok);
  const walk: Walk = {
    rows: [],
    failing,
    match: options.match,
    ignored: ignoreMatcher(options.ignore),
    overflow: false,
  };
  node(
    walk,
    { present: true, value: want.value },
    { present: true, value: got.value },
    "body",
    0,
    "",
    { expected: true, actual: true },
    { arrayItem: false, beyondFirst: false },
  );
  return walk.overflow ? undefined : { rows: walk.rows, json: true };
}

/** Bodies that are not both JSON: a line diff; with one JSON and one not, one failing row. */
function textView(
  expected: string,
  actual: string,
  options: { diffBody: string | null },
  oneIsJson: boolean,
): BodyView | undefined {
  const lines = (text: string) => text === "" ? [] : text.split("\n");
  if (oneIsJson && expected.trim() !== "") {
    return {
      json: false,
      rows: [{ path: "body", state: "fail", expected: lines(expected), actual: lines(actual) }],
    };
  }
  const diff = lineDiff(expected, actual);
  if (!diff || diff.length > MAX_ROWS) return undefined;
  // Text bodies match when equal but for trailing whitespace: other differences fail.
  const state: RowState = options.diffBody ? "fail" : "allowed";
  return {
    json: false,
    rows: diff.map((line) => ({
      path: "body",
      state: line.op === " " ? "same" : state,
      ...(line.op !== " " && state === "allowed" ? { reason: "trailing whitespace" } : {}),
      expected: line.op === "+" ? [] : [line.text],
      actual: line.op === "-" ? [] : [line.text],
    })),
  };
}

function isFailing(walk: Walk, path: string, subtree: boolean): boolean {
  return walk.failing.some((p) =>
    p === path || (subtree && (p.startsWith(`${path}.`) || p.startsWith(`${path}[`)))
  );
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return value !== null && typeof value === "object";
}

function push(walk: Walk, row: ViewRow): void {
  if (walk.rows.length >= MAX_ROWS) walk.overflow = true;
  else walk.rows.push(row);
}

/** A value's lines at an indentation, after a key label and before a comma. */
function valueLines(value: unknown, depth: number, label: string, comma: boolean): string[] {
  const indent = "  ".repeat(depth);
  const text = JSON.stringify(value, null, 2) ?? "null";
  const lines = text.split("\n").map((
    line,
    i,
  ) => (i === 0 ? `${indent}${label}${line}` : indent + line));
  if (comma) lines[lines.length - 1] += ",";
  return lines;
}

function node(
  walk: Walk,
  e: Side,
  a: Side,
  path: string,
  depth: number,
  label: string,
  last: { expected: boolean; actual: boolean },
  place: { arrayItem: boolean; beyondFirst: boolean },
): void {
  if (walk.overflow) return;
  const bothPresent = e.present && a.present;
  if (
    bothPresent && isContainer(e.value) && isContainer(a.value) &&
    Array.isArray(e.value) === Array.isArray(a.value) &&
    !(walk.match === "strict" && walk.ignored(path))
  ) {
    container(walk, e.value, a.value, path, depth, label, last, place);
    return;
  }
  const expectedLines = e.present ? valueLines(e.value, depth, label, !last.expected) : [];
  const actualLines = a.present ? valueLines(a.value, depth, label, !last.actual) : [];
  if (bothPresent && JSON.stringify(e.value) === JSON.stringify(a.value)) {
    push(walk, { path, state: "same", expected: expectedLines, actual: actualLines });
    return;
  }
  const reason = isFailing(walk, path, true) ? undefined : allowedReason(walk, e, a, path, place);
  push(walk, {
    path,
    state: reason ? "allowed" : "fail",
    ...(reason ? { reason } : {}),
    expected: expectedLines,
    actual: actualLines,
  });
}

function container(
  walk: Walk,
  e: Record<string, unknown> | unknown[],
  a: Record<string, unknown> | unknown[],
  path: string,
  depth: number,
  label: string,
  last: { expected: boolean; actual: boolean },
  place: { arrayItem: boolean; beyondFirst: boolean },
): void {
  const indent = "  ".repeat(depth);
  const [open, close] = Array.isArray(e) ? ["[", "]"] : ["{", "}"];
  const own = isFailing(walk, path, false) ? "fail" : "same";
  const keys = Array.isArray(e)
    ? Array.from({ length: Math.max(e.length, (a as unknown[]).length) }, (_, i) => i)
    : [...Object.keys(e), ...Object.keys(a).filter((k) => !Object.hasOwn(e, k))];
  const side = (v: Record<string, unknown> | unknown[], key: string | number): Side =>
    Array.isArray(v)
      ? (key as number) < v.length ? { present: true, value: v[key as number] } : ABSENT
      : Object.hasOwn(v, key)
      ? { present: true, value: v[key as string] }
      : ABSENT;
  const count = (v: Record<string, unknown> | unknown[]) =>
    Array.isArray(v) ? v.length : Object.keys(v).length;
  if (keys.length === 0) {
    push(walk, {
      path,
      state: own,
      expected: [`${indent}${label}${open}${close}${last.expected ? "" : ","}`],
      actual: [`${indent}${label}${open}${close}${last.actual ? "" : ","}`],
    });
    return;
  }
  push(walk, {
    path,
    state: own,
    expected: [`${indent}${label}${open}`],
    actual: [`${indent}${label}${open}`],
  });
  // Position of each key among the keys a side has, for its commas.
  let seenExpected = 0;
  let seenActual = 0;
  for (const key of keys) {
    const es = side(e, key);
    const as = side(a, key);
    if (es.present) seenExpected++;
    if (as.present) seenActual++;
    node(
      walk,
      es,
      as,
      childPath(path, key),
      depth + 1,
      typeof key === "number" ? "" : `${JSON.stringify(key)}: `,
      { expected: seenExpected === count(e), actual: seenActual === count(a) },
      {
        arrayItem: typeof key === "number",
        beyondFirst: place.beyondFirst || (typeof key === "number" && key > 0),
      },
    );
  }
  push(walk, {
    path,
    state: own,
    expected: [`${indent}${close}${last.expected ? "" : ","}`],
    actual: [`${indent}${close}${last.actual ? "" : ","}`],
  });
}

/** Why the match mode accepts a difference the record does not name, or undefined when it fails. */
function allowedReason(
  walk: Walk,
  e: Side,
  a: Side,
  path: string,
  place: { arrayItem: boolean; beyondFirst: boolean },
): string | undefined {
  if (walk.match === "schema") return "schema mode: the documented body is an example";
  if (walk.ignored(path)) return "ignored";
  if (walk.match === "strict") return undefined;
  // Shape mode: types are compared, and every actual item against the first documented one.
  if (!e.present) {
    return place.arrayItem
      ? "shape mode: extra items are allowed"
      : "shape mode: extra keys are allowed";
  }
  if (place.beyondFirst) return "shape mode: items are compared with the first documented item";
  if (!a.present) return undefined;
  if (jsonType(e.value) === jsonType(a.value)) return "shape mode: same type, other value";
  return undefined;
}

/**
 * A documented body for reading: JSON pretty-printed, `{{placeholders}}`
 * outside strings included (`{"id": {{userId}}}`); anything else as written.
 *
 * @example
 * ```ts
 * import { prettyExpected } from "./body_view.ts";
 * prettyExpected('{"id": {{userId}}, "name": "{{name}}"}');
 * // '{\n  "id": {{userId}},\n  "name": "{{name}}"\n}'
 * ```
 */
export function prettyExpected(body: string): string {
  const holes: string[] = [];
  let text = "";
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      text += c;
      if (c === "\\") text += body[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      text += c;
    } else if (c === "{" && body[i + 1] === "{") {
      const end = body.indexOf("}}", i + 2);
      if (end < 0) return body;
      holes.push(body.slice(i, end + 2));
      text += `"\\u0000${holes.length - 1}\\u0000"`;
      i = end + 1;
    } else text += c;
  }
  const parsed = tryJson(text);
  if (!parsed.ok) return body;
  return JSON.stringify(parsed.value, null, 2).replace(
    /"\\u0000(\d+)\\u0000"/g,
    (_, n) => holes[Number(n)],
  );
}
