import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { methodRank, type RunItem } from "./order.ts";
import { parseShard, partitionGroups, resourceGroups, splitIntoShards } from "./shard.ts";

Deno.test("parseShard() takes i/n and refuses what cannot be a shard", () => {
  assertEquals(parseShard("2/4").shard, { index: 2, total: 4 });
  assertEquals(parseShard("1/1").shard, { index: 1, total: 1 });
  for (const bad of ["5/4", "0/4", "1/0", "two/4", "1-4", ""]) {
    const { shard, issues } = parseShard(bad);
    assertEquals(shard, undefined, bad);
    assertEquals(issues[0].code, "USAGE");
    assertStringIncludes(issues[0].fix!, "--shard 1/4");
  }
  assertStringIncludes(parseShard("5/4").issues[0].message, "shard 5 does not exist among 4");
});

Deno.test("resourceGroups() joins items that share a resource, also through a flow", () => {
  const items: RunItem[] = [
    { id: "a1", resources: ["a"], rank: 0 },
    { id: "b1", resources: ["b"], rank: 0 },
    { id: "c1", resources: ["c"], rank: 0 },
    { id: "flow", resources: ["a", "b"], rank: 5 },
    { id: "a2", resources: ["a"], rank: 4 },
    { id: "x", resources: [], rank: 0 },
  ];
  assertEquals(resourceGroups(items), [[0, 1, 3, 4], [2], [5]]);
});

Deno.test("partitionGroups() places the heaviest first onto the least loaded shard", () => {
  const groups = [5, 4, 3, 3, 2, 2, 1].map((weight, i) => ({ key: `g${i}`, weight }));
  assertEquals(partitionGroups(groups, 3), [0, 1, 2, 2, 1, 0, 1]);
});

function randomItems(count: number, seed: number): { items: RunItem[]; weights: number[] } {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const items: RunItem[] = [];
  const weights: number[] = [];
  for (let i = 0; i < count; i++) {
    items.push({
      id: `apis/r${i % 97}/s${i}.md`,
      resources: [`r${i % 97}`],
      rank: methodRank("GET"),
    });
    weights.push(Math.round(5 + 200 * next() ** 3));
  }
  return { items, weights };
}

Deno.test("splitIntoShards() holds every item exactly once, balanced, the same from any input order", () => {
  const { items, weights } = randomItems(2000, 7);
  const plan = splitIntoShards(items, weights, 4);
  const all = plan.shards.flat().sort((a, b) => a - b);
  assertEquals(all, items.map((_, i) => i));
  const total = weights.reduce((a, b) => a + b, 0);
  assertEquals(plan.loads.reduce((a, b) => a + b, 0), total);
  assert(
    Math.max(...plan.loads) / total <= 0.26,
    `largest share ${Math.max(...plan.loads) / total}`,
  );
  // Another machine lists the same files in another order: the same files land in the same shards.
  const reversed = [...items].reverse();
  const again = splitIntoShards(reversed, [...weights].reverse(), 4);
  const ids = (p: typeof plan, list: RunItem[]) =>
    p.shards.map((s) => s.map((i) => list[i].id).sort());
  assertEquals(ids(again, reversed), ids(plan, items));
});

Deno.test("splitIntoShards() keeps a resource in one shard and leaves extra shards empty", () => {
  const items: RunItem[] = ["get", "put", "delete"].map((m) => ({
    id: `posts/${m}.md`,
    resources: ["posts"],
    rank: methodRank(m),
  }));
  const plan = splitIntoShards(items, [1, 1, 1], 3);
  assertEquals(plan.shards, [[0, 1, 2], [], []]);
});
