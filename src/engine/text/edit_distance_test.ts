import { assertEquals } from "@std/assert";
import { editDistance } from "./edit_distance.ts";

Deno.test("editDistance() counts insertions, deletions and substitutions", () => {
  const cases: [string, string, number][] = [
    ["", "", 0],
    ["exists", "exists", 0],
    ["exsits", "exists", 2],
    ["contians", "contains", 2],
    ["untill", "until", 1],
    ["", "abc", 3],
    ["kitten", "sitting", 3],
  ];
  for (const [a, b, d] of cases) assertEquals(editDistance(a, b), d, `${a} ~ ${b}`);
});
