/**
 * `check --shard i/n`: splits the selected items into n shards (resource
 * groups kept whole, balanced by durations) and keeps one. Items are named
 * by their timings key, the path from the repository root, so every checkout
 * breaks ties alike.
 */
import type { Shard, ShardPlan } from "../../engine/schedule/shard.ts";
import { splitIntoShards } from "../../engine/schedule/shard.ts";
import type { WeightSource } from "../../engine/schedule/weights.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { type EndpointItem, type FlowItem, planItems } from "./run_items.ts";
import { itemWeights } from "./timings.ts";

export interface ShardInfo extends Shard {
  /** Items in this shard, and selected in all. */
  items: number;
  of: number;
  /** What balanced the shards. */
  weights: WeightSource;
  /** This shard's share of the summed weights (0 to 1). */
  share: number;
}

export interface ShardInputs {
  endpoints: EndpointItem[];
  flows: FlowItem[];
  total: number;
  timings?: Record<string, number>;
  key: (path: string) => string;
  config?: string;
}

/** Every shard's items (indexes: endpoints, then flows) and weights. */
export async function splitItems(
  input: ShardInputs,
  ctx: OpsContext,
): Promise<{ split: ShardPlan; source: WeightSource; keys: string[] }> {
  const { endpoints, flows } = input;
  const keys = [...endpoints.map((e) => e.path), ...flows.map((f) => f.path)].map(input.key);
  const plan = planItems(endpoints, flows, { skipInFlowOnly: true, sequence: "safe" })
    .map((item, i) => ({ ...item, id: keys[i] }));
  const { weights, source } = await itemWeights({
    paths: [...endpoints.map((e) => e.path), ...flows.map((f) => f.path)],
    flowSteps: flows.map((f) => f.steps),
    endpointCount: endpoints.length,
    keys,
    timings: input.timings,
    config: input.config,
  }, ctx);
  return { split: splitIntoShards(plan, weights, input.total), source, keys };
}

/** The items of one shard, in file order, and what the split looked like. */
export async function keepShard(
  input: ShardInputs,
  shard: Shard,
  ctx: OpsContext,
): Promise<{ endpoints: EndpointItem[]; flows: FlowItem[]; info: ShardInfo }> {
  const { split, source, keys } = await splitItems(input, ctx);
  const mine = new Set(split.shards[shard.index - 1]);
  const total = split.loads.reduce((sum, load) => sum + load, 0);
  const count = input.endpoints.length;
  return {
    endpoints: input.endpoints.filter((_, i) => mine.has(i)),
    flows: input.flows.filter((_, i) => mine.has(count + i)),
    info: {
      ...shard,
      items: mine.size,
      of: keys.length,
      weights: source,
      share: total > 0 ? split.loads[shard.index - 1] / total : 0,
    },
  };
}
