/** Shapes of the preview API (docs/preview-api.md); engine types are shared, type-only. */
import type { Issue } from "../../src/engine/issue.ts";
import type {
  EndpointSpec,
  ExecRecord,
  FlowSpec,
  HttpResponse,
  ResolvedRequest,
  VariableReportEntry,
} from "../../src/engine/model.ts";

export type {
  EndpointSpec,
  ExecRecord,
  FlowSpec,
  HttpResponse,
  Issue,
  ResolvedRequest,
  VariableReportEntry,
};

export interface WorkspaceView {
  name: string;
  root: string;
  collection: string;
  env: string;
  default_env: string;
  environments: string[];
  mock: boolean;
}

export interface EndpointEntry {
  file: string;
  title: string;
  method: string;
  path: string;
  resource: string;
  tags: string[];
  description: string;
}

export interface BrokenEntry {
  file: string;
  kind: "endpoint" | "flow";
  message: string;
  line?: number;
}

export interface FlowEntry {
  file: string;
  name: string;
  title: string;
  description: string;
  steps: number;
}

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
  issues: Issue[];
}

export interface RunResponse {
  file: string;
  env: string;
  mock: boolean;
  record: ExecRecord;
  issues: Issue[];
  variables: VariableReportEntry[];
  exit_code: number;
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

export interface StepRecord {
  name: string;
  endpoint: string;
  passed: boolean;
  status: number;
  error_type: string | null;
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

export interface ApiError {
  error: { code: string; message: string; fix: string };
  issues?: Issue[];
}
