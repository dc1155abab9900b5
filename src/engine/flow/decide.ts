/**
 * The decisions a run takes as it goes, kept apart from sending: which
 * captures a node sees, whether it is skipped (an earlier failure, a missing
 * capture, a false `When`, an empty loop), how many times a loop runs, and
 * what a loop's captures become. The runner asks; these functions answer.
 */
import type { PlanNode } from "./plan.ts";
import { whenHolds } from "./condition.ts";
import type { AssertionOptions } from "../compare/assertions.ts";
import { bindValue, type Lookup, resolveVariable, rootName } from "./lookup.ts";
import { preview } from "../compare/json_path.ts";

/** More elements than this fails a `For each` step. */
export const MAX_ITEMS = 1000;

/** Why a capture has no value: the step that should have produced it. */
export interface Absent {
  step: string;
  failed: boolean;
}

/** What a node (or a run of nodes) leaves behind: captured values, and the captures that are missing. */
export interface Settled {
  /** Capture name → value (strings as they are, other JSON as text). */
  values: Record<string, string>;
  absent: Record<string, Absent>;
  /** The JSON value behind each captured value, so a loop's array keeps "7" and 7 apart. */
  raw?: Record<string, unknown>;
}

export const NOTHING: Settled = { values: {}, absent: {} };

/**
 * The captures node `index` sees: what it inherits, then each earlier
 * sibling's in file order, the nearest producer winning.
 */
export function visibleCaptures(
  inherited: Settled,
  siblings: (Settled | undefined)[],
  index: number,
): Settled {
  const values = { ...inherited.values };
  const absent = { ...inherited.absent };
  for (const settled of siblings.slice(0, index)) {
    if (!settled) continue;
    for (const [name, value] of Object.entries(settled.values)) {
      values[name] = value;
      delete absent[name];
    }
    for (const [name, why] of Object.entries(settled.absent)) {
      absent[name] = why;
      delete values[name];
    }
  }
  return { values, absent };
}

export type Decision =
  /** Run; `items` are a loop's elements, undefined when the step has no For each. */
  | { kind: "run"; items?: unknown[] }
  /** A dry run of a loop whose array is only known at run time. */
  | { kind: "run-unknown-count"; reason: string }
  /** `empty`: a loop over an empty array, whose captures become empty arrays. */
  | { kind: "skip"; passed: boolean; hint: string; empty?: boolean }
  | { kind: "fail"; hint: string; errorType: "VAR_MISSING" | "CONTRACT_MISMATCH" };

export interface DecideContext {
  /** The captures the node sees. */
  view: Settled;
  /** Every variable the node sees: loop bindings, captures, then the variable layers. */
  lookup: Lookup;
  /** The step whose failure stopped the run, when one did. */
  stoppedBy?: string;
  /** The run was interrupted (Ctrl-C): only `Always` steps still run. */
  interrupted?: boolean;
  /** The node runs inside an `Always` step (a cleanup sub-flow): earlier failures do not stop it. */
  always?: boolean;
  /** In a dry run, names whose values are placeholders until the run (captures). */
  placeholder?: (name: string) => boolean;
  /** What `When` rules need to evaluate (RE2 for `matches`). */
  assertions?: AssertionOptions;
}

/**
 * Decides whether a node runs.
 *
 * @example
 * ```ts
 * import { decide } from "./decide.ts";
 * const node = { step: { name: "Each", forEach: { items: "ids", as: "id", line: 3 } }, uses: {} };
 * // deno-lint-ignore no-explicit-any
 * decide(node as any, { view: { values: {}, absent: {} }, lookup: (n) => n === "ids" ? "[]" : undefined });
 * // { kind: "skip", passed: true, hint: "Skipped: `ids` is empty, so the step has nothing to run for", empty: true }
 * ```
 */
export function decide(
  node: Pick<PlanNode, "step" | "uses">,
  ctx: DecideContext,
): Decision {
  const { step } = node;
  const stop = stopHint(node, ctx);
  if (stop) return { kind: "skip", passed: false, hint: stop };
  for (const name of Object.keys(node.uses)) {
    const why = ctx.view.absent[name];
    if (!why) continue;
    return {
      kind: "skip",
      passed: !why.failed,
      hint: `Skipped: needs "${name}" from step "${why.step}", which ${
        why.failed ? "failed" : "was skipped"
      }`,
    };
  }
  if (step.when && !step.forEach && !ctx.placeholder?.(rootName(step.when.variable))) {
    const result = whenHolds(step.when, ctx.lookup, ctx.assertions);
    if (!result.passed) {
      return { kind: "skip", passed: true, hint: `Skipped: when ${result.message}` };
    }
  }
  if (!step.forEach) return { kind: "run" };
  const { items, as } = step.forEach;
  if (ctx.placeholder?.(rootName(items))) {
    return {
      kind: "run-unknown-count",
      reason: `For each ${as} in ${items}: the count is known when the run captures ${items}`,
    };
  }
  const found = resolveVariable(ctx.lookup, items);
  if (!found) {
    return {
      kind: "fail",
      hint: `For each: \`${items}\` is not defined; capture it in an earlier step or pass it`,
      errorType: "VAR_MISSING",
    };
  }
  if (!Array.isArray(found.value)) {
    return {
      kind: "fail",
      hint: `For each: \`${items}\` is not an array, it is ${preview(found.value, 60)}; ` +
        "capture a list (e.g. `response.body.items`) or pass a JSON array",
      errorType: "CONTRACT_MISMATCH",
    };
  }
  if (found.value.length === 0) {
    return {
      kind: "skip",
      passed: true,
      hint: `Skipped: \`${items}\` is empty, so the step has nothing to run for`,
      empty: true,
    };
  }
  if (found.value.length > MAX_ITEMS) {
    return {
      kind: "fail",
      hint:
        `For each: \`${items}\` has ${found.value.length} elements; the limit is ${MAX_ITEMS}. ` +
        "Capture a smaller page, or split the list",
      errorType: "CONTRACT_MISMATCH",
    };
  }
  return { kind: "run", items: found.value };
}

/**
 * Why an earlier failure or an interrupt keeps a node from running, unless it
 * is an `Always` step (or inside one).
 *
 * @example
 * ```ts
 * import { stopHint } from "./decide.ts";
 * const step = { name: "Clean up", always: { line: 9 } };
 * // deno-lint-ignore no-explicit-any
 * stopHint({ step } as any, { stoppedBy: "Create" }); // undefined: it runs
 * ```
 */
export function stopHint(
  node: Pick<PlanNode, "step">,
  ctx: Pick<DecideContext, "stoppedBy" | "interrupted" | "always">,
): string | undefined {
  if (node.step.always || ctx.always) return undefined;
  if (ctx.interrupted) return "Skipped: the run was interrupted";
  if (ctx.stoppedBy !== undefined) {
    return `Skipped: step "${ctx.stoppedBy}" failed and continue-on-error is off`;
  }
  return undefined;
}

/** The variables one loop iteration binds: the element as `{{item}}` and its fields as `{{item.id}}`. */
export function iterationBindings(
  node: Pick<PlanNode, "step">,
  item: unknown,
): Record<string, string> {
  const as = node.step.forEach?.as;
  return as === undefined ? {} : bindValue(as, item);
}

/** Whether one loop iteration runs under the step's `When`; the hint says why not. */
export function iterationSkip(
  node: Pick<PlanNode, "step">,
  lookup: Lookup,
  assertions: AssertionOptions = {},
): string | undefined {
  const when = node.step.when;
  if (!when || !node.step.forEach) return undefined;
  const result = whenHolds(when, lookup, assertions);
  return result.passed ? undefined : `Skipped: when ${result.message}`;
}

/** The suffix of an iteration's record name: `[3]`. */
export function iterationName(name: string, index: number): string {
  return `${name} [${index + 1}]`;
}

/**
 * What a loop leaves behind: each produced capture as the JSON array of the
 * values of the iterations that ran, in order; all of them missing when an
 * iteration failed.
 */
export function loopCaptures(
  produces: string[],
  step: string,
  iterations: ({ settled: Settled; ran: boolean; failed: boolean })[],
): Settled {
  if (iterations.some((i) => i.failed)) {
    return {
      values: {},
      absent: Object.fromEntries(produces.map((name) => [name, { step, failed: true }])),
    };
  }
  const values: Record<string, string> = {};
  for (const name of produces) {
    const list = iterations.filter((i) => i.ran && name in i.settled.values).map((i) =>
      i.settled.raw && name in i.settled.raw
        ? i.settled.raw[name]
        : jsonValue(i.settled.values[name])
    );
    values[name] = JSON.stringify(list);
  }
  return { values, absent: {} };
}

/** A captured value back as JSON: text that parses as JSON is read, anything else stays text. */
function jsonValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The captures of a node that did not run: missing, for the reason given. */
export function absentCaptures(produces: string[], step: string, failed: boolean): Settled {
  return {
    values: {},
    absent: Object.fromEntries(produces.map((name) => [name, { step, failed }])),
  };
}
