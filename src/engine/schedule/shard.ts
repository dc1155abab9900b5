/**
 * CI shards: `--shard i/n` runs one of n disjoint parts of the selected
 * items. Items that share a resource (directly or through a flow) form one
 * group and stay in one shard, so shards running at once against one API
 * never race on a record (as Playwright keeps a serial group in one shard).
 * Groups are spread by duration, longest first, each onto the least loaded
 * shard (greedy longest-processing-time over a stable sort), so every machine
 * computes the same split from the same items and weights.
 */
import { type Issue, issue } from "../issue.ts";
import type { RunItem } from "./order.ts";

export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

/** Parses `<i>/<n>` (1-based); anything else is a usage issue naming the fix. */
export function parseShard(text: string): { shard?: Shard; issues: Issue[] } {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const fail = (message: string) => ({
    issues: [issue("USAGE", message, {
      fix: "Write --shard <i>/<n> with 1 ≤ i ≤ n, e.g. --shard 1/4 … --shard 4/4",
    })],
  });
  if (!match) return fail(`--shard must look like 2/4, got "${text}"`);
  const index = Number(match[1]);
  const total = Number(match[2]);
  if (total < 1) return fail(`--shard ${text}: the number of shards must be at least 1`);
  if (index < 1 || index > total) {
    return fail(`--shard ${text}: shard ${index} does not exist among ${total}`);
  }
  return { shard: { index, total }, issues: [] };
}

/** Groups of item indexes that share a resource, each sorted, ordered by their first item. */
export function resourceGroups(items: RunItem[]): number[][] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const owner = new Map<string, number>();
  items.forEach((item, index) => {
    for (const resource of item.resources) {
      const seen = owner.get(resource);
      if (seen === undefined) owner.set(resource, index);
      else parent[find(index)] = find(seen);
    }
  });
  const groups = new Map<number, number[]>();
  items.forEach((_, index) => {
    const root = find(index);
    groups.set(root, [...(groups.get(root) ?? []), index]);
  });
  return [...groups.values()];
}

/**
 * The shard (0-based) of each group: heaviest group first (ties by the
 * smallest id in the group), onto the shard with the least weight so far
 * (ties to the lowest shard).
 */
export function partitionGroups(
  groups: { key: string; weight: number }[],
  total: number,
): number[] {
  const order = groups.map((_, i) => i).sort((a, b) =>
    groups[b].weight - groups[a].weight ||
    (groups[a].key < groups[b].key ? -1 : groups[a].key > groups[b].key ? 1 : 0)
  );
  const load = new Array(total).fill(0);
  const shardOf = new Array<number>(groups.length);
  for (const group of order) {
    let lightest = 0;
    for (let s = 1; s < total; s++) if (load[s] < load[lightest]) lightest = s;
    shardOf[group] = lightest;
    load[lightest] += groups[group].weight;
  }
  return shardOf;
}

export interface ShardPlan {
  /** Item indexes of each shard (0-based shard index), in item order. */
  shards: number[][];
  /** Summed weight of each shard. */
  loads: number[];
}

/** Splits items into `total` shards, keeping resource groups whole and balancing the weights. */
export function splitIntoShards(items: RunItem[], weights: number[], total: number): ShardPlan {
  const groups = resourceGroups(items);
  const described = groups.map((members) => ({
    key: members.map((i) => items[i].id).sort()[0],
    weight: members.reduce((sum, i) => sum + weights[i], 0),
  }));
  const shardOf = partitionGroups(described, total);
  const shards: number[][] = Array.from({ length: total }, () => []);
  const loads = new Array(total).fill(0);
  groups.forEach((members, g) => {
    shards[shardOf[g]].push(...members);
    loads[shardOf[g]] += described[g].weight;
  });
  for (const shard of shards) shard.sort((a, b) => a - b);
  return { shards, loads };
}
