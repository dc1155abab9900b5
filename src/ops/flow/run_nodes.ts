/**
 * Executes a plan: nodes in file order, or, in parallel, each as soon as the
 * siblings whose captures it uses have settled. For every node it asks the
 * engine (`decide`) whether and how often it runs, then runs a request
 * (`run_request.ts`) or a sub-flow's nodes, each loop iteration after the
 * previous one. Records go out as soon as they are decided.
 */
import {
  absentCaptures,
  decide,
  iterationBindings,
  iterationName,
  iterationSkip,
  loopCaptures,
  NOTHING,
  type Settled,
  stopHint,
  visibleCaptures,
} from "../../engine/flow/decide.ts";
import { rootName, rowVariables } from "../../engine/flow/lookup.ts";
import type { DataRow } from "../../engine/parse/data.ts";
import type { PlanNode } from "../../engine/flow/plan.ts";
import {
  interrupted,
  layersFor,
  lookupIn,
  type RunContext,
  sleepUnlessInterrupted,
  type StepOutcome,
} from "./run_context.ts";
import { runRequest, skippedRecord } from "./run_request.ts";

export interface NodesRun {
  settled: Settled;
  outcomes: StepOutcome[];
  failed: boolean;
}

/**
 * Runs sibling nodes with the captures they inherit and the loop variables
 * bound around them. `always`: they are the steps of an `Always` step's
 * sub-flow, which run whatever failed before.
 */
export async function runNodes(
  rc: RunContext,
  nodes: PlanNode[],
  inherited: Settled,
  bindings: Record<string, string>,
  prefix: string,
  always = false,
): Promise<NodesRun> {
  const settled: (Settled | undefined)[] = [];
  const runs: NodesRun[] = [];
  const runAt = async (index: number) => {
    const view = visibleCaptures(inherited, settled, index);
    runs[index] = await runNode(rc, nodes[index], view, bindings, prefix, always);
    settled[index] = runs[index].settled;
  };
  if (rc.parallel && !rc.dryRun) {
    const done: Promise<void>[] = [];
    nodes.forEach((node, index) => {
      done[index] = Promise.all(node.dependsOn.map((d) => done[d])).then(() => runAt(index));
    });
    await Promise.all(done);
  } else {
    for (let index = 0; index < nodes.length; index++) await runAt(index);
  }
  return {
    settled: visibleCaptures(NOTHING, settled, nodes.length),
    outcomes: runs.flatMap((r) => r.outcomes),
    failed: runs.some((r) => r.failed),
  };
}

async function runNode(
  rc: RunContext,
  node: PlanNode,
  view: Settled,
  bindings: Record<string, string>,
  prefix: string,
  always: boolean,
): Promise<NodesRun> {
  const name = prefix + node.step.name;
  // Built only when a line needs a variable (When, For each): most steps never ask.
  let layers: ReturnType<typeof layersFor> | undefined;
  const lookup = (n: string) =>
    lookupIn(layers ??= layersFor(rc, { ...view.values, ...bindings }))(n);
  const decision = decide(node, {
    view,
    lookup,
    stoppedBy: rc.stoppedBy,
    interrupted: interrupted(rc),
    always,
    placeholder: rc.dryRun ? (n) => rc.placeholders.has(n) : undefined,
    assertions: rc.assertions,
  });
  switch (decision.kind) {
    case "skip":
      return {
        settled: decision.empty
          ? loopCaptures(node.produces, name, [])
          : absentCaptures(node.produces, name, !decision.passed),
        outcomes: skipLeaves(rc, node, name, decision.hint, decision.passed),
        failed: false,
      };
    case "fail": {
      const outcome: StepOutcome = {
        step: {
          name,
          endpoint: node.step.endpoint,
          passed: false,
          status: 0,
          error_type: decision.errorType,
          duration_ms: 0,
          hint: decision.hint,
        },
        detail: { file: node.file, line: node.step.forEach?.line ?? node.step.line, id: node.id },
      };
      emit(rc, outcome, name);
      return {
        settled: absentCaptures(node.produces, name, true),
        outcomes: [outcome],
        failed: true,
      };
    }
    case "run-unknown-count": {
      const as = node.step.forEach!.as;
      const stand = Object.fromEntries(
        [as, ...node.reads.filter((n) => rootName(n) === as)].map((n) => [n, `__${n}__`]),
      );
      rc.placeholders.add(as);
      return await runOnce(rc, node, `${name} [*]`, view, { ...bindings, ...stand }, {
        notes: [decision.reason],
        always,
      });
    }
    case "run":
      if (!decision.items) return await runOnce(rc, node, name, view, bindings, { always });
      return await runLoop(rc, node, name, view, bindings, decision.items, always);
  }
}

/** A `For each` step: one run per element, in order; a failure stops the rest unless continue-on-error. */
async function runLoop(
  rc: RunContext,
  node: PlanNode,
  name: string,
  view: Settled,
  bindings: Record<string, string>,
  items: unknown[],
  always: boolean,
): Promise<NodesRun> {
  const outcomes: StepOutcome[] = [];
  const runs: { settled: Settled; ran: boolean; failed: boolean }[] = [];
  for (const [index, item] of items.entries()) {
    const bound = { ...bindings, ...iterationBindings(node, item) };
    const itemName = iterationName(name, index);
    const stopped = stoppedHere(rc, node, always);
    const skip = stopped ?? iterationSkip(
      node,
      lookupIn(layersFor(rc, { ...view.values, ...bound })),
      rc.assertions,
    );
    if (skip) {
      outcomes.push(...skipLeaves(rc, node, itemName, skip, stopped === undefined, index + 1));
      runs.push({ settled: NOTHING, ran: false, failed: false });
      continue;
    }
    const once = await runOnce(rc, node, itemName, view, bound, {
      iteration: index + 1,
      always,
    });
    outcomes.push(...once.outcomes);
    runs.push({ settled: once.settled, ran: true, failed: once.failed });
  }
  return repeated(node, name, outcomes, runs);
}

/** What a step's runs (loop items, rows) leave: captures as lists, failed when one failed. */
function repeated(
  node: PlanNode,
  name: string,
  outcomes: StepOutcome[],
  runs: { settled: Settled; ran: boolean; failed: boolean }[],
): NodesRun {
  return {
    settled: loopCaptures(node.produces, name, runs),
    outcomes,
    failed: runs.some((r) => r.failed),
  };
}

/** Why an earlier failure or Ctrl-C skips this node now; undefined when it runs. */
function stoppedHere(rc: RunContext, node: PlanNode, always: boolean): string | undefined {
  return stopHint(node, { stoppedBy: rc.stoppedBy, interrupted: interrupted(rc), always });
}

/**
 * A step that runs a flow with `data:`: the flow's steps once per row, the
 * row's columns bound as variables of those steps (above captures and
 * --var). Its captures come back as arrays of the rows' values, as a loop's.
 * A failed row stops the rest unless continue-on-error. A dry run checks one
 * row of each set of columns.
 */
async function runPerRow(
  rc: RunContext,
  node: PlanNode,
  name: string,
  view: Settled,
  bindings: Record<string, string>,
  rows: DataRow[],
  always: boolean,
): Promise<NodesRun> {
  const outcomes: StepOutcome[] = [];
  const runs: { settled: Settled; ran: boolean; failed: boolean }[] = [];
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const values = rowVariables(row);
    if (rc.dryRun) {
      const columns = Object.keys(values).sort().join("\u0000");
      if (seen.has(columns)) continue;
      seen.add(columns);
    }
    const prefix = `${name} [row ${index + 1}] › `;
    const stopped = stoppedHere(rc, node, always);
    if (stopped) {
      for (const child of node.children) {
        outcomes.push(...skipLeaves(rc, child, prefix + child.step.name, stopped, false));
      }
      runs.push({ settled: NOTHING, ran: false, failed: false });
      continue;
    }
    const once = await runNodes(
      rc,
      node.children,
      view,
      { ...bindings, ...values },
      prefix,
      always,
    );
    outcomes.push(...once.outcomes);
    runs.push({ settled: once.settled, ran: true, failed: once.failed });
  }
  return repeated(node, name, outcomes, runs);
}

/** One run of a node: its request, or its sub-flow's nodes, after its delay. */
async function runOnce(
  rc: RunContext,
  node: PlanNode,
  name: string,
  view: Settled,
  bindings: Record<string, string>,
  place: { iteration?: number; notes?: string[]; always: boolean },
): Promise<NodesRun> {
  if (node.step.delayMs && !rc.dryRun) await sleepUnlessInterrupted(rc, node.step.delayMs);
  if (node.kind === "flow") {
    const always = place.always || node.step.always !== undefined;
    const rows = rc.subflowRows.get(node.target);
    if (rows) return await runPerRow(rc, node, name, view, bindings, rows, always);
    return await runNodes(rc, node.children, view, bindings, `${name} › `, always);
  }
  const ran = await runRequest(rc, node, name, { ...view.values, ...bindings }, place);
  const notes = [...(place.notes ?? []), ...(rc.dryRun ? stepNotes(node) : [])];
  if (notes.length > 0) ran.outcome.detail.notes = notes;
  emit(rc, ran.outcome, name);
  return { settled: ran.settled, outcomes: [ran.outcome], failed: ran.failed };
}

/** A node that does not run: one skipped record per request step it holds. */
function skipLeaves(
  rc: RunContext,
  node: PlanNode,
  name: string,
  hint: string,
  passed: boolean,
  iteration?: number,
): StepOutcome[] {
  if (node.kind === "flow") {
    return node.children.flatMap((child) =>
      skipLeaves(rc, child, `${name} › ${child.step.name}`, hint, passed, iteration)
    );
  }
  const outcome: StepOutcome = {
    step: skippedRecord(name, node.step.endpoint, hint, passed),
    detail: {
      file: rc.tree.loaded.get(node.target)?.file ?? node.step.endpoint,
      line: node.step.line,
      id: node.id,
      ...(iteration ? { iteration } : {}),
    },
  };
  emit(rc, outcome, name);
  return [outcome];
}

function emit(rc: RunContext, outcome: StepOutcome, name: string) {
  if (!outcome.step.passed && !outcome.step.skipped && !rc.continueOnError) {
    rc.stoppedBy ??= name;
  }
  rc.emit?.(outcome);
}

/** What a dry run shows of a step's lines beyond its request. */
function stepNotes(node: PlanNode): string[] {
  const { step } = node;
  return [
    ...(step.when ? [`when ${step.when.rule.source}`] : []),
    ...(step.delayMs ? [`delay ${step.delayMs} ms`] : []),
    ...(step.always ? ["always: runs after a failure or an interrupt too"] : []),
    ...(step.until
      ? [
        `until ${step.until.rule.source}, every ${step.until.everyMs} ms, at most ${step.until.times} times`,
      ]
      : []),
  ];
}
