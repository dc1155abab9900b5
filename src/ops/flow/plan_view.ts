/**
 * The plan of a flow as views show it (the preview's flow canvas): each step
 * with its sub-flow's steps, its loop, condition, polling and delay, without
 * running anything.
 */
import type { Issue } from "../../engine/issue.ts";
import { planFlow, type PlanNode } from "../../engine/flow/plan.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { loadFlowTree } from "./load.ts";

export interface PlanView {
  /** `2`, `2.1`: the `id` of the records a run streams for this step. */
  id: string;
  name: string;
  kind: "request" | "flow";
  /** The endpoint or flow file as the step names it. */
  endpoint: string;
  forEach?: { items: string; as: string };
  when?: string;
  until?: { rule: string; everyMs: number; times: number };
  delayMs?: number;
  /** `Always: true`: runs after a failure or an interrupt too. */
  always?: true;
  /** A sub-flow step whose flow has `data:`: its data file; the sub-flow runs once per row. */
  data?: string;
  captures: string[];
  children: PlanView[];
}

/** Plans the flow at `path` (with `text` when it is a draft) and describes every step. */
export async function describeFlowPlan(
  path: string,
  options: { collectionRoot: string; text?: string; file?: string },
  ctx: Pick<OpsContext, "cwd">,
): Promise<{ nodes: PlanView[]; data?: string; issues: Issue[] }> {
  const tree = await loadFlowTree(path, { ...options, endpointIssues: false }, ctx);
  const flow = tree.flows.get(path)?.flow;
  if (!flow) return { nodes: [], issues: tree.issues };
  const plan = planFlow(path, tree);
  return {
    nodes: plan.nodes.map((node) =>
      view(node, (target) => tree.flows.get(target)?.flow.data?.file)
    ),
    ...(flow.data ? { data: flow.data.file } : {}),
    issues: [...tree.issues, ...plan.issues],
  };
}

function view(node: PlanNode, dataOf: (target: string) => string | undefined): PlanView {
  const data = node.kind === "flow" ? dataOf(node.target) : undefined;
  const { step } = node;
  return {
    id: node.id,
    name: node.name,
    kind: node.kind,
    endpoint: step.endpoint,
    ...(step.forEach ? { forEach: { items: step.forEach.items, as: step.forEach.as } } : {}),
    ...(step.when ? { when: step.when.rule.source } : {}),
    ...(step.until
      ? {
        until: {
          rule: step.until.rule.source,
          everyMs: step.until.everyMs,
          times: step.until.times,
        },
      }
      : {}),
    ...(step.delayMs ? { delayMs: step.delayMs } : {}),
    ...(step.always ? { always: true as const } : {}),
    ...(data ? { data } : {}),
    captures: step.captures.map((c) => c.variable),
    children: node.children.map((child) => view(child, dataOf)),
  };
}
