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
