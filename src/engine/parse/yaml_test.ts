import { assertEquals } from "@std/assert";
import { expandedNodes, loadYaml, parseYaml } from "./yaml.ts";

Deno.test("expandedNodes() counts shared references each time, and stops past the limit", () => {
  const leaf = { a: 1 };
  assertEquals(expandedNodes({ x: leaf, y: leaf }, 1000), 7);
  let bomb: unknown[] = ["lol"];
  for (let i = 0; i < 30; i++) bomb = [bomb, bomb];
  assertEquals(expandedNodes(bomb, 1000) > 1000, true);
});

Deno.test("parseYaml() refuses an alias bomb with the line of its first alias", () => {
  const lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++) {
    lines.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(",")}]`);
  }
  const result = parseYaml(lines.join("\n"), "bomb.md", 3);
  assertEquals(result.ok, false);
  if (!result.ok) {
    assertEquals(result.issue.line, 4);
    assertEquals(result.issue.message, "YAML aliases expand to more than 100,000 nodes");
  }
  assertEquals(loadYaml("base: &b {x: 1}\nuse: *b\n", "ok.md").value, {
    base: { x: 1 },
    use: { x: 1 },
  });
});

Deno.test("expandedNodes() and parseYaml() answer an alias inside its own anchor (a cycle) at once", () => {
  // Found by fuzzing: `&a [*a]` loads as a list holding itself; counting it never ended.
  for (const text of ["&a [*a, *a, *a]", "x: &a {y: *a}", "- &a [1, *a]"]) {
    const parsed = parseYaml(text, "f.yaml", 1);
    assertEquals(parsed.ok, false, text);
  }
  const cycle: unknown[] = [];
  cycle.push(cycle);
  assertEquals(expandedNodes(cycle, 100), Infinity);
  const shared = [1];
  assertEquals(expandedNodes({ a: shared, b: [shared, shared] }, 100), 12);
});
