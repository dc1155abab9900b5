import { assertEquals } from "@std/assert";
import { mergePatch } from "./merge_patch.ts";

Deno.test("mergePatch() follows the examples of RFC 7396", () => {
  // Appendix A of RFC 7396: original, patch, result.
  const cases: [unknown, unknown, unknown][] = [
    [{ a: "b" }, { a: "c" }, { a: "c" }],
    [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
    [{ a: "b" }, { a: null }, {}],
    [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
    [{ a: ["b"] }, { a: "c" }, { a: "c" }],
    [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
    [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
    [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
    [["a", "b"], ["c", "d"], ["c", "d"]],
    [{ a: "b" }, ["c"], ["c"]],
    [{ a: "foo" }, null, null],
    [{ a: "foo" }, "bar", "bar"],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: "b", c: null }, { a: "b" }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  for (const [original, patch, result] of cases) {
    assertEquals(mergePatch(original, patch), result, JSON.stringify({ original, patch }));
  }
});

Deno.test("mergePatch() leaves its arguments unchanged", () => {
  const original = { a: { b: 1 } };
  const patch = { a: { c: 2 } };
  mergePatch(original, patch);
  assertEquals(original, { a: { b: 1 } });
  assertEquals(patch, { a: { c: 2 } });
});
