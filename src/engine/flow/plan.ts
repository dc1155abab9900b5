/**
 * The plan of a flow: its steps as a tree in which a step that runs another
 * flow holds that flow's steps (expanded recursively, cycles refused), and
 * the dependencies between siblings. A node depends on the nearest earlier
 * sibling that produces a capture it uses: named in `Inject`, written as
 * `{{name}}` or `:name` in its endpoint file, or used in its `Assert`,
 * `When`, `Until` or `For each` lines. Edges point backwards, so file order
 * is already a topological order. The runner executes the plan as it is.
 */
import { type Issue, issue, warning } from "../issue.ts";
import type { FlowSpec, FlowStep } from "../model.ts";
import { templateNames } from "../resolve/template.ts";
import { rootName } from "./lookup.ts";

/** A flow file as the loader found it: each step's target (resolved path) and kind. */
export interface FlowFile {
  flow: FlowSpec;
  targets: { key: string; kind: "request" | "flow" }[];
}

export interface PlanSources {
  /** Target key → flow file, the root flow included. */
  flows: Map<string, FlowFile>;
  /** Target key → endpoint file text (undefined when it could not be read). */
  endpoints: Map<string, string | undefined>;
}

export interface PlanNode {
  /** Position in the flow and its sub-flows: `2`, `2.1`. */
  id: string;
  /** Display name, sub-flow names first: `Log in › Get token`. */
  name: string;
  step: FlowStep;
  /** The flow file the step is written in. */
  file: string;
  kind: "request" | "flow";
  /** The endpoint or flow file the step runs (a key of the plan's sources). */
  target: string;
  /** The steps of a sub-flow. */
  children: PlanNode[];
  /** Indexes of the earlier siblings whose captures this node uses, ascending. */
  dependsOn: number[];
  /** Capture variable → index of the sibling producing it. */
  uses: Record<string, number>;
  /** Captures this node (or its sub-flow) leaves behind. */
  produces: string[];
  /** Variables it reads from outside itself. */
  needs: string[];
  /** Every variable it (or its sub-flow) reads, its own loop variable included. */
  reads: string[];
}

export interface FlowPlan {
  nodes: PlanNode[];
  issues: Issue[];
}

/** Sub-flows may nest and repeat, but a plan larger than this is a mistake. */
export const MAX_PLAN_NODES = 10_000;

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

/**
 * Plans the flow `root` from the loaded files.
 *
 * @example
 * ```ts
 * import { planFlow } from "./plan.ts";
 * import { parseFlow } from "../parse/flow.ts";
 * const text = "---\ntype: pipeline\n---\n## Steps\n\n1. **Create** -> `apis/a.md`\n" +
 *   "   - Capture: `response.body.id` as `id`\n2. **Read** -> `apis/b.md`\n";
 * const flow = parseFlow(text, "flows/f.md").flow!;
 * const request = (key: string) => ({ key, kind: "request" as const });
 * const plan = planFlow("f", {
 *   flows: new Map([["f", { flow, targets: [request("a"), request("b")] }]]),
 *   endpoints: new Map([["a", "POST /a"], ["b", "GET /a/:id"]]),
 * });
 * plan.nodes[1].dependsOn; // [0]
 * ```
 */
export function planFlow(root: string, sources: PlanSources): FlowPlan {
  const issues: Issue[] = [];
  let count = 0;
  const expand = (
    key: string,
    stack: string[],
    prefix: { id: string; name: string },
    captured: Set<string>,
  ): PlanNode[] => {
    const file = sources.flows.get(key);
    if (!file) return [];
    const nodes = file.flow.steps.map((step, index): PlanNode => {
      const target = file.targets[index];
      const id = `${prefix.id}${index + 1}`;
      const name = `${prefix.name}${step.name}`;
      if (++count === MAX_PLAN_NODES + 1) {
        issues.push(
          issue("SPEC_PARSE_ERROR", `The flow expands to more than ${MAX_PLAN_NODES} steps`, {
            file: file.flow.file,
            line: step.line,
            fix: "Include fewer sub-flows, or split the flow",
          }),
        );
      }
      const node: PlanNode = {
        id,
        name,
        step,
        file: file.flow.file,
        kind: target?.kind ?? "request",
        target: target?.key ?? step.endpoint,
        children: [],
        dependsOn: [],
        uses: {},
        produces: [],
        needs: [],
        reads: [],
      };
      if (node.kind === "flow") {
        checkFlowStep(node, issues);
        if (stack.includes(node.target)) {
          issues.push(cycleIssue(node, [...stack, node.target], sources));
        } else if (count <= MAX_PLAN_NODES) {
          node.children = expand(node.target, [...stack, node.target], {
            id: `${id}.`,
            name: `${name} › `,
          }, captured);
        }
      } else {
        checkInjects(node, captured, issues);
        injectWarnings(node, sources.endpoints.get(node.target), issues);
        for (const capture of step.captures) captured.add(capture.variable);
      }
      return node;
    });
    for (const node of nodes) {
      node.reads = readsOf(node, sources);
      const own = node.step.forEach?.as;
      node.needs = own === undefined
        ? needsOf(node)
        : needsOf(node).filter((n) => rootName(n) !== own);
      node.produces = node.kind === "flow"
        ? [...new Set(node.children.flatMap((c) => c.produces))]
        : node.step.captures.map((c) => c.variable);
    }
    link(nodes);
    return nodes;
  };
  const nodes = expand(root, [root], { id: "", name: "" }, new Set());
  return { nodes, issues };
}

/** Fills `uses` and `dependsOn` of siblings: each need from the nearest earlier producer. */
function link(nodes: PlanNode[]) {
  const producers = new Map<string, number>();
  nodes.forEach((node, index) => {
    for (const name of node.needs) {
      const producer = producers.get(name);
      if (producer !== undefined) node.uses[name] = producer;
    }
    node.dependsOn = [...new Set(Object.values(node.uses))].sort((a, b) => a - b);
    for (const name of node.produces) producers.set(name, index);
  });
}

/** Every variable a node reads: its lines, its endpoint file, its sub-flow's steps. */
function readsOf(node: PlanNode, sources: PlanSources): string[] {
  const { step } = node;
  const names = new Set<string>();
  if (step.forEach) names.add(rootName(step.forEach.items));
  if (step.when) names.add(rootName(step.when.variable));
  for (const inject of step.injects) names.add(inject.variable);
  for (const rule of [...step.asserts, ...(step.until ? [step.until.rule] : [])]) {
    templateNames(rule.operand).forEach((n) => names.add(n));
  }
  if (node.kind === "request") {
    const text = sources.endpoints.get(node.target);
    if (text !== undefined) referencedNames(text).forEach((n) => names.add(n));
  }
  for (const child of node.children) child.reads.forEach((n) => names.add(n));
  return [...names];
}

/**
 * What a node takes from outside: what it reads, less what its sub-flow
 * captures before using it. (The loop variable is bound by the loop itself.)
 */
function needsOf(node: PlanNode): string[] {
  if (node.kind === "request") return node.reads;
  const own = new Set<string>();
  const step = node.step;
  if (step.forEach) own.add(rootName(step.forEach.items));
  if (step.when) own.add(rootName(step.when.variable));
  const inside = new Set<string>();
  for (const child of node.children) {
    child.needs.filter((n) => !inside.has(n)).forEach((n) => own.add(n));
    child.produces.forEach((n) => inside.add(n));
  }
  return [...own];
}

function checkInjects(node: PlanNode, captured: Set<string>, issues: Issue[]) {
  for (const inject of node.step.injects) {
    if (captured.has(inject.variable)) continue;
    issues.push(issue(
      "SPEC_PARSE_ERROR",
      `Step "${node.step.name}" injects "${inject.variable}", which no earlier step captures`,
      {
        file: node.file,
        line: inject.line,
        fix: `Add \`Capture: \`response.body.<field>\` as \`${inject.variable}\`\` to an earlier ` +
          `step, or write {{${inject.variable}}} without Inject when it comes from a variable`,
      },
    ));
  }
}

function injectWarnings(node: PlanNode, text: string | undefined, issues: Issue[]) {
  if (text === undefined) return;
  const referenced = new Set(referencedNames(text));
  for (const inject of node.step.injects) {
    if (referenced.has(inject.variable)) continue;
    issues.push(warning(
      `Step "${node.step.name}" injects "${inject.variable}", but ${node.step.endpoint} never uses it`,
      {
        file: node.file,
        line: inject.line,
        fix: `Write {{${inject.variable}}} or :${inject.variable} in the endpoint's request, ` +
          "or remove the Inject line",
      },
    ));
  }
}

/** A step that runs a flow has no response of its own: lines that read one do not apply. */
function checkFlowStep(node: PlanNode, issues: Issue[]) {
  const { step } = node;
  const lines: [string, number | undefined][] = [
    ["Capture", step.captures[0]?.line],
    ["Inject", step.injects[0]?.line],
    ["Assert", step.asserts[0]?.line],
    ["Until", step.until?.line],
  ];
  for (const [key, line] of lines) {
    if (line === undefined) continue;
    issues.push(
      issue("SPEC_PARSE_ERROR", `Step "${step.name}" runs a flow: ${key} does not apply`, {
        file: node.file,
        line,
        fix: key === "Capture"
          ? `Captures of ${step.endpoint}'s steps come back to this flow on their own; remove the line`
          : `Move the ${key} line onto a step of ${step.endpoint}`,
      }),
    );
  }
}

function cycleIssue(node: PlanNode, chain: string[], sources: PlanSources): Issue {
  const names = chain.map((key) => sources.flows.get(key)?.flow.file ?? key);
  return issue("SPEC_PARSE_ERROR", `Flow includes itself: ${names.join(" → ")}`, {
    file: node.file,
    line: node.step.line,
    fix: "Remove the step, or move the shared steps into a flow that includes neither",
  });
}

/** Every request node of a plan, depth first (the order of a sequential run). */
export function requestNodes(nodes: PlanNode[]): PlanNode[] {
  return nodes.flatMap((node) => node.kind === "flow" ? requestNodes(node.children) : [node]);
}
