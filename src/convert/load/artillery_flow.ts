/**
 * A flow's nodes as Artillery scenario steps: `For each` → `loop` with
 * `over` and `loopElement`; `When` (and "the capture it needs was made") →
 * `ifTrue` on every request it covers; `Delay` → `think`; `Until` → a `loop`
 * whose `whileTrue` is a generated processor function. What Artillery cannot
 * do as apispec does is refused with the flow line and a fix.
 */
import { type Issue, issue } from "../../engine/issue.ts";
import type { LoadNode, Where } from "./load_flow.ts";
import {
  artilleryProblem,
  artilleryRequest,
  hasTemplate,
  TEMPLATE_PROBLEM,
} from "./artillery_request.ts";
import { filtrexRule, isSet } from "./artillery_when.ts";
import { addUntil, type Processor } from "./artillery_processor.ts";

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

type Step = Record<string, unknown>;

/** The scenario's steps. */
export function artilleryFlow(nodes: LoadNode[], fc: FlowContext): Step[] {
  return nodes.flatMap((node) => nodeSteps(node, [], fc));
}

function refuse(fc: FlowContext, where: Where, message: string, fix: string) {
  fc.issues.push(issue("VALIDATION_ERROR", message, { ...where, fix }));
}

/** `think` takes seconds; a bare fraction would be read as milliseconds, so those get a unit. */
function think(ms: number): Step {
  return { think: ms % 1000 === 0 ? ms / 1000 : `${Math.round(ms)}ms` };
}

/** One node; `conditions` are the filtrex tests of the steps around it that may skip it. */
function nodeSteps(node: LoadNode, conditions: string[], fc: FlowContext): Step[] {
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
    refuse(
      fc,
      collected.readBy,
      `Artillery cannot collect "${collected.variable}" from the runs of the For each at ` +
        `${node.where.file}:${
          node.loop!.where.line
        }: a later step reads the list, but each run overwrites the value`,
      `Read "${collected.variable}" inside the loop, or export k6, whose script collects the runs' values`,
    );
  }
  if (node.delayMs && own.length > 0) {
    fc.caveats.push(`${node.name}: Delay waits even when the step's condition skips it`);
  }
  const once: Step[] = [
    ...(node.delayMs ? [think(node.delayMs)] : []),
    ...(node.request
      ? requestSteps(node, own, fc)
      : (node.children ?? []).flatMap((child) => nodeSteps(child, own, fc))),
  ];
  if (!node.loop) return once;
  const { over, as } = node.loop;
  if ("items" in over && hasTemplate(over.items)) {
    refuse(
      fc,
      node.loop.where,
      `Artillery cannot loop over this list: ${TEMPLATE_PROBLEM.problem}`,
      TEMPLATE_PROBLEM.fix,
    );
    return [];
  }
  return [{ loop: once, over: "var" in over ? over.var : over.items, loopElement: as }];
}

/** A request, guarded by `ifTrue`; with `Until`, the polling loop around it. */
function requestSteps(node: LoadNode, conditions: string[], fc: FlowContext): Step[] {
  const problem = artilleryProblem(node.request!);
  if (problem) {
    refuse(fc, node.where, `Artillery cannot send ${node.name}: ${problem.problem}`, problem.fix);
    return [];
  }
  const ifTrue = conditions.length === 0 ? {} : {
    ifTrue: conditions.length === 1 ? conditions[0] : conditions.map((c) => `(${c})`).join(" and "),
  };
  if (!node.until) return [artilleryRequest(node.request!, fc, ifTrue)];
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
  const request = artilleryRequest(node.request!, fc, {
    ...ifTrue,
    afterResponse: hooks.seen,
  });
  fc.caveats.push(`${node.name}: checks apply to every Until attempt, not only the last`);
  return [{ loop: [request], whileTrue: hooks.again }, { function: hooks.done }];
}
