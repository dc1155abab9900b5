/**
 * A flow's nodes as Artillery scenario steps: `For each` → `loop` with
 * `over` and `loopElement`; a sub-flow with `data:` → a `loop` over its rows;
 * `When` (and "the capture it needs was made") → `ifTrue` on every request it
 * covers; `Delay` → `think`; `Until` → a `loop` whose `whileTrue` is a
 * generated processor function; generated values → a `beforeRequest`
 * function that sets them. `Always`: Artillery has no `finally`, and a
 * capture that selects nothing ends the virtual user, so before an `Always`
 * step captures are soft (`strict: false`, an expectation that they selected
 * something) and the steps after a missed one are skipped by `ifTrue`, while
 * the `Always` step runs. What Artillery cannot do as apispec does is refused
 * with the flow line and a fix.
 */
import { type Issue, issue } from "../../engine/issue.ts";
import { tryJson } from "../../engine/compare/json_path.ts";
import type { LoadData, LoadNode, Where } from "./load_flow.ts";
import { generatedNames } from "./load_script.ts";
import {
  artilleryProblem,
  artilleryRequest,
  hasTemplate,
  TEMPLATE_PROBLEM,
} from "./artillery_request.ts";
import { filtrexRule, isSet } from "./artillery_when.ts";
import { addGenerated, addUntil, type Processor } from "./artillery_processor.ts";

export interface FlowContext {
  /** `config.target`: request URLs under it are written as paths. */
  origin: string;
  scenario: string;
  notes: string[];
  caveats: string[];
  /** Functions the steps name; undefined when no processor file can be written (stdout). */
  processor?: Processor;
  /** Why the scenario cannot be exported for Artillery. */
  issues: Issue[];
}

/** Where the walk is, for `Always`: which requests come before the last one, what stops the rest. */
interface Cleanup {
  /** Depth-first index of the last request of an `Always` step; -1 without one. */
  lastAlways: number;
  /** Requests written so far. */
  written: number;
  /** Loops around the current step. */
  loops: number;
  /** Soft captures made so far by steps that always run: without one, later steps are skipped. */
  stops: string[];
}

type Step = Record<string, unknown>;

/** The scenario's steps. */
export function artilleryFlow(nodes: LoadNode[], fc: FlowContext): Step[] {
  const requests = requestNodes(nodes);
  const cleanup: Cleanup = {
    lastAlways: requests.findLastIndex((n) => n.always),
    written: 0,
    loops: 0,
    stops: [],
  };
  if (cleanup.lastAlways >= 0) {
    fc.caveats.push(
      `${fc.scenario}: a virtual user that ends at an error (the network, a timeout, or a ` +
        "capture in a For each that selects nothing) does not run its Always steps",
    );
  }
  return nodes.flatMap((node) => nodeSteps(node, [], fc, cleanup));
}

/** The request nodes, depth first (a loop's once). */
function requestNodes(nodes: LoadNode[]): LoadNode[] {
  return nodes.flatMap((n) => n.request ? [n] : requestNodes(n.children ?? []));
}

/** A sub-flow's rows as the loop goes over them: the columns it reads as JSON parsed. */
function rowsOver(data: LoadData): unknown[] {
  return data.rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => {
        const json = data.json.includes(column) && typeof value === "string"
          ? tryJson(value)
          : null;
        return [column, json?.ok ? json.value : value];
      }),
    )
  );
}

function refuse(fc: FlowContext, where: Where, message: string, fix: string) {
  fc.issues.push(issue("VALIDATION_ERROR", message, { ...where, fix }));
}

/** `think` takes seconds; a bare fraction would be read as milliseconds, so those get a unit. */
function think(ms: number): Step {
  return { think: ms % 1000 === 0 ? ms / 1000 : `${Math.round(ms)}ms` };
}

/** One node; `conditions` are the filtrex tests of the steps around it that may skip it. */
function nodeSteps(
  node: LoadNode,
  conditions: string[],
  fc: FlowContext,
  cleanup: Cleanup,
): Step[] {
  const own = [...conditions];
  if (node.when) {
    const translated = filtrexRule(node.when.variable, node.when.rule);
    if ("problem" in translated) {
      refuse(
        fc,
        node.when.where,
        `Artillery cannot express When \`${node.when.variable}: ${
          node.when.rule.source.replace(/^[^:]*:\s*/, "")
        }\`: ${translated.problem}`,
        translated.fix,
      );
      return [];
    }
    own.push(translated.expr);
  }
  own.push(...node.requires.map(isSet));
  for (const collected of node.collects) {
    const runs = node.loop && "rows" in node.loop.over
      ? `the rows of ${node.loop.over.rows.file} run`
      : "the runs of the For each";
    refuse(
      fc,
      collected.readBy,
      `Artillery cannot collect "${collected.variable}" from ${runs} at ` +
        `${node.where.file}:${
          node.loop!.where.line
        }: a later step reads the list, but each run overwrites the value`,
      `Read "${collected.variable}" inside the loop, or export k6, whose script collects the runs' values`,
    );
  }
  if (node.delayMs && own.length > 0) {
    fc.caveats.push(`${node.name}: Delay waits even when the step's condition skips it`);
  }
  if (node.loop) cleanup.loops++;
  const once: Step[] = [
    ...(node.delayMs ? [think(node.delayMs)] : []),
    ...(node.request
      ? requestSteps(node, own, fc, cleanup)
      : (node.children ?? []).flatMap((child) => nodeSteps(child, own, fc, cleanup))),
  ];
  if (!node.loop) return once;
  cleanup.loops--;
  const { over, as } = node.loop;
  const list = "var" in over ? over.var : "rows" in over ? rowsOver(over.rows) : over.items;
  if (typeof list !== "string" && hasTemplate(list)) {
    refuse(
      fc,
      node.loop.where,
      `Artillery cannot loop over ${
        "rows" in over ? `the rows of ${over.rows.file}` : "this list"
      }: ${TEMPLATE_PROBLEM.problem}`,
      TEMPLATE_PROBLEM.fix,
    );
    return [];
  }
  return [{ loop: once, over: list, loopElement: as }];
}

/** A request, guarded by `ifTrue`; with `Until`, the polling loop around it. */
function requestSteps(
  node: LoadNode,
  conditions: string[],
  fc: FlowContext,
  cleanup: Cleanup,
): Step[] {
  const request = node.request!;
  const problem = artilleryProblem(request);
  if (problem) {
    refuse(fc, node.where, `Artillery cannot send ${node.name}: ${problem.problem}`, problem.fix);
    return [];
  }
  // Before an Always step (and in it), a capture that selects nothing must not end the virtual
  // user; in a loop it still does (a later run would read the missing value).
  const index = cleanup.written++;
  const softCaptures = (index < cleanup.lastAlways || node.always === true) &&
    cleanup.loops === 0;
  const stops = node.always ? [] : cleanup.stops.map(isSet);
  const tests = [...new Set([...conditions, ...stops])];
  if (softCaptures && conditions.length === 0) {
    cleanup.stops.push(
      ...request.captures.filter((c) => c.from !== "status").map((c) => c.variable),
    );
  }
  const extra: Step = tests.length === 0 ? {} : {
    ifTrue: tests.length === 1 ? tests[0] : tests.map((c) => `(${c})`).join(" and "),
  };
  if (generatedNames(request).length > 0) {
    if (!fc.processor) {
      refuse(
        fc,
        node.where,
        `Artillery makes the generated values of ${node.name} (${
          generatedNames(request).map((n) => `{{${n}}}`).join(", ")
        }) in a generated processor file, which cannot go to stdout`,
        "Write the script to a file: --out load.yml (the processor is written beside it), " +
          "or export k6, whose script makes them itself",
      );
      return [];
    }
    extra.beforeRequest = addGenerated(fc.processor);
  }
  const at = { ...fc, softCaptures };
  if (!node.until) return [artilleryRequest(request, at, extra)];
  if (!fc.processor) {
    refuse(
      fc,
      node.until.where,
      "Artillery polls (Until) through a generated processor file, which cannot go to stdout",
      "Write the script to a file: --out load.yml (the processor is written beside it)",
    );
    return [];
  }
  const hooks = addUntil(fc.processor, node.name, node.until, node.until.operand);
  if (!hooks) {
    refuse(
      fc,
      node.until.where,
      `Artillery cannot evaluate Until \`${node.until.rule.source}\`: its operand is built while the script runs`,
      "Write the list or count literally",
    );
    return [];
  }
  const polled = artilleryRequest(request, at, { ...extra, afterResponse: hooks.seen });
  fc.caveats.push(`${node.name}: checks apply to every Until attempt, not only the last`);
  return [{ loop: [polled], whileTrue: hooks.again }, { function: hooks.done }];
}
