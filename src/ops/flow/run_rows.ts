/**
 * Runs a planned flow once, or once per data row. Before anything is sent,
 * the plan is run dry (every step resolved, captures as placeholders) for
 * each distinct set of row columns, so an unresolved variable stops the run
 * with exit 2 before the first request. In a data-driven run, history
 * entries are held and appended in batches, one lock per batch instead of one
 * per request.
 */
import type { Issue } from "../../engine/issue.ts";
import type { StepRecord } from "../../engine/model.ts";
import type { StepDetail } from "../../engine/render/flow.ts";
import type { DataRow } from "../../engine/parse/data.ts";
import { NOTHING } from "../../engine/flow/decide.ts";
import { rowVariables } from "../../engine/flow/lookup.ts";
import { type FlowPlan, requestNodes } from "../../engine/flow/plan.ts";
import { SECRET_NAME, secretValues } from "../../engine/resolve/layers.ts";
import type { AssertionOptions } from "../../engine/compare/assertions.ts";
import { MASK, maskText } from "../../engine/secrets/mask.ts";
import type { HistoryEntry } from "../../engine/model.ts";
import { HISTORY_LIMIT } from "../../engine/history/history.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { appendHistory } from "../run/history.ts";
import type { Collection } from "../collection/load.ts";
import type { FlowTree } from "./load.ts";
import type { FlowInput, RunContext, StepOutcome } from "./run_context.ts";
import { runNodes } from "./run_nodes.ts";

export interface RowStart {
  /** 0-based. */
  index: number;
  count: number;
  /** The row as read, secret-named columns masked. */
  data: Record<string, unknown>;
}

export interface RowResult {
  data: Record<string, unknown>;
  passed: boolean;
  captures: Record<string, string>;
  steps: StepRecord[];
  details: StepDetail[];
}

export interface RowsInput {
  plan: FlowPlan;
  tree: FlowTree;
  collection: Collection;
  env: string;
  input: FlowInput;
  ctx: OpsContext;
  /** Undefined: the flow is not data-driven. */
  rows?: DataRow[];
  /** Sub-flow path → its data rows: a step running that flow runs it once per row. */
  subflowRows: Map<string, DataRow[]>;
  dryRun: boolean;
  parallel: boolean;
  continueOnError: boolean;
  strictAssertions: boolean;
  listeners: {
    onStep?: (step: StepRecord, detail: StepDetail) => void;
    onRow?: (row: RowStart) => void;
  };
  /** Called once the dry check has passed, before the first record. */
  onChecked: () => void;
  /** What the flow's rules need to evaluate (RE2 when one uses `matches`). */
  assertions: AssertionOptions;
}

export interface RowsRun {
  passed: boolean;
  captures: Record<string, string>;
  steps: StepRecord[];
  details: StepDetail[];
  iterations?: RowResult[];
  issues: Issue[];
  /** The dry check found errors: nothing was sent. */
  checkFailed: boolean;
}

/**
 * A data-driven run's history entries are appended together, under one lock,
 * at the end of the run (or every this many entries). Only each spec's newest
 * `HISTORY_LIMIT` entries are written: the file keeps no more anyway.
 */
const HISTORY_BATCH = 20_000;

export async function runRows(r: RowsInput): Promise<RowsRun> {
  // Every row sends with the same layers below its own (rows differ only at the --var level).
  const layerCache: RunContext["layerCache"] = new Map();
  const rows: (DataRow | undefined)[] = r.rows ?? [undefined];
  const issues: Issue[] = [];
  const checked = new Set<string>();
  for (const row of rows) {
    const vars = row ? rowVariables(row) : {};
    const key = Object.keys(vars).sort().join("\u0000");
    if (checked.has(key)) continue;
    checked.add(key);
    const rc = context(r, vars, { dryRun: true, history: () => undefined }, layerCache);
    await runNodes(rc, r.plan.nodes, NOTHING, {}, "");
    issues.push(...unique(rc.issues, issues));
    if (issues.some((i) => i.severity === "error")) {
      return { passed: false, captures: {}, steps: [], details: [], issues, checkFailed: true };
    }
  }
  r.onChecked();

  const pending: { specPath: string; entry: HistoryEntry }[] = [];
  const flush = () => {
    const problem = appendHistory(r.collection, newestPerSpec(pending.splice(0)));
    if (problem && !issues.some((i) => i.message === problem.message)) issues.push(problem);
  };
  const results: RowResult[] = [];
  for (const [index, row] of rows.entries()) {
    // Ctrl-C: the row under way finishes its Always steps; no new row starts.
    if (index > 0 && r.ctx.interrupt?.aborted) break;
    const vars = row ? rowVariables(row) : {};
    const data = row ? maskRow(row) : {};
    if (row) r.listeners.onRow?.({ index, count: rows.length, data });
    const rc = context(r, vars, {
      dryRun: r.dryRun,
      // One run appends each step's entry at once, as exec does; data rows batch them.
      history: r.rows
        ? (specPath, entry) => {
          pending.push({ specPath, entry });
          return undefined;
        }
        : undefined,
      emit: (o: StepOutcome) => r.listeners.onStep?.(o.step, o.detail),
    }, layerCache);
    const run = await runNodes(rc, r.plan.nodes, NOTHING, {}, "");
    issues.push(...unique(rc.issues, issues));
    const captures: Record<string, string> = {};
    for (const [name, value] of Object.entries(run.settled.values)) {
      captures[name] = SECRET_NAME.test(name) ? MASK : maskText(value, [...rc.secrets]);
    }
    results.push({
      data,
      passed: !run.outcomes.some((o) => !o.step.passed && !o.step.skipped),
      captures,
      steps: run.outcomes.map((o) => o.step),
      details: run.outcomes.map((o) => kept(o, r)),
    });
    if (pending.length >= HISTORY_BATCH) flush();
  }
  flush();

  if (!r.rows) {
    const [only] = results;
    return { ...only, issues, checkFailed: false };
  }
  return {
    passed: results.every((row) => row.passed),
    captures: {},
    steps: results.flatMap((row, i) =>
      row.steps.map((step) => ({ ...step, name: `row ${i + 1} › ${step.name}` }))
    ),
    details: results.flatMap((row) => row.details),
    iterations: results,
    issues,
    checkFailed: false,
  };
}

function context(
  r: RowsInput,
  row: Record<string, string>,
  how: Pick<RunContext, "dryRun" | "history" | "emit">,
  layerCache: RunContext["layerCache"],
): RunContext {
  const secrets = new Set(secretValues([{ name: "cli", label: "data row", vars: row }]));
  const placeholders = new Set(
    how.dryRun
      ? requestNodes(r.plan.nodes).flatMap((node) => node.step.captures.map((c) => c.variable))
      : [],
  );
  return {
    tree: r.tree,
    collection: r.collection,
    env: r.env,
    input: r.input,
    ctx: r.ctx,
    row,
    parallel: r.parallel,
    continueOnError: r.continueOnError,
    strictAssertions: r.strictAssertions,
    secrets,
    issues: [],
    placeholders,
    layerCache,
    subflowRows: r.subflowRows,
    assertions: r.assertions,
    ...how,
  };
}

function newestPerSpec(
  entries: { specPath: string; entry: HistoryEntry }[],
): { specPath: string; entry: HistoryEntry }[] {
  const seen = new Map<string, number>();
  const kept: typeof entries = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const count = seen.get(entries[i].specPath) ?? 0;
    if (count >= HISTORY_LIMIT) continue;
    seen.set(entries[i].specPath, count + 1);
    kept.push(entries[i]);
  }
  return kept.reverse();
}

/**
 * What a result keeps of a record's detail once it has been heard: reports
 * read the record of failures (and of steps whose rules failed); a passing
 * step's record is dropped, so a long data-driven run does not hold them all.
 */
function kept(outcome: StepOutcome, r: RowsInput): StepDetail {
  const { step, detail } = outcome;
  const record = detail.record;
  if (!record || r.dryRun || r.input.verbose || !step.passed) return detail;
  if (record.assertion_results.some((a) => !a.passed)) return detail;
  const { record: _, ...rest } = detail;
  return rest;
}

function maskRow(row: DataRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([name, value]) => [name, SECRET_NAME.test(name) ? MASK : value]),
  );
}

/** Issues not yet listed: loops and rows repeat the same finding. */
function unique(found: Issue[], listed: Issue[]): Issue[] {
  if (found.length === 0) return [];
  const seen = new Set(listed.map((i) => JSON.stringify(i)));
  return found.filter((i) => {
    const key = JSON.stringify(i);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
