/**
 * The four tools below map onto ops written on branch `flows` (runFlow,
 * diagnose, readHistory, execBatch). These types restate the signatures
 * agreed for them, so the tools type-check before those ops exist here.
 * `loadFlowOps` (in ./load.ts) finds the ops at run time; once they are
 * merged, replace it with static imports and delete this file's copies.
 */
import type { OpsContext } from "../../../adapters/system.ts";
import type { Issue } from "../../../engine/issue.ts";

export interface FlowInput {
  file: string;
  env?: string;
  cli?: Record<string, string>;
  tool?: Record<string, string>;
  session?: Record<string, string>;
  order?: "cli" | "tool";
  parallel?: boolean;
  dryRun?: boolean;
  timeoutMs?: number;
  strictAssertions?: boolean;
  verbose?: boolean;
  config?: string;
}

export interface FlowStepResult {
  name: string;
  endpoint: string;
  passed: boolean;
  status: number;
  error_type: string | null;
  skipped?: boolean;
  duration_ms: number;
  hint?: string;
  record?: unknown;
}

export interface FlowResult {
  file: string;
  env: string;
  passed: boolean;
  captures: Record<string, unknown>;
  steps: FlowStepResult[];
  issues: Issue[];
  exitCode: number;
}

export interface DiagnoseOptions {
  spec_path: string;
  env?: string;
  vars?: Record<string, string>;
  timeout_ms?: number;
  strict_assertions?: boolean;
}

export interface Diagnosis {
  passed: boolean;
  status: number;
  error_type: string | null;
  summary: string;
  likely_cause: string;
  next_action: string;
  inspect: string[];
  verify: string[];
  diff: unknown;
}

export interface HistoryResult {
  spec: string;
  trend: "stable" | "improving" | "regressing";
  entries: {
    timestamp: string;
    passed: boolean;
    status: number;
    duration_ms: number;
    error_type: string | null;
  }[];
}

export interface BatchResult {
  summary: { total: number; passed: number; failed: number; duration_ms: number };
  results: {
    spec: string;
    passed: boolean;
    status: number;
    duration_ms: number;
    error_type?: string | null;
    hint?: string;
  }[];
}

export interface BatchOptions {
  env?: string;
  vars?: Record<string, string>;
  session?: Record<string, string>;
  order?: "cli" | "tool";
}

export interface FlowOps {
  runFlow(
    input: FlowInput,
    ctx: OpsContext,
    onStep?: (step: FlowStepResult) => void,
  ): Promise<FlowResult>;
  diagnose(options: DiagnoseOptions, ctx: OpsContext): Promise<Diagnosis & { issues?: Issue[] }>;
  readHistory(spec: string, last: number): Promise<HistoryResult> | HistoryResult;
  execBatch(specs: string[], options: BatchOptions, ctx: OpsContext): Promise<BatchResult>;
}
