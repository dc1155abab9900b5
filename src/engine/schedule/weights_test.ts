import { assertEquals, assertStringIncludes } from "@std/assert";
import { fillWeights, parseTimings, renderTimings } from "./weights.ts";

Deno.test("parseTimings() reads a path → milliseconds object and names what is wrong", () => {
  assertEquals(parseTimings('{"a.md": 12, "b.md": 0.5}', "t.json").timings, {
    "a.md": 12,
    "b.md": 0.5,
  });
  for (
    const [text, why] of [["[1]", "not a JSON object"], ['{"a.md": "x"}', '"a.md"'], ["{", "JSON"]]
  ) {
    const { timings, issues } = parseTimings(text, "t.json");
    assertEquals(timings, undefined);
    assertStringIncludes(issues[0].message, "Cannot read timings from t.json");
    assertStringIncludes(issues[0].message, why);
    assertStringIncludes(issues[0].fix!, "--write-timings");
  }
});

Deno.test("fillWeights() gives unknown items the mean of the known ones, else 1 each", () => {
  assertEquals(fillWeights([10, undefined, 30]), [10, 20, 30]);
  assertEquals(fillWeights([undefined, undefined]), [1, 1]);
  assertEquals(fillWeights([0, undefined]), [0.001, 0.001]);
});

Deno.test("renderTimings() sorts keys and rounds to whole milliseconds", () => {
  assertEquals(renderTimings({ "b.md": 2.6, "a.md": 1.2 }), '{\n  "a.md": 1,\n  "b.md": 3\n}\n');
});
