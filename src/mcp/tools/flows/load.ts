/**
 * Finds the ops of branch `flows` at run time, so the four tools that need
 * them appear as soon as those ops are merged. Specifiers are built at run
 * time on purpose: `deno check` must not require files that do not exist yet.
 * After the merge, replace this with static imports (which `deno compile`
 * also needs to embed the ops).
 */
import type { FlowOps } from "./contract.ts";

const OPS: [keyof FlowOps, string][] = [
  ["runFlow", "flow.ts"],
  ["diagnoseSpec", "diagnose.ts"],
  ["readHistory", "history.ts"],
  ["execBatch", "batch.ts"],
];

export async function loadFlowOps(): Promise<Partial<FlowOps>> {
  const ops: Partial<FlowOps> = {};
  for (const [name, file] of OPS) {
    const url = new URL(`../../../ops/${file}`, import.meta.url).href;
    try {
      const module = await import(url);
      if (typeof module[name] === "function") Object.assign(ops, { [name]: module[name] });
    } catch { /* not merged yet */ }
  }
  return ops;
}
