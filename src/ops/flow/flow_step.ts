/**
 * One flow step. Before the run every step is resolved with its captures
 * standing in as `__capture_<name>__` (the precheck, which is also the dry
 * run). A real step goes through `runEndpoint`, so it behaves exactly like
 * `exec`, plus the flow's own `Assert` lines (always enforced) and captures.
 */
import { type Issue, issue } from "../../engine/issue.ts";
import type {
  EndpointSpec,
  ExecRecord,
  FlowSpec,
  FlowStep,
  StepRecord,
} from "../../engine/model.ts";
import { dryRunCapture, evaluateCapture } from "../../engine/flow/capture.ts";
import { capturesBefore, type FlowPlan } from "../../engine/flow/plan.ts";
import { evaluateAssertions } from "../../engine/compare/assertions.ts";
import {
  CLI_ORDER,
  lookupVar,
  secretValues,
  TOOL_ORDER,
  type VarLayer,
} from "../../engine/resolve/layers.ts";
import { substitute, templateNames } from "../../engine/resolve/template.ts";
import { maskRecord } from "../../engine/secrets/mask.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  type EndpointRun,
  envExclusion,
  type ExecInput,
  OS_PREFIXES,
  runEndpoint,
} from "../run/exec.ts";
import { buildLayers, type Collection } from "../collection/load.ts";
import { assertionOptions } from "../run/assertions.ts";
import type { StepDetail } from "../../engine/render/flow.ts";

/**
 * `exec`'s input for a pipeline file: `timeoutMs` applies to every step,
 * `verbose` adds each step's full execution record.
 */
export interface FlowInput extends Omit<ExecInput, "captures" | "history"> {
  /** Undefined: the file's `parallel` setting. */
  parallel?: boolean;
}

export interface StepContext {
  flow: FlowSpec;
  plan: FlowPlan;
  collection: Collection;
  env: string;
  /** Aligned with `flow.steps`. */
  specs: EndpointSpec[];
  /** Absolute endpoint paths, aligned with `flow.steps`. */
  paths: string[];
  input: FlowInput;
  ctx: OpsContext;
}

export interface Precheck {
  issues: Issue[];
  /** Why a step is skipped for this environment (its `env:` list excludes it). */
  envSkipped: (string | undefined)[];
  /** The dry-run resolution of each step that is not skipped. */
  dry: (EndpointRun | undefined)[];
}

function layersFor(sc: StepContext, index: number, captures: Record<string, string>): VarLayer[] {
  const order = sc.input.order ?? "cli";
  return buildLayers(
    sc.collection,
    sc.env,
    {
      captures,
      cli: sc.input.cli,
      tool: sc.input.tool,
      session: sc.input.session,
      frontmatter: sc.specs[index].vars,
    },
    order === "tool" ? TOOL_ORDER : CLI_ORDER,
    [...OS_PREFIXES[order]],
    sc.ctx.env,
  );
}

function runOptions(sc: StepContext, index: number, layers: VarLayer[], dryRun: boolean) {
  return {
    env: sc.env,
    layers,
    timeoutMs: sc.input.timeoutMs,
    strictAssertions: sc.input.strictAssertions ?? false,
    dryRun,
    verbose: sc.input.verbose ?? false,
    specPath: sc.paths[index],
  };
}

/** Resolves every step with placeholder captures; any error stops the flow before a request. */
export async function precheckSteps(sc: StepContext): Promise<Precheck> {
  const { flow, specs, env } = sc;
  const result: Precheck = { issues: [], envSkipped: [], dry: [] };
  for (const [index, step] of flow.steps.entries()) {
    const spec = specs[index];
    const excluded = envExclusion(spec, env);
    if (excluded) {
      result.envSkipped[index] = `Skipped: ${excluded}`;
      continue;
    }
    const placeholders = Object.fromEntries(
      [...capturesBefore(flow, index).keys()].map((name) => [name, dryRunCapture(name)]),
    );
    const layers = layersFor(sc, index, placeholders);
    const run = await runEndpoint(spec, sc.collection, runOptions(sc, index, layers, true), sc.ctx);
    result.dry[index] = run;
    for (const found of run.issues) {
      result.issues.push(
        found.code === "VAR_MISSING"
          ? {
            ...found,
            message: `${found.message} (step "${step.name}")`,
            fix: `Capture it in an earlier step, or ${lowerFirst(found.fix ?? "define it")}`,
          }
          : found,
      );
    }
    for (const rule of step.asserts) {
      for (const name of templateNames(rule.operand)) {
        if (lookupVar(layers, name)) continue;
        result.issues.push(
          issue(
            "VAR_MISSING",
            `Variable "${name}" in an Assert of step "${step.name}" is not defined`,
            {
              file: flow.file,
              line: rule.line,
              fix: `Capture "${name}" in an earlier step, or pass --var ${name}=<value>`,
            },
          ),
        );
      }
    }
  }
  return result;
}

function lowerFirst(text: string): string {
  return text[0].toLowerCase() + text.slice(1);
}

export interface RanStep {
  passed: boolean;
  step: StepRecord;
  detail: StepDetail;
  captures: Record<string, string>;
  issues: Issue[];
  secrets: string[];
}

function stepRecord(sc: StepContext, index: number, record: ExecRecord): StepRecord {
  const step = sc.flow.steps[index];
  return {
    name: step.name,
    endpoint: step.endpoint,
    passed: record.passed,
    status: record.status,
    error_type: record.error_type,
    duration_ms: record.duration_ms,
    ...(record.passed ? {} : { hint: record.hint }),
    ...(sc.input.verbose ? { record } : {}),
  };
}

function ranStep(
  sc: StepContext,
  index: number,
  run: EndpointRun,
  record: ExecRecord,
  captures: Record<string, string>,
): RanStep {
  const spec = sc.specs[index];
  return {
    passed: record.passed,
    step: stepRecord(sc, index, record),
    detail: {
      file: spec.file,
      line: sc.flow.steps[index].line,
      method: run.request?.method ?? spec.method,
      url: run.request?.url,
      title: spec.title,
      record,
    },
    captures,
    issues: run.issues,
    secrets: run.secrets,
  };
}

/** A dry run sends nothing: the precheck's resolution is the result, captures are placeholders. */
export function dryStep(sc: StepContext, pre: Precheck, index: number): RanStep {
  const run = pre.dry[index]!;
  const captures = Object.fromEntries(
    sc.flow.steps[index].captures.map((c) => [c.variable, dryRunCapture(c.variable)]),
  );
  return { ...ranStep(sc, index, run, run.record, captures), issues: [] };
}

export async function realStep(
  sc: StepContext,
  index: number,
  captured: Record<string, string>[],
): Promise<RanStep> {
  const step = sc.flow.steps[index];
  // Captures of the earlier steps that have passed, nearest last: a dependency's
  // value always wins, since the plan names the nearest producer.
  const available: Record<string, string> = {};
  for (const values of captured.slice(0, index)) Object.assign(available, values ?? {});
  const layers = layersFor(sc, index, available);
  const run = await runEndpoint(
    sc.specs[index],
    sc.collection,
    runOptions(sc, index, layers, false),
    sc.ctx,
  );
  const response = run.rawResponse;
  if (!response) return ranStep(sc, index, run, run.record, {});

  const problems: string[] = [];
  const lookup = (name: string) => lookupVar(layers, name)?.value;
  const rules = step.asserts.map((rule) => ({
    ...rule,
    operand: substitute(rule.operand, lookup).text,
  }));
  const flowAssertions = evaluateAssertions(
    rules,
    response,
    await assertionOptions(rules, run.record.duration_ms),
  );
  for (const result of flowAssertions) {
    if (!result.passed) problems.push(`Flow assertion failed: ${result.message}`);
  }
  const captures: Record<string, string> = {};
  for (const capture of step.captures) {
    const value = evaluateCapture(capture.expression, response);
    if (value.found) captures[capture.variable] = value.value;
    else {
      problems.push(
        `Capture \`${capture.expression}\` as \`${capture.variable}\` selected nothing: ${value.reason}; ` +
          "check the expression against the actual response",
      );
    }
  }
  // Captured secrets: secret-named captures, and any captured value shaped like a credential.
  const secretCaptures = secretValues([{ name: "capture", label: "capture", vars: captures }]);
  const secrets = [...run.secrets, ...secretCaptures];
  let record: ExecRecord = {
    ...run.record,
    assertion_results: [...run.record.assertion_results, ...flowAssertions],
  };
  if (problems.length > 0) {
    const hints = record.passed ? problems : [...record.hints, ...problems];
    record = {
      ...record,
      passed: false,
      error_type: record.error_type ?? "CONTRACT_MISMATCH",
      hint: hints[0],
      hints,
    };
  }
  record = maskRecord(record, secrets);
  return { ...ranStep(sc, index, run, record, captures), secrets };
}

/** The record of a step that did not run. */
export function skippedStep(step: FlowStep, hint: string): StepRecord {
  return {
    name: step.name,
    endpoint: step.endpoint,
    passed: false,
    status: 0,
    error_type: null,
    skipped: true,
    duration_ms: 0,
    hint,
  };
}
