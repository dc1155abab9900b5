/**
 * One request of a flow: a step, or one run of a `For each` step. It goes
 * through `runEndpoint`, so it behaves exactly like `exec` (timeouts, retries,
 * auth, masking, history), then polls while its `Until` does not hold, checks
 * the step's `Assert` lines and reads its captures. A dry run resolves the
 * request and sends nothing; its captures are placeholders.
 */
import { type Issue, issue } from "../../engine/issue.ts";
import type {
  AssertionResult,
  AssertionRule,
  ExecRecord,
  HttpResponse,
} from "../../engine/model.ts";
import { evaluateAssertions } from "../../engine/compare/assertions.ts";
import { dryRunCapture, evaluateCapture } from "../../engine/flow/capture.ts";
import { untilHolds } from "../../engine/flow/condition.ts";
import type { Settled } from "../../engine/flow/decide.ts";
import type { PlanNode } from "../../engine/flow/plan.ts";
import { secretValues } from "../../engine/resolve/layers.ts";
import { substitute, templateNames } from "../../engine/resolve/template.ts";
import { isGenerated } from "../../engine/resolve/generated.ts";
import { maskRecord } from "../../engine/secrets/mask.ts";
import { type EndpointRun, envExclusion, runEndpoint } from "../run/exec.ts";
import {
  interrupted,
  layersFor,
  lookupIn,
  type RunContext,
  sleepUnlessInterrupted,
  type StepOutcome,
} from "./run_context.ts";

export interface RequestRun {
  outcome: StepOutcome;
  settled: Settled;
  failed: boolean;
}

/** Runs one request node under `name` with the captures (loop bindings included) it sees. */
export async function runRequest(
  rc: RunContext,
  node: PlanNode,
  name: string,
  captures: Record<string, string>,
  place: { iteration?: number; always?: boolean },
): Promise<RequestRun> {
  const loaded = rc.tree.loaded.get(node.target)!;
  const spec = loaded.spec!;
  const step = node.step;
  const detailBase = {
    file: loaded.file,
    line: step.line,
    method: spec.method,
    title: spec.title,
    id: node.id,
    ...(place.iteration ? { iteration: place.iteration } : {}),
  };
  const excluded = envExclusion(spec, rc.env);
  if (excluded) {
    return {
      outcome: {
        step: skippedRecord(name, step.endpoint, `Skipped: ${excluded}`, true),
        detail: detailBase,
      },
      settled: absent(node, name, false),
      failed: false,
    };
  }
  const layers = layersFor(rc, captures, spec);
  const lookup = lookupIn(layers);
  const options = {
    env: rc.env,
    layers,
    timeoutMs: rc.input.timeoutMs,
    strictAssertions: rc.strictAssertions,
    dryRun: rc.dryRun,
    verbose: rc.input.verbose ?? false,
    specPath: loaded.path,
    history: rc.history,
    transport: rc.input.transport,
  };
  const rules = (list: AssertionRule[]) =>
    list.map((rule) => ({ ...rule, operand: substitute(rule.operand, lookup).text }));

  if (rc.dryRun) {
    const run = await runEndpoint(spec, rc.collection, options, rc.ctx);
    rc.issues.push(
      ...dryIssues(run.issues, name, step.asserts, step.until?.rule, lookup, node.file),
    );
    const values = Object.fromEntries(
      step.captures.map((c) => [c.variable, dryRunCapture(c.variable)]),
    );
    return {
      outcome: { step: record(name, step.endpoint, run.record, rc), detail: detailOf(run) },
      settled: { values, absent: {} },
      failed: false,
    };
  }

  // Ctrl-C aborts a request in flight, except a cleanup's: an Always step is sent (after the
  // interrupt, or when it comes) to the end; a second Ctrl-C ends the process.
  const ctx = place.always || step.always ? { ...rc.ctx, interrupt: undefined } : rc.ctx;
  const { run, attempts, waitedFor } = await sendUntil(
    rc,
    step,
    () => runEndpoint(spec, rc.collection, options, ctx),
    (rule) => rules([rule])[0],
  );
  const response = run.rawResponse;
  const problems: string[] = [];
  if (step.until && waitedFor && !waitedFor.passed) {
    problems.push(
      `Until \`${step.until.rule.source}\` never held in ${attempts} attempt${
        attempts === 1 ? "" : "s"
      } (every ${step.until.everyMs} ms): ${waitedFor.message}`,
    );
  }
  const flowAssertions = response
    ? evaluateAssertions(rules(step.asserts), response, {
      ...rc.assertions,
      durationMs: run.record.duration_ms,
    })
    : [];
  if (rc.strictAssertions) {
    for (const result of flowAssertions) {
      if (!result.passed) problems.push(`Flow assertion failed: ${result.message}`);
    }
  }
  const { values, raw } = response
    ? readCaptures(node, response, problems)
    : { values: {}, raw: {} };
  // Captured secrets: secret-named captures, and any captured value shaped like a credential.
  for (const value of secretValues([{ name: "capture", label: "capture", vars: values }])) {
    rc.secrets.add(value);
  }
  run.secrets.forEach((s) => rc.secrets.add(s));
  let result: ExecRecord = {
    ...run.record,
    assertion_results: [...run.record.assertion_results, ...flowAssertions],
  };
  if (problems.length > 0 && response) {
    const hints = result.passed ? problems : [...result.hints, ...problems];
    result = {
      ...result,
      passed: false,
      error_type: result.error_type ?? "CONTRACT_MISMATCH",
      hint: hints[0],
      hints,
    };
  }
  // The run's record is masked already: again only when the flow added text or knows more secrets.
  const moreSecrets = [...rc.secrets].some((secret) => !run.secrets.includes(secret));
  if (flowAssertions.length > 0 || problems.length > 0 || moreSecrets) {
    result = maskRecord(result, [...rc.secrets]);
  }
  rc.issues.push(...run.issues);
  const failed = !result.passed;
  return {
    outcome: {
      step: {
        ...record(name, step.endpoint, result, rc),
        ...(step.until ? { attempts } : {}),
      },
      detail: detailOf(run, result),
    },
    settled: failed ? absent(node, name, true) : { values, absent: {}, raw },
    failed,
  };

  function detailOf(ran: EndpointRun, masked: ExecRecord = ran.record) {
    return {
      ...detailBase,
      // The URL alone: masking the whole request would cost a passing step a tenth of its time.
      method: spec.method,
      url: ran.url,
      record: masked,
    };
  }
}

/** Sends the step, and again while its `Until` does not hold, waiting `Every` between attempts. */
async function sendUntil(
  rc: RunContext,
  step: PlanNode["step"],
  send: () => Promise<EndpointRun>,
  resolve: (rule: AssertionRule) => AssertionRule,
): Promise<{ run: EndpointRun; attempts: number; waitedFor?: AssertionResult }> {
  for (let attempts = 1;; attempts++) {
    const run = await send();
    if (!step.until) return { run, attempts };
    const waitedFor = run.rawResponse
      ? untilHolds(resolve(step.until.rule), run.rawResponse, rc.assertions)
      : { rule: step.until.rule.source, passed: false, message: "no response" };
    if (waitedFor.passed || attempts >= step.until.times || interrupted(rc)) {
      return { run, attempts, waitedFor };
    }
    await sleepUnlessInterrupted(rc, step.until.everyMs);
  }
}

function readCaptures(node: PlanNode, response: HttpResponse, problems: string[]) {
  const values: Record<string, string> = {};
  const raw: Record<string, unknown> = {};
  for (const capture of node.step.captures) {
    const found = evaluateCapture(capture.expression, response);
    if (found.found) {
      values[capture.variable] = found.value;
      raw[capture.variable] = found.json;
    } else {
      problems.push(
        `Capture \`${capture.expression}\` as \`${capture.variable}\` selected nothing: ` +
          `${found.reason}; check the expression against the actual response`,
      );
    }
  }
  return { values, raw };
}

/** A dry run's problems name the step; names in Assert and Until lines must resolve too. */
function dryIssues(
  found: Issue[],
  name: string,
  asserts: AssertionRule[],
  until: AssertionRule | undefined,
  lookup: (name: string) => string | undefined,
  file: string,
): Issue[] {
  const issues = found.map((i) =>
    i.code === "VAR_MISSING"
      ? {
        ...i,
        message: `${i.message} (step "${name}")`,
        fix: `Capture it in an earlier step, or ${lowerFirst(i.fix ?? "define it")}`,
      }
      : i
  );
  for (const rule of [...asserts, ...(until ? [until] : [])]) {
    for (const variable of templateNames(rule.operand)) {
      if (lookup(variable) !== undefined || isGenerated(variable)) continue;
      issues.push(issue(
        "VAR_MISSING",
        `Variable "${variable}" in a line of step "${name}" is not defined`,
        {
          file,
          line: rule.line,
          fix: `Capture "${variable}" in an earlier step, or pass --var ${variable}=<value>`,
        },
      ));
    }
  }
  return issues;
}

function absent(node: PlanNode, name: string, failed: boolean): Settled {
  return {
    values: {},
    absent: Object.fromEntries(node.produces.map((n) => [n, { step: name, failed }])),
  };
}

function record(name: string, endpoint: string, result: ExecRecord, rc: RunContext) {
  return {
    name,
    endpoint,
    passed: result.passed,
    status: result.status,
    error_type: result.error_type,
    duration_ms: result.duration_ms,
    ...(result.passed ? {} : { hint: result.hint }),
    ...(result.interrupted ? { interrupted: true as const } : {}),
    ...(rc.input.verbose ? { record: result } : {}),
  };
}

/** The record of a step that did not run. */
export function skippedRecord(name: string, endpoint: string, hint: string, passed = false) {
  return {
    name,
    endpoint,
    passed,
    status: 0,
    error_type: null,
    skipped: true,
    duration_ms: 0,
    hint,
  };
}

function lowerFirst(text: string): string {
  return text[0].toLowerCase() + text.slice(1);
}
