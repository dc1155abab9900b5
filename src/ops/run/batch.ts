/**
 * Runs many endpoint files at once (8 by default) over Deno's fetch, which
 * keeps connections alive and reuses them. The specs of one resource start in
 * the order given: reads side by side, each write alone once everything
 * before it has its answer, so a batch never races a DELETE against a GET of
 * the same record; different resources run side by side. Each collection is
 * loaded once. Backs the `apispec_exec_batch` tool.
 */
import type { Issue } from "../../engine/issue.ts";
import type { ErrorType } from "../../engine/model.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  DEFAULT_CONCURRENCY,
  loadEndpointItems,
  runItems,
  type RunItemsOptions,
  type SpecRun,
} from "./run_items.ts";

export { DEFAULT_CONCURRENCY };
export type { SpecRun };

export type BatchOptions = Omit<RunItemsOptions, "sequence" | "skipInFlowOnly">;

export interface BatchEntry {
  spec: string;
  passed: boolean;
  /** Not run: the spec's `env:` list leaves out the environment. */
  skipped?: boolean;
  status: number;
  duration_ms: number;
  error_type?: ErrorType;
  hint?: string;
}

export interface BatchResult {
  summary: {
    total: number;
    passed: number;
    failed: number;
    skipped: number;
    duration_ms: number;
    /** Set when some specs cannot run (invalid, unresolved variable): then none was sent. */
    nothing_sent?: string;
  };
  results: BatchEntry[];
}

/**
 * Runs every spec with at most `concurrency` in flight; runs keep the input
 * order. History entries are written once at the end, under one lock per
 * collection.
 */
export async function runSpecs(
  specs: string[],
  options: BatchOptions,
  ctx: OpsContext,
): Promise<{ runs: SpecRun[]; issues: Issue[]; refused?: Issue }> {
  const items = await loadEndpointItems(specs, options.config, ctx);
  const { runs, issues, refused } = await runItems(
    items,
    [],
    { ...options, sequence: "given" },
    ctx,
  );
  return { runs, issues, refused };
}

/** The wire entry of one run. */
export function batchEntry(run: SpecRun): BatchEntry {
  const { record } = run;
  if (run.skipped) {
    return {
      spec: run.name,
      passed: false,
      skipped: true,
      status: 0,
      duration_ms: 0,
      hint: `Skipped: ${run.skipped}`,
    };
  }
  return {
    spec: run.name,
    passed: record.passed,
    status: record.status,
    duration_ms: record.duration_ms,
    ...(record.error_type ? { error_type: record.error_type } : {}),
    ...(record.passed ? {} : { hint: record.hint }),
  };
}

/** Runs the specs and summarises them: `{summary, results}` (the `apispec_exec_batch` output). */
export async function execBatch(
  specs: string[],
  options: BatchOptions,
  ctx: OpsContext,
): Promise<BatchResult> {
  const started = ctx.clock.monotonic();
  const { runs, refused } = await runSpecs(specs, options, ctx);
  const results = runs.map(batchEntry);
  const passed = results.filter((r) => r.passed).length;
  const skipped = results.filter((r) => r.skipped).length;
  return {
    summary: {
      total: results.length,
      passed,
      failed: results.length - passed - skipped,
      skipped,
      duration_ms: Math.round(ctx.clock.monotonic() - started),
      ...(refused ? { nothing_sent: `${refused.message}. ${refused.fix}` } : {}),
    },
    results,
  };
}
