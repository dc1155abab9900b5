/**
 * Which step feeds which: a step depends on the latest earlier step that
 * captures a variable it injects, or uses as `{{name}}`/`:name` in its
 * endpoint file (DECISIONS.md, flow runs). A sub-flow step produces what its
 * steps capture.
 */
import type { FlowStepDraft } from "../../../src/engine/render/flow_md.ts";
import type { PlanView } from "../types.ts";

export interface FlowLink {
  from: number;
  to: number;
  variable: string;
  /** True when the step names it with `Inject:`; false when only its endpoint file uses it. */
  explicit: boolean;
}

export function flowLinks(
  steps: FlowStepDraft[],
  uses: (string[] | undefined)[],
  produces: (string[] | undefined)[] = [],
): FlowLink[] {
  const links: FlowLink[] = [];
  const producer = new Map<string, number>();
  steps.forEach((step, index) => {
    const wanted = new Map<string, boolean>();
    for (const variable of step.injects) wanted.set(variable, true);
    // What the endpoint file uses, and what the step's loop and condition read.
    const read = [
      ...(uses[index] ?? []),
      ...(step.forEach ? [step.forEach.items.split(".")[0]] : []),
      ...(step.when ? [step.when.split(/[.:]/)[0].trim()] : []),
    ];
    for (const variable of read) {
      if (!wanted.has(variable)) wanted.set(variable, false);
    }
    for (const [variable, explicit] of wanted) {
      const from = producer.get(variable);
      if (from !== undefined) links.push({ from, to: index, variable, explicit });
    }
    for (const capture of step.captures) producer.set(capture.variable, index);
    for (const variable of produces[index] ?? []) producer.set(variable, index);
  });
  return links;
}

/** Injects that no earlier step captures: the planner refuses these, so the canvas flags them. */
export function danglingInjects(
  steps: FlowStepDraft[],
  produces: (string[] | undefined)[] = [],
): { step: number; variable: string }[] {
  const captured = new Set<string>();
  const out: { step: number; variable: string }[] = [];
  steps.forEach((step, index) => {
    for (const variable of step.injects) {
      if (!captured.has(variable)) out.push({ step: index, variable });
    }
    for (const capture of step.captures) captured.add(capture.variable);
    for (const variable of produces[index] ?? []) captured.add(variable);
  });
  return out;
}

/** What a sub-flow leaves behind: its steps' captures, nested ones too. */
export function capturesUnder(plan: PlanView): string[] {
  return [...plan.captures, ...plan.children.flatMap(capturesUnder)];
}

/** Drafts as they are saved: empty asserts and half-typed captures dropped. */
export function cleanSteps(steps: FlowStepDraft[]): FlowStepDraft[] {
  return steps.map((s) => ({
    ...s,
    asserts: s.asserts.map((a) => a.trim()).filter(Boolean),
    captures: s.captures.filter((c) => c.expression.trim() && c.variable.trim()),
  }));
}
