/**
 * `runFlow`: loads a flow and every file it names (`load.ts`), plans it
 * (`engine/flow/plan.ts`), checks everything that can be checked before a
 * request (files, secrets, cycles, the data file, a dry run of every step),
 * then runs the plan (`run_rows.ts` → `run_nodes.ts` → `run_request.ts`),
 * once, or once per data row. Returns masked records and an exit code; never
 * prints. The CLI, the tool server (`apispec_flow`) and the preview UI all
 * call this.
 */
import { EXIT, type ExitCode, exitCodeFor, type Issue } from "../../engine/issue.ts";
import type { AssertionRule, FlowSpec, ProjectConfig, StepRecord } from "../../engine/model.ts";
import type { FlowHeader, StepDetail } from "../../engine/render/flow.ts";
import { type FlowPlan, planFlow, requestNodes } from "../../engine/flow/plan.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  displayPath,
  findCollectionRoot,
  loadCollection,
  resolveUserPath,
  selectEnv,
} from "../collection/load.ts";
import { loadDataSet, loadSubflowRows } from "./data.ts";
import { loadFlowTree } from "./load.ts";
import type { FlowInput } from "./run_context.ts";
import { type RowResult, type RowStart, runRows } from "./run_rows.ts";
import { skippedRecord } from "./run_request.ts";
import { assertionOptions } from "../run/assertions.ts";
import { RunTransport } from "../auth/transport.ts";

export type { FlowInput, RowResult, RowStart, StepDetail, StepRecord };

export interface FlowResult {
  file: string;
  /** The flow's title (its `# ` heading), else its name; the file when it does not parse. */
  title: string;
  env: string;
  passed: boolean;
  /** Set when the flow did not run on purpose (another file of the run cannot run). */
  skipped?: string;
  /** Ctrl-C stopped the run: what ran, then its `Always` steps; the rest is skipped. */
  interrupted?: true;
  /** Capture name → value; secret-named values are masked. Empty for a data-driven run. */
  captures: Record<string, string>;
  /** Every record; in a data-driven run each name starts with its row (`row 2 › Create`). */
  steps: StepRecord[];
  issues: Issue[];
  exitCode: ExitCode;
  /** Whether the steps ran as a dependency graph. */
  parallel: boolean;
  dryRun: boolean;
  /** Aligned with `steps`. */
  details: StepDetail[];
  /** Display path → text of every file read, for caret rendering. */
  sources: Map<string, string>;
  /** A data-driven run: one result per row. */
  iterations?: RowResult[];
  /** The data file of a data-driven run. */
  data?: string;
}

/** What `flow --output=json` and `apispec_flow` print. */
export type FlowJson =
  | {
    passed: boolean;
    interrupted?: true;
    captures: Record<string, string>;
    steps: StepRecord[];
  }
  | {
    passed: boolean;
    interrupted?: true;
    iterations: {
      data: Record<string, unknown>;
      passed: boolean;
      captures: Record<string, string>;
      steps: StepRecord[];
    }[];
  };

/** Every rule the flow evaluates (Assert, When, Until), so RE2 is loaded once and only when needed. */
function flowRules(plan: FlowPlan): AssertionRule[] {
  return requestNodes(plan.nodes).flatMap(({ step }) => [
    ...step.asserts,
    ...(step.until ? [step.until.rule] : []),
    ...(step.when ? [step.when.rule] : []),
  ]);
}

/** The wire form: `{passed, captures, steps}`, or `{passed, iterations}` for a data-driven run. */
export function flowJson(result: FlowResult): FlowJson {
  const interrupted = result.interrupted ? { interrupted: true as const } : {};
  if (result.iterations) {
    return {
      passed: result.passed,
      ...interrupted,
      iterations: result.iterations.map(({ data, passed, captures, steps }) => ({
        data,
        passed,
        captures,
        steps,
      })),
    };
  }
  return { passed: result.passed, ...interrupted, captures: result.captures, steps: result.steps };
}

export interface FlowListeners {
  /** Each record as soon as it is decided. */
  onStep?: (step: StepRecord, detail: StepDetail) => void;
  /** Once everything is checked, just before the first step. */
  onStart?: (header: FlowHeader) => void;
  /** Before each row of a data-driven run. */
  onRow?: (row: RowStart) => void;
}

/** Runs a flow file. */
export async function runFlow(
  input: FlowInput,
  ctx: OpsContext,
  onStep?: FlowListeners["onStep"],
  onStart?: FlowListeners["onStart"],
  onRow?: FlowListeners["onRow"],
): Promise<FlowResult> {
  const path = await resolveUserPath(input.file, ctx, input.config);
  const file = displayPath(path, ctx.cwd);
  const collectionRoot = await findCollectionRoot({ config: input.config, near: path }, ctx);
  const collection = await loadCollection(collectionRoot, ctx, input.config);
  const tree = await loadFlowTree(path, { collectionRoot: collection.root }, ctx);
  const sources = new Map([...collection.sources, ...tree.sources]);
  const flow = tree.flows.get(path)?.flow;
  const issues = [...collection.issues, ...tree.issues];
  const { env, issues: envIssues } = selectEnv(collection, input.env);
  issues.push(...envIssues);
  const parallel = input.parallel ?? flow?.parallel ?? false;
  const dryRun = input.dryRun ?? false;
  const early = (): FlowResult => ({
    file,
    title: flow?.title ?? file,
    env,
    passed: false,
    captures: {},
    steps: (flow?.steps ?? []).map((s) =>
      skippedRecord(s.name, s.endpoint, "Not run: the flow has errors")
    ),
    issues,
    exitCode: exitCodeFor(issues),
    parallel,
    dryRun,
    details: (flow?.steps ?? []).map((s) => ({ file: s.endpoint, line: s.line })),
    sources,
  });
  const stop = () => issues.some((i) => i.severity === "error");
  if (!flow || stop()) return early();

  const plan: FlowPlan = planFlow(path, tree);
  issues.push(...plan.issues);
  if (stop()) return early();
  const data = await loadDataSet(flow, {
    flowPath: path,
    collectionRoot: collection.root,
    flag: input.data,
  }, ctx);
  issues.push(...data.issues);
  if (data.source) sources.set(data.source.file, data.source.text);
  // Sub-flows with data: run once per row where a step runs them.
  const subflows = await loadSubflowRows(plan.nodes, tree, collection.root, ctx);
  issues.push(...subflows.issues);
  for (const [file, text] of subflows.sources) sources.set(file, text);
  if (stop()) return early();

  const continueOnError = input.continueOnError ?? flow.continueOnError;
  // One cookie jar and token source for the flow and its sub-flows (or the caller's, for check).
  const transport = input.transport ?? new RunTransport(input.transportOptions ?? {}, ctx);
  const run = await runRows({
    plan,
    tree,
    collection,
    env,
    input: { ...input, transport },
    ctx,
    rows: data.data?.rows,
    subflowRows: subflows.rows,
    dryRun,
    parallel,
    continueOnError,
    strictAssertions: input.strictAssertions === true ||
      projectStrictAssertions(collection.config),
    listeners: { onStep, onRow },
    assertions: await assertionOptions(flowRules(plan)),
    // Every step is resolved before anything is sent; the header comes once that passed.
    onChecked: () => onStart?.(header(flow, file, env, parallel, dryRun, data.data?.rows.length)),
  });
  if (!input.transport) transport.close();
  issues.push(...run.issues);
  if (run.checkFailed) return early();
  const failed = !run.passed;
  const interrupted = ctx.interrupt?.aborted === true;
  return {
    file,
    title: flow.title,
    env,
    // An interrupted run did not pass, whatever its steps that ran did.
    passed: run.passed && !interrupted,
    ...(interrupted ? { interrupted: true as const } : {}),
    captures: run.captures,
    steps: run.steps,
    issues,
    exitCode: failed && !continueOnError ? EXIT.testFailed : EXIT.passed,
    parallel,
    dryRun,
    details: run.details,
    sources,
    ...(run.iterations ? { iterations: run.iterations, data: data.data?.file } : {}),
  };
}

function header(
  flow: FlowSpec,
  file: string,
  env: string,
  parallel: boolean,
  dryRun: boolean,
  rows?: number,
): FlowHeader {
  return { title: flow.title, file, env, steps: flow.steps.length, parallel, dryRun, rows };
}

/**
 * `strict-assertions: true` in project.md (BEYOND §6) makes every run strict.
 * The project config gains the field on another branch; until it does, this
 * reads it when present and is false otherwise.
 */
function projectStrictAssertions(config: ProjectConfig): boolean {
  return "strictAssertions" in config && config.strictAssertions === true;
}
