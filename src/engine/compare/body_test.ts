import { assertEquals } from "@std/assert";
import { compareShape, compareStrict, compareText, ignoreMatcher, summarise } from "./body.ts";
import { MAX_JSON_DEPTH, tryJson } from "./json_path.ts";

Deno.test("compareShape() checks keys and JSON types recursively, allowing extra keys", () => {
  assertEquals(
    compareShape({ id: 1, name: "a", tags: ["x"], meta: { ok: true } }, {
      id: 9,
      name: "b",
      tags: [],
      meta: { ok: false },
      extra: 1,
    }),
    [],
  );
  assertEquals(compareShape({ id: 1, meta: { ok: true } }, { id: "1", meta: {} }), [
    "body.id: expected number, got string",
    "body.meta.ok: expected boolean, got missing",
  ]);
});

Deno.test("compareShape() matches every actual array item against the first expected item", () => {
  const expected = { items: [{ id: 1 }] };
  const actual = { items: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: "4" }] };
  assertEquals(compareShape(expected, actual), ["body.items[3].id: expected number, got string"]);
  assertEquals(compareShape({ items: [] }, { items: [1, "a", null] }), []);
  assertEquals(compareShape([{ a: 1 }], { a: 1 }), ["body: expected array, got object"]);
});

Deno.test("compareShape() lets null match only null", () => {
  assertEquals(compareShape({ a: null }, { a: null }), []);
  assertEquals(compareShape({ a: null }, { a: 1 }), ["body.a: expected null, got number"]);
  assertEquals(compareShape({ a: 1 }, { a: null }), ["body.a: expected number, got null"]);
});

Deno.test("compareStrict() wants equal values except ignored paths, with [*] wildcards", () => {
  const ignored = ignoreMatcher(["body.at", "body.items[*].id"]);
  assertEquals(
    compareStrict({ a: 1, at: "x", items: [{ id: 1, n: "a" }] }, {
      a: 1,
      at: "y",
      items: [{ id: 2, n: "a" }],
    }, ignored),
    [],
  );
  assertEquals(compareStrict({ a: 1, b: [1, 2] }, { a: 2, b: [1], c: true }, () => false), [
    "body.a: expected 1, got 2",
    "body.b: expected 2 items, got 1",
    "body.c: unexpected key with true",
  ]);
  assertEquals(compareStrict({ a: 1 }, {}, () => false), ["body.a: expected 1, got missing"]);
});

Deno.test("ignoreMatcher() ignores a path's subtree and nothing else", () => {
  const ignored = ignoreMatcher(["body.meta", "headers.date"]);
  assertEquals(["body.meta", "body.meta.at", "body.metadata", "headers.date"].map(ignored), [
    true,
    true,
    false,
    true,
  ]);
});

Deno.test("compareText() compares exactly, ignoring trailing whitespace, naming the first differing line", () => {
  assertEquals(compareText("hello\n", "hello"), []);
  assertEquals(compareText("a\nb\nc", "a\nB\nc"), ['body line 2: expected "b", got "B"']);
});

Deno.test("summarise() caps long difference lists", () => {
  assertEquals(summarise([]), null);
  const many = Array.from({ length: 14 }, (_, i) => `d${i}`);
  assertEquals(summarise(many)!.split("\n").length, 11);
});

Deno.test("tryJson() refuses JSON nested deeper than MAX_JSON_DEPTH", () => {
  const deep = "[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1);
  assertEquals(tryJson(deep), { ok: false, tooDeep: true });
  const fine = "[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH);
  assertEquals(tryJson(fine).ok, true);
});

Deno.test("compareStrict() hides values under credential-named keys", () => {
  assertEquals(
    compareStrict({ token: "a", author: "b" }, { token: "c", author: "d" }, () => false),
    ['body.token: expected "****", got "****"', 'body.author: expected "b", got "d"'],
  );
});
