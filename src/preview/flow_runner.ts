/**
 * The flow runner the preview server uses, with the signature of `runFlow`
 * in `src/ops/flow.ts` (built on another branch). Until that module is part
 * of the build, `loadFlowRunner` finds none and the run-flow route answers
 * 501; the canvas still views, edits and saves flows.
 *
 * To enable at merge time, replace the body of `loadFlowRunner` with:
 *   return (await import("../ops/flow.ts")).runFlow;
 */
import type { Issue } from "../engine/issue.ts";
import type { ErrorType, ExecRecord } from "../engine/model.ts";
import type { OpsContext } from "../adapters/system.ts";

export interface FlowInput {
  file: string;
  env?: string;
  cli?: Record<string, string>;
  order?: "cli" | "tool";
  parallel?: boolean;
  dryRun?: boolean;
  timeoutMs?: number;
  strictAssertions?: boolean;
  verbose?: boolean;
  config?: string;
}

export interface StepRecord {
  name: string;
  endpoint: string;
  passed: boolean;
  status: number;
  error_type: ErrorType | null | string;
  skipped?: boolean;
  duration_ms: number;
  hint?: string;
  record?: ExecRecord;
}

export interface FlowResult {
  file: string;
  env: string;
  passed: boolean;
  captures: Record<string, string>;
  steps: StepRecord[];
  issues: Issue[];
  exitCode: number;
}

export type FlowRunner = (
  input: FlowInput,
  ctx: OpsContext,
  onStep?: (step: StepRecord) => void,
) => Promise<FlowResult>;

export function loadFlowRunner(): Promise<FlowRunner | undefined> {
  return Promise.resolve(undefined);
}
