/**
 * The order of a flow's steps: file order, or, in parallel, each step as soon
 * as the steps whose captures it uses have passed. Decides which steps are
 * skipped (an earlier failure without continue-on-error, a failed or skipped
 * producer, an environment the endpoint excludes) and collects the captures.
 */
import type { Issue } from "../../engine/issue.ts";
import { SECRET_NAME } from "../../engine/resolve/layers.ts";
import { MASK, maskText } from "../../engine/secrets/mask.ts";
import type { StepRecord } from "../../engine/model.ts";
import type { StepDetail } from "../../engine/render/flow.ts";
import { dryStep, type Precheck, realStep, skippedStep, type StepContext } from "./flow_step.ts";

type Outcome = "passed" | "failed" | "skipped";

export interface StepsRun {
  steps: StepRecord[];
  details: StepDetail[];
  captures: Record<string, string>;
  issues: Issue[];
}

/** Runs the steps; `onStep` hears about each as soon as it is decided. */
export async function runSteps(
  sc: StepContext,
  pre: Precheck,
  onStep?: (step: StepRecord, detail: StepDetail) => void,
): Promise<StepsRun> {
  const { flow, plan, input } = sc;
  const outcome: Outcome[] = [];
  const captured: Record<string, string>[] = [];
  const steps: StepRecord[] = [];
  const details: StepDetail[] = [];
  const issues: Issue[] = [];
  const secrets = new Set<string>();
  let stoppedBy: string | undefined;

  const finish = (index: number, step: StepRecord, detail: StepDetail, state: Outcome) => {
    steps[index] = step;
    details[index] = detail;
    outcome[index] = state;
    if (state === "failed" && !flow.continueOnError && stoppedBy === undefined) {
      stoppedBy = flow.steps[index].name;
    }
    onStep?.(step, detail);
  };
  const skip = (index: number, hint: string) => {
    const step = flow.steps[index];
    const spec = sc.specs[index];
    const detail = { file: spec.file, line: step.line, method: spec.method, title: spec.title };
    finish(index, skippedStep(step, hint), detail, "skipped");
  };

  const attempt = async (index: number) => {
    if (stoppedBy !== undefined) {
      return skip(index, `Skipped: step "${stoppedBy}" failed and continue-on-error is off`);
    }
    const envSkipped = pre.envSkipped[index];
    if (envSkipped) return skip(index, envSkipped);
    const { uses, dependsOn } = plan.steps[index];
    const blocked = dependsOn.find((d) => outcome[d] !== "passed");
    if (blocked !== undefined) {
      const names = Object.keys(uses).filter((name) => uses[name] === blocked);
      return skip(
        index,
        `Skipped: needs ${names.map((n) => `"${n}"`).join(", ")} from step "${
          flow.steps[blocked].name
        }", which ${outcome[blocked] === "failed" ? "failed" : "was skipped"}`,
      );
    }
    const ran = input.dryRun ? dryStep(sc, pre, index) : await realStep(sc, index, captured);
    ran.secrets.forEach((s) => secrets.add(s));
    issues.push(...ran.issues);
    if (ran.passed) captured[index] = ran.captures;
    finish(index, ran.step, ran.detail, ran.passed ? "passed" : "failed");
  };

  if (input.parallel ?? flow.parallel) {
    const done: Promise<void>[] = [];
    for (const { index, dependsOn } of plan.steps) {
      done[index] = Promise.all(dependsOn.map((d) => done[d])).then(() => attempt(index));
    }
    await Promise.all(done);
  } else {
    for (const { index } of plan.steps) await attempt(index);
  }

  const captures: Record<string, string> = {};
  for (const values of captured) {
    for (const [name, value] of Object.entries(values ?? {})) {
      captures[name] = SECRET_NAME.test(name) ? MASK : maskText(value, [...secrets]);
    }
  }
  return { steps, details, captures, issues };
}
