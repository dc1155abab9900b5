/**
 * The flow around the requests of a load plan: what both script writers
 * (`to_artillery.ts`, `to_k6.ts`) translate into their engine's constructs.
 * `lower_flow.ts` builds it from the flow planner's tree, so sub-flows are
 * already inlined and every variable is either resolved at export or a
 * run-time variable the engine fills (a capture, a loop element, a data
 * column).
 */
import type { Issue } from "../../engine/issue.ts";
import type { AssertionRule } from "../../engine/model.ts";
import type { DataFormat, DataRow } from "../../engine/parse/data.ts";
import type { LoadStep, Part } from "./load_script.ts";

/** Where a flow line is written: refusals and notes point there. */
export interface Where {
  file: string;
  line: number;
}

/** A `When` rule on a run-time variable (a dotted path: `user.role`). */
export interface LoadWhen {
  variable: string;
  rule: AssertionRule;
  where: Where;
}

/**
 * A `For each` over a run-time variable or over a list already known at
 * export; or the rows of a sub-flow's data file (a step that runs a flow
 * with `data:` runs it once per row), each row bound to `as` and its columns
 * read as `<as>.<column>`.
 */
export interface LoadLoop {
  over: { var: string } | { items: unknown[] } | { rows: LoadData };
  as: string;
  where: Where;
}

export interface LoadUntil {
  rule: AssertionRule;
  /** The rule's operand with run-time variables as holes. */
  operand: Part[];
  everyMs: number;
  times: number;
  where: Where;
}

/** One flow step: a request, or a sub-flow's steps, with the lines around it. */
export interface LoadNode {
  /** Sub-flow names first: `Onboard › Create user`. */
  name: string;
  where: Where;
  /** Wait before each run. */
  delayMs?: number;
  /**
   * Runs after an earlier failure too (`Always: true`, or a step of such a
   * sub-flow); `requires` then names every capture it reads.
   */
  always?: true;
  when?: LoadWhen;
  /**
   * Captures of steps a `When` may skip: this step runs only when they are
   * set (a step that uses a skipped step's capture is skipped too).
   */
  requires: string[];
  loop?: LoadLoop;
  until?: LoadUntil;
  request?: LoadStep;
  children?: LoadNode[];
  /**
   * Captures made in this loop that a later step reads: after the loop each
   * holds the list of the runs' values, as it does in `apispec flow`.
   */
  collects: { variable: string; readBy: Where }[];
}

/** A flow's data file: each virtual user (or iteration) takes a row. */
export interface LoadData {
  /** The file as messages name it. */
  file: string;
  /** Its path relative to the folder the script is written to. */
  path: string;
  format: DataFormat;
  /** Column names in order. */
  fields: string[];
  /** Columns the flow reads as JSON (a list it loops over, a field a `When` reads). */
  json: string[];
  rows: DataRow[];
  /** The flow's `data:` line. */
  where: Where;
}

export interface LoadScenario {
  name: string;
  /** The flow or endpoint file it came from. */
  source: string;
  nodes: LoadNode[];
  data?: LoadData;
  /** The flow runs its steps as a dependency graph; a load script runs them in order. */
  parallel?: boolean;
}

export interface LoadPlan {
  /** The environment's `baseUrl`. */
  target: string;
  env: string;
  /** Seconds, and new virtual users per second. */
  duration: number;
  rate: number;
  scenarios: LoadScenario[];
  /**
   * The script's file name when it is written to a file: files it needs
   * beside it (a processor, converted data) are named after it. Undefined
   * for stdout, where such files cannot be written.
   */
  script?: string;
}

/** A file written beside the script, named relative to it. */
export interface SideFile {
  name: string;
  text: string;
}

/** A scenario an engine cannot run as apispec would, with why (file, line, fix). */
export interface Refusal {
  scenario: string;
  source: string;
  issues: Issue[];
}

/** What a script writer returns. */
export interface LoadScript {
  text: string;
  /** Checks not made under load (also in the script's header). */
  notes: string[];
  /** Where a run of the script differs from `apispec flow` (also in the header). */
  caveats: string[];
  files: SideFile[];
  /** Scenarios left out of the script. */
  refused: Refusal[];
}

/** A request step as a one-node flow (an endpoint file exported on its own). */
export function requestNode(step: LoadStep, where: Where): LoadNode {
  return { name: step.name, where, requires: [], request: step, collects: [] };
}

/** Every request of the nodes, depth first. */
export function requestsOf(nodes: LoadNode[]): LoadStep[] {
  return nodes.flatMap((n) => n.request ? [n.request] : requestsOf(n.children ?? []));
}
