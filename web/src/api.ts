/** The preview API client: one function per route, errors as `ApiFailure` with the server's message. */
import type {
  AdHocResponse,
  ApiError,
  CoverageResponse,
  EnvFilesResponse,
  EnvFileView,
  EnvironmentsResponse,
  ExchangeDetail,
  ExecRecord,
  FlowEntry,
  FlowResponse,
  FlowResult,
  FlowRunEvent,
  HistoryEntry,
  HistoryResponse,
  IndexResponse,
  Issue,
  ProxyView,
  RunAllMessage,
  RunResponse,
  SpecResponse,
  StepRecord,
  UpdatePlanView,
  VarsResponse,
  WorkspaceView,
} from "./types.ts";
import type { FuzzMessage } from "../../src/preview/api/fuzz.ts";

/** A line of `POST /api/fuzz`. */
export type { FuzzMessage };

export class ApiFailure extends Error {
  constructor(readonly status: number, readonly body: ApiError) {
    super(body.error?.message ?? `HTTP ${status}`);
  }
  get fix(): string {
    return this.body.error?.fix ?? "";
  }
  get issues(): Issue[] {
    return this.body.issues ?? [];
  }
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const data = await response.json().catch(() => ({
    error: { code: "BAD_RESPONSE", message: `HTTP ${response.status}`, fix: "" },
  }));
  if (!response.ok) throw new ApiFailure(response.status, data as ApiError);
  return data as T;
}

const q = (path: string) => encodeURIComponent(path);

export const api = {
  workspace: () => call<WorkspaceView>("GET", "/api/workspace/current"),
  openWorkspace: (path: string) =>
    call<{ status: string; workspace: WorkspaceView }>("POST", "/api/workspace/open", { path }),
  index: () => call<IndexResponse>("GET", "/api/index"),
  flows: () => call<{ count: number; flows: FlowEntry[] }>("GET", "/api/flows"),
  environments: () => call<EnvironmentsResponse>("GET", "/api/environments"),
  spec: (path: string) => call<SpecResponse>("GET", `/api/spec?path=${q(path)}`),
  saveSpec: (path: string, text: string, create = false) =>
    call<{ status: string; file: string; created: boolean; issues: Issue[] }>("PUT", "/api/spec", {
      path,
      text,
      create,
    }),
  validate: (path: string, text: string) =>
    call<{ issues: Issue[] }>("POST", "/api/validate", { path, text }),
  vars: (path: string, env: string) =>
    call<VarsResponse>("GET", `/api/vars?path=${q(path)}&env=${q(env)}`),
  run: (path: string, env: string, vars: Record<string, string>) =>
    call<RunResponse>("POST", "/api/run", { path, env, vars }),
  planUpdate: (updateId: string) =>
    call<UpdatePlanView>("POST", "/api/update", { update_id: updateId }),
  applyUpdate: (updateId: string) =>
    call<{ status: string; file: string; written: boolean }>("POST", "/api/update/apply", {
      update_id: updateId,
    }),
  request: (input: {
    method: string;
    url: string;
    headers: [string, string][];
    body?: string;
    env: string;
    vars: Record<string, string>;
    save?: string;
    dry_run?: boolean;
  }) => call<AdHocResponse>("POST", "/api/request", input),
  history: (path: string, last = 200) =>
    call<HistoryResponse>("GET", `/api/history?path=${q(path)}&last=${last}`),
  historyExchange: (path: string, timestamp: string) =>
    call<{ file: string; timestamp: string; record: ExecRecord }>(
      "GET",
      `/api/history/exchange?path=${q(path)}&timestamp=${q(timestamp)}`,
    ),
  stopRunAll: () => call<{ status: string; stopped: number }>("POST", "/api/run-all/stop", {}),
  dataRows: (path: string) =>
    call<{ file: string; rows: Record<string, string>[]; issues: Issue[] }>(
      "GET",
      `/api/data?path=${q(path)}`,
    ),
  latestRuns: () =>
    call<{ count: number; runs: Record<string, HistoryEntry> }>("GET", "/api/history/latest"),
  envFiles: () => call<EnvFilesResponse>("GET", "/api/env-files"),
  saveEnv: (file: string, env: string, set: Record<string, string>, remove: string[]) =>
    call<{ status: string; file: EnvFileView }>("PUT", "/api/env-files", {
      file,
      env,
      set,
      remove,
    }),
  /** `openapi` undefined: the document project.md names; "": none. */
  coverage: (openapi?: string) =>
    call<CoverageResponse>(
      "GET",
      openapi === undefined ? "/api/coverage" : `/api/coverage?openapi=${q(openapi)}`,
    ),
  draftSpec: (operation: { method: string; path: string }, openapi?: string) =>
    call<
      {
        status: string;
        file: string;
        secrets: { where: string; variable: string }[];
        index: string | null;
      }
    >(
      "POST",
      "/api/coverage/draft",
      { ...operation, openapi },
    ),
  saveOpenApi: (openapi: string) =>
    call<{ status: string; file: string; openapi: string; path: string }>(
      "POST",
      "/api/coverage/openapi",
      { openapi },
    ),
  proxyExchanges: () => call<ProxyView>("GET", "/api/proxy/exchanges"),
  proxyExchange: (id: number) => call<ExchangeDetail>("GET", `/api/proxy/exchange?id=${id}`),
  saveProxyExchange: (id: number) =>
    call<{ status: string; file: string }>("POST", "/api/proxy/save", { id }),
  createFile: (input: Record<string, string>) =>
    call<{ status: string; path: string; files: string[] }>("POST", "/api/files/create", input),
  duplicateFile: (path: string, to: string) =>
    call<{ status: string; path: string; files: string[] }>("POST", "/api/files/duplicate", {
      path,
      to,
    }),
  renameFile: (path: string, to: string) =>
    call<{ status: string; path: string; files: string[] }>("POST", "/api/files/rename", {
      path,
      to,
    }),
  deleteFile: (path: string) =>
    call<{ status: string; path: string; files: string[] }>("POST", "/api/files/delete", {
      path,
      confirm: true,
    }),
  flow: (path: string) => call<FlowResponse>("GET", `/api/flow?path=${q(path)}`),
  saveFlow: (path: string, text: string, create = false) =>
    call<{ status: string; file: string; created: boolean; issues: Issue[] }>("PUT", "/api/flow", {
      path,
      text,
      create,
    }),
};

/** A streamed record with the plan node (and loop iteration, data row) it belongs to. */
export interface FlowStepEvent {
  step: StepRecord;
  id?: string;
  iteration?: number;
  row?: number;
}

/**
 * Runs a flow, calling `onStep` for each record as its line arrives (every
 * loop iteration and sub-flow step). `parallel` and `continueOnError`
 * override the file's switches for this run.
 */
export async function runFlow(
  path: string,
  env: string,
  options: { vars?: Record<string, string>; parallel?: boolean; continueOnError?: boolean },
  onStep: (event: FlowStepEvent) => void,
): Promise<FlowResult> {
  const response = await fetch("/api/flow/run", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      path,
      env,
      vars: options.vars ?? {},
      parallel: options.parallel,
      continue_on_error: options.continueOnError,
    }),
  });
  let result: FlowResult | undefined;
  await readJsonLines<FlowRunEvent>(response, (message) => {
    if (message.type === "step") onStep(message);
    else if (message.type === "done") result = message.result;
    else if (message.type === "error") throw new ApiFailure(500, { error: message.error });
  });
  if (!result) {
    throw new ApiFailure(500, {
      error: {
        code: "BAD_RESPONSE",
        message: "The flow run ended without a result",
        fix: "Run it again",
      },
    });
  }
  return result;
}

/**
 * Runs the collection or one folder (`POST /api/run-all`), calling
 * `onMessage` for each line of the stream: the plan, each result, the summary.
 */
export async function runAll(
  input: { path: string; env: string; vars: Record<string, string> },
  onMessage: (message: RunAllMessage) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch("/api/run-all", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
    signal,
  });
  await readJsonLines(response, onMessage);
}

/**
 * Reads a streamed answer of JSON lines (the server's `jsonLines`), one
 * message per line as it arrives; a refused request throws its error.
 */
async function readJsonLines<T>(response: Response, onMessage: (message: T) => void) {
  if (!response.ok || !response.body) {
    const data = await response.json().catch(() => ({
      error: { code: "BAD_RESPONSE", message: `HTTP ${response.status}`, fix: "" },
    }));
    throw new ApiFailure(response.status, data as ApiError);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  while (true) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onMessage(JSON.parse(line) as T);
    }
    if (done) break;
  }
}

/** Fuzzes the API from the project's OpenAPI document, streaming progress. */
export async function fuzz(
  input: { stateful: boolean; openapi?: string },
  onMessage: (message: FuzzMessage) => void,
): Promise<void> {
  const response = await fetch("/api/fuzz", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  await readJsonLines(response, onMessage);
}
