/**
 * The dependency graph of a flow. A step depends on the step that produces a
 * capture it uses: named in `Inject`, written as `{{name}}` or `:name` in its
 * endpoint file, or used in its `Assert` lines. The producer is the nearest
 * earlier step that captures the name, so edges always point backwards and
 * the step order is already a topological order.
 */
import { type Issue, warning } from "../issue.ts";
import type { FlowSpec } from "../model.ts";
import { templateNames } from "../resolve/template.ts";

export interface StepPlan {
  index: number;
  /** Indexes of the steps whose captures this step uses, ascending. */
  dependsOn: number[];
  /** Capture variable → index of the step that produces it. */
  uses: Record<string, number>;
}

export interface FlowPlan {
  steps: StepPlan[];
  issues: Issue[];
}

const PATH_PARAM = /\/:([A-Za-z_]\w*)/g;

/**
 * Names an endpoint file can take from a capture: `{{name}}` anywhere and
 * `/:name` path segments.
 *
 * @example
 * ```ts
 * import { referencedNames } from "./plan.ts";
 * referencedNames("GET {{baseUrl}}/users/:userId"); // ["baseUrl", "userId"]
 * ```
 */
export function referencedNames(text: string): string[] {
  const names = new Set(templateNames(text));
  for (const match of text.matchAll(PATH_PARAM)) names.add(match[1]);
  return [...names];
}

/** Capture variables produced by the steps before `index`, the nearest producer last. */
export function capturesBefore(flow: FlowSpec, index: number): Map<string, number> {
  const producers = new Map<string, number>();
  flow.steps.slice(0, index).forEach((step, i) => {
    for (const capture of step.captures) producers.set(capture.variable, i);
  });
  return producers;
}

/**
 * Plans a flow from the text of each step's endpoint file (`undefined` when
 * it could not be read: only `Inject` and `Assert` then count).
 *
 * @example
 * ```ts
 * import { planFlow } from "./plan.ts";
 * import { parseFlow } from "../parse/flow.ts";
 * const text = "---\ntype: pipeline\n---\n## Steps\n\n1. **Create** -> `apis/a.md`\n" +
 *   "   - Capture: `response.body.id` as `id`\n2. **Read** -> `apis/b.md`\n";
 * const flow = parseFlow(text, "flows/f.md").flow!;
 * planFlow(flow, ["POST /a", "GET /a/:id"]).steps[1].dependsOn; // [0]
 * ```
 */
export function planFlow(flow: FlowSpec, endpointTexts: (string | undefined)[]): FlowPlan {
  const issues: Issue[] = [];
  const steps = flow.steps.map((step, index): StepPlan => {
    const producers = capturesBefore(flow, index);
    const text = endpointTexts[index];
    const referenced = new Set(text === undefined ? [] : referencedNames(text));
    for (const rule of step.asserts) templateNames(rule.operand).forEach((n) => referenced.add(n));
    const uses: Record<string, number> = {};
    for (const inject of step.injects) {
      const producer = producers.get(inject.variable);
      if (producer !== undefined) uses[inject.variable] = producer;
      if (text !== undefined && !referenced.has(inject.variable)) {
        issues.push(warning(
          `Step "${step.name}" injects "${inject.variable}", but ${step.endpoint} never uses it`,
          {
            file: flow.file,
            line: inject.line,
            fix: `Write {{${inject.variable}}} or :${inject.variable} in the endpoint's request, ` +
              "or remove the Inject line",
          },
        ));
      }
    }
    for (const name of referenced) {
      const producer = producers.get(name);
      if (producer !== undefined) uses[name] = producer;
    }
    const dependsOn = [...new Set(Object.values(uses))].sort((a, b) => a - b);
    return { index, dependsOn, uses };
  });
  return { steps, issues };
}
