/**
 * The four tools in this folder map onto ops written on branch `flows`
 * (runFlow, diagnoseSpec, readHistory, execBatch). These types restate the
 * parts of those ops' signatures the tools use, as that branch exports them,
 * so the tools type-check before the ops are merged here. `loadFlowOps`
 * (./load.ts) finds the ops at run time; after the merge, import them
 * statically and drop these copies.
 */
import type { OpsContext } from "../../../adapters/system.ts";
import type { ExitCode, Issue } from "../../../engine/issue.ts";

/** What every run of these ops takes from the tool (a subset of `ExecInput`). */
export interface RunInput {
  env?: string;
  tool?: Record<string, string>;
  session?: Record<string, string>;
  order?: "cli" | "tool";
}

export interface FlowInput extends RunInput {
  file: string;
  verbose?: boolean;
}

export interface FlowResult {
  passed: boolean;
  captures: Record<string, string>;
  steps: unknown[];
  issues: Issue[];
  exitCode: ExitCode;
}

export interface DiagnoseInput extends RunInput {
  file: string;
  timeoutMs?: number;
  strictAssertions?: boolean;
}

export interface DiagnoseResult {
  /** Undefined only on a setup error (the file cannot be read). */
  diagnosis?: Record<string, unknown>;
  issues: Issue[];
  exitCode: ExitCode;
}

export interface HistoryResult {
  spec: string;
  trend: "stable" | "improving" | "regressing";
  entries: unknown[];
}

export interface BatchResult {
  summary: { total: number; passed: number; failed: number; duration_ms: number };
  results: unknown[];
}

export interface FlowOps {
  runFlow(input: FlowInput, ctx: OpsContext): Promise<FlowResult>;
  diagnoseSpec(input: DiagnoseInput, ctx: OpsContext): Promise<DiagnoseResult>;
  readHistory(
    specPath: string,
    ctx: OpsContext,
    options: { last?: number },
  ): Promise<HistoryResult>;
  execBatch(specs: string[], options: RunInput, ctx: OpsContext): Promise<BatchResult>;
}
