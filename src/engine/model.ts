/**
 * The data the engine reads and produces. Plain values only, so every surface
 * (CLI, MCP, preview, mock) can pass them around and serialise them.
 */

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type HttpMethod = typeof HTTP_METHODS[number];

export const PROTOCOLS = ["http", "ws", "sse", "graphql"] as const;
export type Protocol = typeof PROTOCOLS[number];

export const MATCH_MODES = ["shape", "strict", "schema"] as const;
export type MatchMode = typeof MATCH_MODES[number];

import type { AuthFields, TransportFields } from "./auth/types.ts";

export const AUTH_KINDS = [
  "none",
  "bearer",
  "basic",
  "custom",
  "oauth2",
  "digest",
  "apikey",
  "aws-sigv4",
] as const;
export type AuthKind = typeof AUTH_KINDS[number];

export const BACKOFFS = ["fixed", "exponential"] as const;
export type Backoff = typeof BACKOFFS[number];

export interface HttpHeader {
  name: string;
  value: string;
  /** 1-based line in the source file, when parsed from one. */
  line?: number;
}

/**
 * One part of a multipart body in curl's form syntax: `name=value`, or
 * `name=@./file;type=image/png;filename=a.png` for a file's bytes.
 */
export interface FormPart {
  name: string;
  value?: string;
  /** Path of the file whose bytes are the part, relative to the endpoint file. */
  file?: string;
  type?: string;
  filename?: string;
  line?: number;
}

/** A body line `< ./files/avatar.png`: the file's bytes, relative to the endpoint file. */
export interface BodyFile {
  path: string;
  line: number;
}

/** A `## Request` block as written: placeholders are still in it. */
export interface RequestBlock {
  method: string;
  target: string;
  headers: HttpHeader[];
  body: string;
  line: number;
  /** The body is a file's bytes (`< ./files/avatar.png`). */
  bodyFile?: BodyFile;
  /** The body is multipart/form-data, one part a line. */
  form?: FormPart[];
}

/** A `## Expected response` or `## Error responses` block as written. */
export interface ResponseBlock {
  /** The status, or the first concrete one of alternatives (`2XX` → 200). */
  status: number;
  /** Alternatives as written (`HTTP/1.1 200|201`, `2XX`), upper case; absent for one status. */
  statuses?: string[];
  reason: string;
  headers: HttpHeader[];
  body: string;
  line: number;
  /** The expected body is a file's bytes, compared byte for byte. */
  bodyFile?: BodyFile;
}

export const ASSERTION_OPERATORS = [
  "equals",
  "exists",
  "contains",
  "in",
  "matches",
  "!=",
  ">",
  ">=",
  "<",
  "<=",
  "length",
  "type",
] as const;
export type AssertionOperator = typeof ASSERTION_OPERATORS[number];

/** The JSON types `type` names (`integer`: a number without a fraction). */
export const VALUE_TYPES = [
  "string",
  "number",
  "integer",
  "boolean",
  "array",
  "object",
  "null",
] as const;

export interface AssertionRule {
  /** The rule as written, e.g. `body.id: exists`. */
  source: string;
  path: string;
  operator: AssertionOperator;
  /** Operand text as written (empty for `exists`); `length` keeps its comparison: `>= 1`. */
  operand: string;
  line: number;
  /** `not` before the operator: the rule holds when the operator does not. */
  not?: boolean;
}

export interface AssertionResult {
  rule: string;
  passed: boolean;
  message: string;
}

export interface RetryPolicy {
  attempts: number;
  backoff: Backoff;
}

/** `stream:` frontmatter of `protocol: sse` and `protocol: ws` files, defaults filled. */
export interface StreamOptions {
  /** Stop reading once an event matches (`data: [DONE]`, `event: done`). */
  until?: string;
  maxEvents: number;
  maxMs: number;
  /** No events or messages besides the listed ones. */
  exact: boolean;
  /** The mock's pause between events (ms). */
  everyMs: number;
}

/** One event of `## Expected events`, as written (placeholders still in it). */
export interface ExpectedEvent {
  event?: string;
  id?: string;
  data: string;
  line: number;
}

/** One line of a `## Messages` script: a message sent, a message expected, or the close expected. */
export type MessageStep =
  | { kind: "send"; text: string; line: number }
  | { kind: "expect"; text: string; line: number }
  | { kind: "close"; code: number; line: number };

/** `protocol: graphql`: the `## Query` and `## Variables` blocks. */
export interface GraphqlRequest {
  query: string;
  /** Line of the query's first line. */
  line: number;
  /** JSON text with placeholders. */
  variables?: { text: string; line: number };
  operationName?: string;
}

export interface EndpointSpec extends AuthFields {
  kind: "endpoint";
  file: string;
  title: string;
  description: string;
  resource: string;
  protocol: Protocol;
  method: HttpMethod;
  path: string;
  version: 1;
  tags: string[];
  env: string[];
  /** Undefined means "use the project default". */
  auth?: AuthKind;
  timeout?: number;
  retry: Partial<RetryPolicy>;
  match: MatchMode;
  ignore: string[];
  vars: Record<string, string>;
  /** `standalone: false`: the endpoint needs a flow's captures; `check` reports it as skipped. */
  standalone?: false;
  /** `cookies: false`: the request neither sends the run's cookies nor keeps the ones it gets. */
  cookies?: false;
  request: RequestBlock;
  expected: ResponseBlock;
  schema?: { value: unknown; line: number };
  errorResponses: ResponseBlock[];
  assertions: AssertionRule[];
  tests?: string;
  notes?: string;
  /** `protocol: sse` / `ws`: read limits and matching. */
  stream?: StreamOptions;
  /** `protocol: sse`: `## Expected events`. */
  events?: { expected: ExpectedEvent[]; line: number };
  /** `protocol: ws`: the `## Messages` script. */
  messages?: { steps: MessageStep[]; line: number };
  /** `protocol: graphql`: the query and its variables. */
  graphql?: GraphqlRequest;
}

export const CAPTURE_SOURCES = ["body", "headers", "status"] as const;

export interface Capture {
  expression: string;
  variable: string;
  line: number;
}

export interface FlowStep {
  name: string;
  /** Endpoint file reference as written in the flow. */
  endpoint: string;
  line: number;
  captures: Capture[];
  injects: { variable: string; line: number }[];
  asserts: AssertionRule[];
  /** `For each: \`items\` as \`item\``: one run per element of the array variable `items`. */
  forEach?: { items: string; as: string; line: number };
  /** `When: \`<variable>: <operator> <operand>\``: the step runs only when the rule holds. */
  when?: { variable: string; rule: AssertionRule; line: number };
  /** `Until: \`<rule>\``: the step is sent again until the rule holds on its response. */
  until?: { rule: AssertionRule; line: number; everyMs: number; times: number };
  /** `Delay: \`250ms\``: waits before sending (before each run of a loop). */
  delayMs?: number;
  /** `Always: true`: runs after an earlier failure or an interrupt too (cleanup, as `finally`). */
  always?: { line: number };
}

export interface FlowSpec {
  kind: "flow";
  file: string;
  name: string;
  title: string;
  description: string;
  parallel: boolean;
  continueOnError: boolean;
  steps: FlowStep[];
  /** `data:` frontmatter: a CSV, JSON or JSON Lines file; the flow runs once per row. */
  data?: { file: string; line: number };
}

export interface EnvSection {
  name: string;
  line: number;
  vars: Record<string, string>;
  /** Line of each variable, for messages and the variable report. */
  lines: Record<string, number>;
}

export interface EnvFile {
  file: string;
  sections: EnvSection[];
}

export interface ProjectConfig extends AuthFields, TransportFields {
  name: string;
  defaultEnv: string;
  timeout: number;
  retry: RetryPolicy;
  auth: AuthKind;
  /** `strict-assertions: true`: failing assertions fail every run, as `--strict-assertions` does. */
  strictAssertions?: boolean;
  /** `openapi: ../openapi.yaml`: the project's OpenAPI document, relative to the project file. */
  openapi?: string;
}

/** Environment names every surface treats as production: a run against one needs confirming. */
export const PRODUCTION_ENVS = ["prod", "production"];

export const DEFAULT_PROJECT: ProjectConfig = {
  name: "my-api",
  defaultEnv: "dev",
  timeout: 5000,
  retry: { attempts: 0, backoff: "fixed" },
  auth: "none",
};

/** A request after every placeholder has been resolved; ready to send. */
export interface ResolvedRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
  /** The body is this file's bytes (a path relative to the endpoint file). */
  bodyFile?: string;
  /** The body is multipart/form-data made of these parts. */
  form?: FormPart[];
}

/** A binary answer as apispec shows it: never the bytes themselves. */
export interface BinaryBody {
  bytes: number;
  type: string;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

/** One server-sent event; `data` is the event's data lines joined by newlines. */
export interface StreamEvent {
  event?: string;
  id?: string;
  data: string;
  /** Milliseconds from sending the request to receiving the event. */
  ms: number;
}

/** One WebSocket message received (text, or binary shown as its size). */
export interface StreamMessage {
  data: string;
  ms: number;
}

/** What came back from the API under test. Header names are lower case. */
export interface HttpResponse {
  status: number;
  reason: string;
  headers: [string, string][];
  body: string;
  /** A binary answer (`body` is then empty): its size, type and digest. */
  binary?: BinaryBody;
  /** `protocol: sse`: the events received, in order (`body` is then empty). */
  events?: StreamEvent[];
  /** `protocol: ws`: the messages received, in order. */
  messages?: StreamMessage[];
  /** `protocol: sse`: time from sending to the first event, when one came. */
  firstEventMs?: number;
}

export interface Diff {
  passed: boolean;
  status: string | null;
  headers: string[];
  body: string | null;
}

export type ErrorType =
  | "CONTRACT_MISMATCH"
  | "VAR_MISSING"
  | "AUTH_FAILED"
  | "NETWORK_ERROR"
  | "SPEC_PARSE_ERROR"
  | "VALIDATION_ERROR"
  | "UNSUPPORTED_PROTOCOL";

/** Every `error_type`, in SPEC.md's order. */
export const ERROR_TYPES: readonly ErrorType[] = [
  "CONTRACT_MISMATCH",
  "VAR_MISSING",
  "AUTH_FAILED",
  "NETWORK_ERROR",
  "SPEC_PARSE_ERROR",
  "VALIDATION_ERROR",
  "UNSUPPORTED_PROTOCOL",
];

/** The compact execution record of SPEC.md ("Other records"). Wire names are SPEC's. */
export interface ExecRecord {
  passed: boolean;
  status: number;
  duration_ms: number;
  error_type: ErrorType | null;
  hint: string;
  hints: string[];
  diff: Diff;
  assertion_results: AssertionResult[];
  /** Ctrl-C aborted the request before its answer: not a verdict on the API. */
  interrupted?: true;
  /** `protocol: sse`: how many events were read. */
  events_received?: number;
  /** `protocol: sse`: milliseconds from sending to the first event; null when none came. */
  first_event_ms?: number | null;
  /** `protocol: ws`: how many messages were received. */
  messages_received?: number;
  request?: ResolvedRequest;
  response?: HttpResponse;
  /** With verbose and a response: the expected body as this run compared it, for diff views. */
  expected?: ExpectedView;
}

/** The expected body with its placeholders filled, and the rules it was compared by. */
export interface ExpectedView {
  body: string;
  match: MatchMode;
  ignore: string[];
}

export interface VariableReportEntry {
  name: string;
  kind: "template" | "path_param";
  resolved: boolean;
  source?: string;
  hint?: string;
  /** It holds a credential (by its name, or because an auth kind reads it as one): show it masked. */
  secret?: true;
}

/** One run of an endpoint, as kept in its history file (SPEC.md "History entry"). */
export interface HistoryEntry {
  /** ISO 8601 UTC. */
  timestamp: string;
  passed: boolean;
  status: number;
  duration_ms: number;
  error_type: ErrorType | null;
}

export type HistoryTrend = "stable" | "improving" | "regressing";

/** One flow step's result: SPEC.md's step record, plus `skipped`, timing and a hint. */
export interface StepRecord {
  name: string;
  endpoint: string;
  passed: boolean;
  status: number;
  error_type: ErrorType | null;
  /** Not run: an earlier failure stopped the flow, a dependency failed, or the environment is excluded. */
  skipped?: boolean;
  duration_ms: number;
  /** Why the step failed or was skipped. */
  hint?: string;
  /** The full execution record, with `verbose`. */
  record?: ExecRecord;
  /** Requests sent by an `Until` step, the last one's record being this one. */
  attempts?: number;
  /** Ctrl-C aborted its request before the answer came. */
  interrupted?: true;
}
