/**
 * Routes that execute: Send a spec, the variable report behind the
 * overrides form, the environments, an ad-hoc request (optionally saved as a
 * spec), and running a flow with its steps streamed as they finish.
 */
import { join } from "../../adapters/path.ts";
import { HTTP_METHODS, type HttpMethod } from "../../engine/model.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { reportVariables } from "../../engine/resolve/build.ts";
import { CLI_ORDER, SECRET_NAME } from "../../engine/resolve/layers.ts";
import { MASK, maskText } from "../../engine/secrets/mask.ts";
import { exists, readText } from "../../adapters/fs.ts";
import { OS_PREFIXES } from "../../ops/run/exec.ts";
import {
  buildLayers,
  environmentNames,
  loadCollection,
  projectFilePath,
  selectEnv,
} from "../../ops/collection/load.ts";
import { sendAdHoc } from "../../ops/run/request.ts";
import {
  type FlowResult,
  type RowResult,
  type RowStart,
  runFlow,
  type StepRecord,
} from "../../ops/flow/flow.ts";
import { markdownPath } from "./files.ts";
import {
  BadRequest,
  json,
  jsonLines,
  readJson,
  type StreamError,
  stringField,
  varsField,
} from "./reply.ts";
import { runSpec } from "./run_spec.ts";
import { keepRun } from "./update.ts";
import { type PreviewState, workspaceCtx } from "../state.ts";

function optionalInteger(body: Record<string, unknown>, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) <= 0) {
    throw new BadRequest(`Field "${name}" must be a positive integer`, `Send e.g. "${name}": 5000`);
  }
  return value as number;
}

/** `POST /api/run {path, env?, vars?, strict_assertions?, timeout_ms?}` */
export async function runSpecRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const { path } = await markdownPath(state, stringField(body, "path"));
  const result = await runSpec({
    path,
    env: stringField(body, "env", false) ?? state.env,
    vars: varsField(body, "vars"),
    strictAssertions: body.strict_assertions === true,
    timeoutMs: optionalInteger(body, "timeout_ms"),
    mock: state.mock,
    keep: (result) => keepRun(state, result),
    place: state.history.place,
  }, workspaceCtx(state));
  return json(result);
}

/** `GET /api/vars?path=&env=`: every variable the spec uses and where its value would come from. */
export async function varsRoute(state: PreviewState, url: URL): Promise<Response> {
  const { path, file } = await markdownPath(state, url.searchParams.get("path"));
  const ctx = workspaceCtx(state);
  const collection = await loadCollection(state.workspace.collection, ctx);
  const { env, issues } = selectEnv(collection, url.searchParams.get("env") ?? state.env);
  const { spec, issues: parseIssues } = parseEndpoint(await readText(path), file);
  if (!spec) {
    return json({
      spec: file,
      env,
      ready: false,
      variables: [],
      issues: [...issues, ...parseIssues],
    });
  }
  const layers = buildLayers(collection, env, { frontmatter: spec.vars }, CLI_ORDER, [
    ...OS_PREFIXES.cli,
  ], ctx.env);
  const variables = reportVariables(spec, {
    layers,
    auth: spec.auth ?? collection.config.auth,
    env,
    project: collection.config,
  });
  return json({ spec: file, env, ready: variables.every((v) => v.resolved), variables, issues });
}

/** `GET /api/environments`: names and variables of each environment; secrets masked by name and shape. */
/**
 * Every variable an environment resolves, as a run resolves it without
 * overrides: the value (masked) and where it comes from, plus the lower
 * sources it hides. Values from `.env.local` and `APISPEC_*` are never
 * shown: those hold the secrets.
 */
function resolvedVariables(
  collection: Awaited<ReturnType<typeof loadCollection>>,
  env: string,
  osEnv: Record<string, string>,
): { name: string; value: string; source: string; hides: string[] }[] {
  const layers = buildLayers(collection, env, {}, CLI_ORDER, [...OS_PREFIXES.cli], osEnv);
  const names = [...new Set(layers.flatMap((l) => Object.keys(l.vars)))].sort();
  return names.map((name) => {
    const from = layers.filter((l) => Object.hasOwn(l.vars, name));
    const [top] = from;
    const hidden = top.name === "dotenv" || top.name === "os" || SECRET_NAME.test(name);
    return {
      name,
      value: hidden ? MASK : maskText(top.vars[name]),
      source: top.labels?.[name] ?? top.label,
      hides: from.slice(1).map((l) => l.labels?.[name] ?? l.label),
    };
  });
}

export async function environmentsRoute(state: PreviewState): Promise<Response> {
  const ctx = workspaceCtx(state);
  const collection = await loadCollection(state.workspace.collection, ctx);
  const environments = environmentNames(collection).map((name) => {
    const variables: Record<string, { value: string; file: string }> = {};
    // Template first, then env.md over it, as the layers resolve them.
    for (const { env } of [...collection.envFiles].reverse()) {
      const section = env.sections.find((s) => s.name === name);
      for (const [key, value] of Object.entries(section?.vars ?? {})) {
        variables[key] = {
          value: SECRET_NAME.test(key) ? MASK : maskText(value),
          file: env.file,
        };
      }
    }
    return { name, variables, resolved: resolvedVariables(collection, name, ctx.env) };
  });
  return json({
    default_env: collection.config.defaultEnv,
    env: state.env ?? collection.config.defaultEnv,
    environments,
  });
}

/**
 * `POST /api/request {method, url, headers?: [[name, value]], body?, env?, vars?, timeout_ms?, save?,
 * dry_run?}`: an ad-hoc request through `sendAdHoc`; `save` (a path under api-docs/) writes a spec
 * from it; `dry_run` resolves it (masked) and sends nothing.
 */
export async function adHocRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const method = (stringField(body, "method") ?? "").toUpperCase();
  if (!HTTP_METHODS.includes(method as HttpMethod)) {
    throw new BadRequest(
      `Method "${method}" is not supported`,
      `Use one of ${HTTP_METHODS.join(", ")}`,
    );
  }
  const headers = headerLines(body.headers);
  let save: string | undefined;
  const saveGiven = stringField(body, "save", false);
  if (saveGiven !== undefined) save = (await markdownPath(state, saveGiven)).path;
  const ctx = workspaceCtx(state);
  let data = stringField(body, "body", false);
  let temp: string | undefined;
  if (data?.startsWith("@")) {
    // sendAdHoc reads "@path" as a file; a body typed in the UI is text, so it goes through a temp file.
    temp = await Deno.makeTempFile({ prefix: "apispec-body-" });
    await Deno.writeTextFile(temp, data);
    data = `@${temp}`;
  }
  try {
    const result = await sendAdHoc({
      method: method as HttpMethod,
      url: stringField(body, "url")!,
      headers,
      data: data || undefined,
      env: stringField(body, "env", false) ?? state.env,
      vars: varsField(body, "vars"),
      // A dry run resolves the request (masked) without sending it: "copy as cURL".
      dryRun: body.dry_run === true,
      timeoutMs: optionalInteger(body, "timeout_ms"),
      save: body.dry_run === true ? undefined : save,
      config: await projectFile(state),
    }, ctx);
    if (result.saved) {
      await state.index.update([relativeToCollection(state, join(ctx.cwd, result.saved))]);
    }
    const saved = result.saved
      ? relativeToCollection(state, join(ctx.cwd, result.saved))
      : undefined;
    return json({
      request: result.request ?? null,
      response: result.response ?? null,
      failure: result.failure ?? null,
      duration_ms: result.duration_ms,
      saved: saved ?? null,
      issues: result.issues,
      exit_code: result.exitCode,
    });
  } finally {
    if (temp) await Deno.remove(temp).catch(() => {});
  }
}

/** `--config` for sendAdHoc, so it loads this workspace's collection whatever git says. */
async function projectFile(state: PreviewState): Promise<string | undefined> {
  const file = projectFilePath(state.workspace.collection);
  return await exists(file) ? file : undefined;
}

function relativeToCollection(state: PreviewState, absolute: string): string {
  return absolute.slice(state.workspace.collection.length + 1);
}

function headerLines(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new BadRequest('Field "headers" must be a list', 'Send [["Accept", "application/json"]]');
  }
  return value.map((entry) => {
    if (Array.isArray(entry) && entry.length === 2 && entry.every((v) => typeof v === "string")) {
      return `${entry[0]}: ${entry[1]}`;
    }
    if (typeof entry === "string") return entry;
    throw new BadRequest(
      "Each header must be [name, value]",
      'Send [["Accept", "application/json"]]',
    );
  }).filter((line) => line.trim() !== "" && line.trim() !== ":");
}

/** What `POST /api/flow/run` ends with: the flow result without its internals (sources, details). */
export type FlowRunResult =
  & Pick<FlowResult, "file" | "title" | "env" | "passed" | "captures" | "steps" | "issues">
  & { exit_code: number; iterations?: FlowJsonRow[] };

type FlowJsonRow = Omit<RowResult, "details">;

/** One line of the stream: a record with the plan node it belongs to, a data row starting, or the end. */
export type FlowRunEvent =
  | { type: "step"; step: StepRecord; id?: string; iteration?: number; row?: number }
  | { type: "row"; row: RowStart }
  | { type: "done"; result: FlowRunResult }
  | StreamError;

/**
 * `POST /api/flow/run {path, env?, vars?, parallel?, continue_on_error?}`:
 * `runFlow` with verbose step records, streamed as newline-delimited JSON:
 * one `{"type": "step", "step", "id", "iteration"}` line per record (each
 * loop iteration, each sub-flow step) as soon as it is decided, a
 * `{"type": "row"}` line before each data row, then `{"type": "done", "result"}`.
 * `parallel` and `continue_on_error` override the file's settings for this run.
 */
export async function runFlowRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const { path } = await markdownPath(state, stringField(body, "path"));
  const input = {
    file: path,
    env: stringField(body, "env", false) ?? state.env,
    cli: varsField(body, "vars"),
    verbose: true,
    parallel: optionalBoolean(body, "parallel"),
    continueOnError: optionalBoolean(body, "continue_on_error"),
  };
  const ctx = workspaceCtx(state);
  return jsonLines<FlowRunEvent>(async (send) => {
    let row: number | undefined;
    const result = await runFlow(
      input,
      ctx,
      (step, detail) =>
        send({ type: "step", step, id: detail.id, iteration: detail.iteration, row }),
      undefined,
      (start) => {
        row = start.index;
        send({ type: "row", row: start });
      },
    );
    const done: FlowRunResult = {
      file: result.file,
      title: result.title,
      env: result.env,
      passed: result.passed,
      captures: result.captures,
      steps: result.steps,
      issues: result.issues,
      exit_code: result.exitCode,
      ...(result.iterations
        ? { iterations: result.iterations.map(({ details: _, ...rest }) => rest) }
        : {}),
    };
    send({ type: "done", result: done });
  }, "This is a bug in apispec; run the flow with `apispec flow` for details");
}

function optionalBoolean(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") {
    throw new BadRequest(`Field "${name}" must be true or false`, `Send "${name}": true`);
  }
  return value;
}
