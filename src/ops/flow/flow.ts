/**
 * `runFlow`: loads a pipeline file and every endpoint file it names, checks
 * everything that can be checked before a request (files, secrets,
 * variables), then runs the steps (`flow_steps.ts`) in order or as a
 * dependency graph. Returns masked records and an exit code; never prints.
 * The CLI, the tool server (`apispec_flow`) and the preview UI's flow canvas
 * all call this.
 */
import { EXIT, type ExitCode, exitCodeFor, type Issue, issue } from "../../engine/issue.ts";
import type { FlowSpec, StepRecord } from "../../engine/model.ts";
import type { FlowHeader, StepDetail } from "../../engine/render/flow.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import { type FlowPlan, planFlow } from "../../engine/flow/plan.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import { readText } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { type LoadedEndpoint, loadEndpoint } from "../run/exec.ts";
import {
  type Collection,
  displayPath,
  findCollectionRoot,
  loadCollection,
  resolveUserPath,
  selectEnv,
} from "../collection/load.ts";
import { resolveStepPath } from "../collection/validate.ts";
import { runSteps } from "./flow_schedule.ts";
import { type FlowInput, precheckSteps, skippedStep, type StepContext } from "./flow_step.ts";

export type { StepDetail, StepRecord };

export type { FlowInput };

export interface FlowResult {
  file: string;
  /** The flow's title (its `# ` heading), else its name; the file when it does not parse. */
  title: string;
  env: string;
  passed: boolean;
  /** Capture name → value; secret-named values are masked. */
  captures: Record<string, string>;
  steps: StepRecord[];
  issues: Issue[];
  exitCode: ExitCode;
  /** Whether the steps ran as a dependency graph. */
  parallel: boolean;
  /** Aligned with `steps`. */
  details: StepDetail[];
  /** Display path → text of every file read, for caret rendering. */
  sources: Map<string, string>;
}

/** The wire form of a result (`flow --output=json`, `apispec_flow`): `{passed, captures, steps}`. */
export function flowJson(
  result: FlowResult,
): { passed: boolean; captures: Record<string, string>; steps: StepRecord[] } {
  return { passed: result.passed, captures: result.captures, steps: result.steps };
}

/**
 * Runs a pipeline file. `onStep` hears about each step as soon as it is
 * decided; `onStart` once everything is checked, just before the first step.
 */
export async function runFlow(
  input: FlowInput,
  ctx: OpsContext,
  onStep?: (step: StepRecord, detail: StepDetail) => void,
  onStart?: (header: FlowHeader) => void,
): Promise<FlowResult> {
  const path = await resolveUserPath(input.file, ctx, input.config);
  const file = displayPath(path, ctx.cwd);
  const root = await findCollectionRoot({ config: input.config, near: path }, ctx);
  const collection = await loadCollection(root, ctx, input.config);
  const sources = new Map(collection.sources);
  const result = (
    env: string,
    issues: Issue[],
    flow?: FlowSpec,
  ): FlowResult => ({
    file,
    title: flow?.title ?? file,
    env,
    passed: false,
    captures: {},
    steps: (flow?.steps ?? []).map((step) => skippedStep(step, "Not run: the flow has errors")),
    issues,
    exitCode: exitCodeFor(issues),
    parallel: input.parallel ?? flow?.parallel ?? false,
    details: (flow?.steps ?? []).map((step) => ({ file: step.endpoint, line: step.line })),
    sources,
  });

  let text: string;
  try {
    text = await readText(path);
  } catch (error) {
    const missing = error instanceof Deno.errors.NotFound;
    return result(input.env ?? collection.config.defaultEnv, [
      issue(
        missing ? "USAGE" : "ENGINE_ERROR",
        missing ? `Flow file ${file} does not exist` : `Cannot read ${file}: ${error}`,
        {
          file,
          fix: missing
            ? "Check the path; paths may be relative to the working folder or to api-docs/"
            : "Check the file's permissions",
        },
      ),
    ]);
  }
  sources.set(file, text);
  const parsed = parseFlow(text, file);
  const issues = [...collection.issues, ...scanSecrets(text, file), ...parsed.issues];
  const { env, issues: envIssues } = selectEnv(collection, input.env);
  issues.push(...envIssues);
  const flow = parsed.flow;
  if (!flow || issues.some((i) => i.severity === "error")) return result(env, issues, flow);

  const loaded = await loadSteps(flow, path, collection, ctx);
  for (const step of loaded) if (step.text !== undefined) sources.set(step.file, step.text);
  issues.push(...stepFileIssues(flow, loaded));
  const plan: FlowPlan = planFlow(flow, loaded.map((l) => l.text));
  issues.push(...plan.issues);
  if (issues.some((i) => i.severity === "error")) return result(env, issues, flow);

  const stepContext: StepContext = {
    flow,
    plan,
    collection,
    env,
    specs: loaded.map((l) => l.spec!),
    paths: loaded.map((l) => l.path),
    input,
    ctx,
  };
  // Every step is resolved (captures as placeholders) before anything is sent.
  const prechecked = await precheckSteps(stepContext);
  issues.push(...prechecked.issues);
  if (issues.some((i) => i.severity === "error")) return result(env, issues, flow);

  const parallel = input.parallel ?? flow.parallel;
  onStart?.({
    title: flow.title,
    file,
    env,
    steps: flow.steps.length,
    parallel,
    dryRun: input.dryRun ?? false,
  });
  const run = await runSteps(stepContext, prechecked, onStep);
  issues.push(...run.issues);
  const failed = run.steps.some((s) => !s.passed && !s.skipped);
  const exitCode: ExitCode = failed && !flow.continueOnError ? EXIT.testFailed : EXIT.passed;
  return {
    file,
    title: flow.title,
    env,
    passed: !failed,
    captures: run.captures,
    steps: run.steps,
    issues,
    exitCode,
    parallel,
    details: run.details,
    sources,
  };
}

async function loadSteps(
  flow: FlowSpec,
  flowPath: string,
  collection: Collection,
  ctx: OpsContext,
): Promise<LoadedEndpoint[]> {
  const cache = new Map<string, Promise<LoadedEndpoint>>();
  return await Promise.all(flow.steps.map((step) => {
    const target = resolveStepPath(step.endpoint, flowPath, collection.root);
    if (!cache.has(target)) cache.set(target, loadEndpoint(target, ctx));
    return cache.get(target)!;
  }));
}

/**
 * A step whose file is missing, unreadable, secret-bearing or invalid stops
 * the flow before it starts. Each endpoint file's own issues (warnings too)
 * are listed once, with their lines, for the caret view.
 */
function stepFileIssues(flow: FlowSpec, loaded: LoadedEndpoint[]): Issue[] {
  const issues: Issue[] = [];
  const reported = new Set<string>();
  flow.steps.forEach((step, index) => {
    const own = loaded[index].issues;
    const first = own.find((i) => i.severity === "error");
    if (first) {
      issues.push(
        issue(
          first.code === "USAGE" ? "SPEC_PARSE_ERROR" : first.code,
          `Step "${step.name}" cannot run: ${lowerFirst(first.message)}`,
          {
            file: flow.file,
            line: step.line,
            fix: first.code === "USAGE"
              ? "Paths are relative to the collection root (api-docs/) unless they start with ./ or ../"
              : `Fix ${step.endpoint} (run \`apispec validate ${loaded[index].file}\`)`,
          },
        ),
      );
    }
    if (reported.has(loaded[index].path)) return;
    reported.add(loaded[index].path);
    issues.push(...own.filter((i) => i.code !== "USAGE"));
  });
  return issues;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}
