import { assert, assertEquals } from "@std/assert";
import { estimateTokens, fitJson, packUnits } from "./context_budget.ts";

Deno.test("packUnits() keeps everything when it fits, with no note", () => {
  const packed = packUnits(
    [{ lines: ["one", "two"], tier: 0 }, { lines: ["three"], tier: 5 }],
    100,
  );
  assertEquals(packed, { text: "one\ntwo\nthree", omitted: 0 });
});

Deno.test("packUnits() keeps low tiers first but prints in document order", () => {
  const units = [
    { lines: ["heading"], tier: 0 },
    { lines: ["x".repeat(70)], tier: 9 },
    { lines: ["verify: run"], tier: 1 },
  ];
  const packed = packUnits(units, 20);
  assertEquals(packed.text.split("\n"), [
    "heading",
    "verify: run",
    "(1 more line over the token budget)",
  ]);
  assert(estimateTokens(packed.text) <= 20);
});

Deno.test("packUnits() never exceeds the budget and never cuts a line", () => {
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i} ${"w".repeat(i * 3)}`);
  for (const budget of [1, 5, 17, 60, 123, 400]) {
    const packed = packUnits(lines.map((l, i) => ({ lines: [l], tier: i % 4 })), budget);
    assert(estimateTokens(packed.text) <= budget, `budget ${budget}`);
    for (const line of packed.text.split("\n").filter(Boolean)) {
      assert(lines.includes(line) || line.endsWith("over the token budget)"), line);
    }
  }
});

Deno.test("fitJson() shrinks until the compact JSON fits", () => {
  const doc = { items: Array.from({ length: 30 }, (_, i) => ({ id: i, name: `item ${i}` })) };
  const { text } = fitJson(doc, 40, (d) => d.items.pop() !== undefined);
  assert(text.length <= 160);
  assertEquals(JSON.parse(text).items.length, doc.items.length);
});
