/** Shapes of the preview API (docs/preview-api.md); engine types are shared, type-only. */
import type { Issue } from "../../src/engine/issue.ts";
import type { BrokenEntry, EndpointEntry } from "../../src/preview/index_cache.ts";
import type {
  EndpointSpec,
  ExecRecord,
  ExpectedView,
  FlowSpec,
  HistoryEntry,
  HistoryTrend,
  HttpResponse,
  MatchMode,
  ResolvedRequest,
  VariableReportEntry,
} from "../../src/engine/model.ts";
import type { DiffLine } from "../../src/engine/render/line_diff.ts";
import type { RunStats } from "../../src/engine/history/stats.ts";
import type { EnvFileView, EnvVariableView } from "../../src/ops/collection/env_files.ts";

export type {
  EndpointSpec,
  ExecRecord,
  ExpectedView,
  FlowSpec,
  HttpResponse,
  Issue,
  MatchMode,
  ResolvedRequest,
  VariableReportEntry,
};
// The server's own types, so the two sides cannot drift apart (type-only: nothing is bundled).
export type { BrokenEntry, EndpointEntry };
export type { WorkspaceView } from "../../src/preview/workspace.ts";
export type { FlowEntry } from "../../src/preview/index_cache.ts";
export type { RunSpecOutput as RunResponse } from "../../src/preview/api/run_spec.ts";
export type { StepRecord } from "../../src/engine/model.ts";
export type { FlowRunEvent, FlowRunResult as FlowResult } from "../../src/preview/api/run.ts";
export type { PlanView } from "../../src/ops/flow/plan_view.ts";
export type { RunAllItem, RunAllMessage } from "../../src/preview/api/run_all.ts";
export type { CoverageResponse } from "../../src/preview/api/coverage.ts";
export type { CoverageEndpoint } from "../../src/engine/contract/coverage.ts";
export type { ProxyView } from "../../src/preview/api/proxy.ts";
export type { ProxyReportEntry } from "../../src/proxy/report_entry.ts";
export type { ExchangeDetail } from "../../src/proxy/stats.ts";
export type { EnvFileView, EnvVariableView, HistoryEntry, HistoryTrend, RunStats };

export interface IndexResponse {
  count: number;
  endpoints: EndpointEntry[];
  broken: BrokenEntry[];
}

export interface SpecResponse {
  file: string;
  kind: string;
  text: string;
  spec: EndpointSpec | null;
  issues: Issue[];
}

export interface StepEndpoint {
  endpoint: string;
  exists: boolean;
  file?: string;
  method?: string;
  path?: string;
  title?: string;
  uses?: string[];
  error?: string;
}

export interface FlowResponse {
  file: string;
  kind: string;
  text: string;
  flow: FlowSpec | null;
  steps: StepEndpoint[];
  /** The plan: sub-flows expanded, each step's loop, condition, polling and delay. */
  plan: import("../../src/ops/flow/plan_view.ts").PlanView[];
  /** The flow's data file (`data:`), when it is data-driven. */
  data: string | null;
  issues: Issue[];
}

export interface VarsResponse {
  spec: string;
  env: string;
  ready: boolean;
  variables: VariableReportEntry[];
  issues: Issue[];
}

export interface AdHocResponse {
  request: ResolvedRequest | null;
  response: HttpResponse | null;
  failure: { kind: string; message: string } | null;
  duration_ms: number;
  saved: string | null;
  issues: Issue[];
  exit_code: number;
}

/** `POST /api/update`: the rewrite of `## Expected response` to confirm. */
export interface UpdatePlanView {
  file: string;
  changed: boolean;
  diff: DiffLine[];
  dropped_headers: string[];
}

export interface ApiError {
  error: { code: string; message: string; fix: string };
  issues?: Issue[];
}

export interface HistoryResponse {
  file: string;
  trend: HistoryTrend;
  /** Newest first. */
  entries: HistoryEntry[];
  stats: RunStats;
  /** Timestamps of the runs whose exchange is kept (runs made in the UI). */
  kept?: string[];
}

export type IgnoreStatus = "ignored" | "not-ignored" | "tracked";

export interface EnvFilesResponse {
  files: (EnvFileView & { ignored: IgnoreStatus })[];
  dotenv: { file: string; exists: boolean; names: string[]; ignored: IgnoreStatus };
}

/** `GET /api/environments`: each environment's variables as a run resolves them. */
export interface EnvironmentsResponse {
  default_env: string;
  env: string;
  environments: {
    name: string;
    variables: Record<string, { value: string; file: string }>;
    resolved: { name: string; value: string; source: string; hides: string[] }[];
  }[];
}
