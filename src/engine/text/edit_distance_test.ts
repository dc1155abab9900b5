import { assertEquals } from "@std/assert";
import { editDistance, nearMiss } from "./edit_distance.ts";

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

Deno.test("nearMiss() picks the nearest known name within 2 edits, 1 for short names", () => {
  const keys = ["resource", "standalone", "response", "env", "auth", "tags"];
  assertEquals(nearMiss("standalon", keys), "standalone");
  assertEquals(nearMiss("respone", keys), "response");
  assertEquals(nearMiss("Standalone", keys), "standalone");
  assertEquals(nearMiss("atuh", keys), "auth");
  assertEquals(nearMiss("envs", keys), "env");
  assertEquals(nearMiss("id", keys), undefined);
  assertEquals(nearMiss("owner", keys), undefined);
});
