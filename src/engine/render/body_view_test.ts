import { assertEquals } from "@std/assert";
import { bodyView, failingPaths, MAX_ROWS, prettyExpected } from "./body_view.ts";
import { compareResponse } from "../compare/compare.ts";
import type { MatchMode } from "../model.ts";

/** The rows of a real comparison: the diff comes from compareResponse, as a run makes it. */
function rowsOf(expected: string, actual: string, match: MatchMode, ignore: string[] = []) {
  const diff = compareResponse(
    { status: 200, reason: "OK", headers: [], body: expected, line: 1 },
    { status: 200, reason: "OK", headers: [], body: actual },
    { match, ignore },
  );
  const view = bodyView(expected, actual, { match, ignore, diffBody: diff.body })!;
  return view.rows.filter((r) => r.state !== "same").map((r) => `${r.path} ${r.state}`);
}

Deno.test("shape mode: the type mismatch fails, other values and extra keys are allowed", () => {
  assertEquals(
    rowsOf(
      '{"id": "1", "createdAt": "2026-01-01", "tags": ["a"]}',
      '{"id": 1, "createdAt": "2026-05-05", "tags": ["b", "c"], "extra": true}',
      "shape",
    ),
    [
      "body.id fail",
      "body.createdAt allowed",
      "body.tags[0] allowed",
      "body.tags[1] allowed",
      "body.extra allowed",
    ],
  );
});

Deno.test("shape mode: a missing key fails; a passing run shows only allowed rows", () => {
  assertEquals(rowsOf('{"id": 1, "name": "x"}', '{"id": 2}', "shape"), [
    "body.id allowed",
    "body.name fail",
  ]);
  assertEquals(rowsOf('{"id": 1}', '{"id": 2}', "shape"), ["body.id allowed"]);
});

Deno.test("shape mode: a later actual item failing against the first documented item fails", () => {
  assertEquals(
    rowsOf('{"items": [{"id": 1}]}', '{"items": [{"id": 1}, {"id": "2"}]}', "shape"),
    ["body.items[1] fail"],
  );
});

Deno.test("strict mode: every difference fails except ignored paths", () => {
  assertEquals(
    rowsOf(
      '{"id": 1, "at": "x", "meta": {"rev": 1}}',
      '{"id": 2, "at": "y", "meta": {"rev": 2}, "more": 1}',
      "strict",
      ["body.at", "body.meta"],
    ),
    ["body.id fail", "body.at allowed", "body.meta allowed", "body.more fail"],
  );
});

Deno.test("schema mode: only what the validator names fails", () => {
  const view = bodyView('{"id": 1, "name": "x"}', '{"id": 5}', {
    match: "schema",
    ignore: [],
    diffBody: "body: must have required property 'name'",
  })!;
  assertEquals(view.rows.filter((r) => r.state !== "same").map((r) => `${r.path} ${r.state}`), [
    "body.id allowed",
    "body.name fail",
  ]);
});

Deno.test("side lines are each body pretty-printed, commas where that side has a next item", () => {
  const view = bodyView('{"a": 1, "b": 2}', '{"a": 1}', {
    match: "strict",
    ignore: [],
    diffBody: null,
  })!;
  assertEquals(view.rows.flatMap((r) => r.expected), ["{", '  "a": 1,', '  "b": 2', "}"]);
  assertEquals(view.rows.flatMap((r) => r.actual), ["{", '  "a": 1', "}"]);
});

Deno.test("text bodies are a line diff; too many rows give no view", () => {
  const view = bodyView("a\nb", "a\nc", {
    match: "shape",
    ignore: [],
    diffBody: 'body: expected "b"',
  })!;
  assertEquals(view.json, false);
  assertEquals(view.rows.map((r) => r.state), ["same", "fail", "fail"]);
  const big = JSON.stringify(Array.from({ length: MAX_ROWS + 1 }, (_, i) => i));
  assertEquals(bodyView(big, big, { match: "strict", ignore: [], diffBody: null }), undefined);
});

Deno.test("failing paths are read from the record's diff lines", () => {
  assertEquals(
    failingPaths(
      'body.id: expected string, got number\nbody["a b"][0]: expected 1, got 2\n… and more differences',
    ),
    ["body.id", 'body["a b"][0]'],
  );
});

Deno.test("prettyExpected indents JSON with placeholders and leaves other text alone", () => {
  assertEquals(
    prettyExpected('{"id": {{userId}}, "name": "{{name}}", "n": [1]}'),
    '{\n  "id": {{userId}},\n  "name": "{{name}}",\n  "n": [\n    1\n  ]\n}',
  );
  assertEquals(prettyExpected("plain {{x}} text"), "plain {{x}} text");
});
