/**
 * Run all: `checkContracts` (the operation behind `apispec check`, with its
 * ordering and concurrency) over the collection or one folder of it,
 * streamed as newline-delimited JSON: what will run, each endpoint and flow
 * as it finishes, then the summary.
 */
import { relative, resolve } from "../../adapters/path.ts";
import type { ExecRecord, StepRecord } from "../../engine/model.ts";
import type { RunSummary } from "../../engine/render/report.ts";
import { isDirectory, toSlash } from "../../adapters/fs.ts";
import { checkContracts } from "../../ops/run/check.ts";
import type { SpecRun } from "../../ops/run/batch.ts";
import type { FlowResult } from "../../ops/flow/flow.ts";
import { Forbidden } from "./files.ts";
import { containedPath } from "../guard.ts";
import {
  BadRequest,
  json,
  jsonLines,
  readJson,
  type StreamError,
  stringField,
  varsField,
} from "./reply.ts";
import { type PreviewState, workspaceCtx } from "../state.ts";

/** One finished endpoint or flow, as the Run all list shows it. */
export interface RunAllItem extends RunSummary {
  kind: "endpoint" | "flow";
  /** Relative to api-docs/. */
  file: string;
  title: string;
  method?: string;
  /** An endpoint's masked record with its request and response, so the spec page can show the diff. */
  record?: ExecRecord;
  /** A flow's steps. */
  steps?: StepRecord[];
}

export type RunAllMessage =
  | { type: "start"; total: number; endpoints: string[]; flows: string[] }
  | { type: "result"; result: RunAllItem }
  | {
    type: "done";
    summary: {
      total: number;
      passed: number;
      failed: number;
      skipped: number;
      duration_ms: number;
    };
    exit_code: number;
    issues: unknown[];
    /** Stopped (`POST /api/run-all/stop`): what ran is listed, nothing more was sent. */
    interrupted?: true;
  }
  | StreamError;

/** The Run alls in progress, per server: Stop interrupts them. */
const running = new WeakMap<PreviewState, Set<AbortController>>();

/** `POST /api/run-all/stop`: no further item of any Run all in progress starts. */
export function stopRunAllRoute(state: PreviewState): Promise<Response> {
  const runs = running.get(state) ?? new Set();
  for (const run of runs) run.abort(new DOMException("stopped from the UI", "AbortError"));
  return Promise.resolve(json({ status: "ok", stopped: runs.size }));
}

function endpointItem(run: SpecRun, inCollection: (path: string) => string): RunAllItem {
  const { record } = run;
  const firstError = run.issues.find((i) => i.severity === "error");
  return {
    kind: "endpoint",
    file: inCollection(run.path),
    title: run.spec?.title ?? run.file,
    method: run.spec?.method,
    passed: record.passed && !run.skipped,
    ...(run.skipped ? { skipped: true } : {}),
    status: record.status,
    duration_ms: record.duration_ms,
    error_type: run.skipped ? null : record.error_type,
    hint: run.skipped
      ? `Skipped: ${run.skipped}`
      : record.passed
      ? ""
      : record.hint || firstError?.message || "",
    record: {
      ...record,
      ...(run.request ? { request: run.request } : {}),
      ...(run.response ? { response: run.response } : {}),
    },
  };
}

function flowItem(flow: FlowResult, file: string): RunAllItem {
  if (flow.skipped) {
    return {
      kind: "flow",
      file,
      title: flow.title,
      passed: false,
      skipped: true,
      status: 0,
      duration_ms: 0,
      error_type: null,
      hint: `Skipped: ${flow.skipped}`,
      steps: [],
    };
  }
  const failed = flow.steps.find((s) => !s.passed && !s.skipped);
  const error = flow.issues.find((i) => i.severity === "error");
  return {
    kind: "flow",
    file,
    title: flow.title,
    passed: flow.passed && !error,
    status: 0,
    duration_ms: flow.steps.reduce((sum, s) => sum + s.duration_ms, 0),
    error_type: failed?.error_type ?? error?.code ?? null,
    hint: failed
      ? `Step "${failed.name}" failed: ${failed.hint ?? failed.error_type}`
      : error?.message ?? "",
    steps: flow.steps,
  };
}

/** `POST /api/run-all {path?, env?, vars?}`: `path` is a folder under api-docs/ (default: all of it). */
export async function runAllRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const folder = (stringField(body, "path", false) ?? "").replace(/\/+$/, "");
  let dir = state.workspace.collection;
  if (folder !== "" && folder !== ".") {
    const contained = await containedPath(state.workspace.collection, folder);
    if (!contained.ok) {
      throw new Forbidden(contained.reason, "Give a folder relative to api-docs/, e.g. apis/users");
    }
    if (!(await isDirectory(contained.path))) {
      throw new BadRequest(
        `"${folder}" is not a folder of the collection`,
        "Pick a folder, e.g. apis/users",
      );
    }
    dir = contained.path;
  }
  const collection = state.workspace.collection;
  const inCollection = (path: string) => toSlash(relative(collection, path));
  // Stop interrupts the run as Ctrl-C interrupts `check`: items in flight finish, none starts.
  const stop = new AbortController();
  const ctx = { ...workspaceCtx(state), interrupt: stop.signal };
  const env = stringField(body, "env", false) ?? state.env;
  const vars = varsField(body, "vars");
  return jsonLines<RunAllMessage>(async (send) => {
    const started = ctx.clock.monotonic();
    let runs = running.get(state);
    if (!runs) running.set(state, runs = new Set());
    runs.add(stop);
    const result = await checkContracts({
      dir,
      env,
      cli: vars,
      // Records carry the expected body as compared: the spec page draws the same diff as Send.
      verbose: true,
      progress: {
        start: ({ endpoints, flows }) =>
          send({
            type: "start",
            total: endpoints.length + flows.length,
            endpoints: endpoints.map(inCollection),
            flows: flows.map(inCollection),
          }),
        endpoint: (run) => send({ type: "result", result: endpointItem(run, inCollection) }),
        flow: (flow) =>
          send({
            type: "result",
            result: flowItem(flow, inCollection(resolve(ctx.cwd, flow.file))),
          }),
      },
    }, ctx).finally(() => runs.delete(stop));
    const items = [
      ...result.endpoints.map((r) => endpointItem(r, inCollection)),
      ...result.flows.map((f) => flowItem(f, f.file)),
    ];
    const skipped = items.filter((i) => i.skipped).length;
    const passed = items.filter((i) => i.passed).length;
    send({
      type: "done",
      summary: {
        total: items.length,
        passed,
        failed: items.length - passed - skipped,
        skipped,
        duration_ms: Math.round(ctx.clock.monotonic() - started),
      },
      exit_code: result.exitCode,
      issues: result.refused ? [...result.issues, result.refused] : result.issues,
      ...(result.interrupted ? { interrupted: true as const } : {}),
    });
  }, "This is a bug in apispec; run `apispec check` on the folder for details");
}
