import { assertEquals } from "@std/assert";
import { declaredKind } from "./declared_kind.ts";

Deno.test("declaredKind reads the frontmatter only", () => {
  const cases: [string, "flow" | "endpoint" | undefined][] = [
    ["---\ntype: pipeline\nname: f\n---\n# F\n", "flow"],
    ['---\ntype: "pipeline"\n---\n', "flow"],
    ["---\nresource: users\nmethod: GET\n---\n# E\n", "endpoint"],
    ["---\nname: x\n---\nmethod: GET\n", undefined], // after the frontmatter: prose
    ["# No frontmatter\n\nmethod: GET\n", undefined],
    ["---\nmethod: GET\n", undefined], // never closed
  ];
  for (const [text, kind] of cases) assertEquals(declaredKind(text), kind, text);
});
