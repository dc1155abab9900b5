/**
 * Lowers a planned flow (`engine/flow/plan.ts`: sub-flows already expanded)
 * into the load plan's nodes. Walking the steps in file order, it tracks
 * which variables only exist while the script runs (captures so far, loop
 * elements, data columns) and resolves everything else at export, as
 * `apispec flow --dry-run` does: a `When` on known values keeps or drops its
 * step here, a `For each` over a known list carries the list itself.
 */
import { type Issue, issue } from "../../engine/issue.ts";
import type { AuthKind, EndpointSpec } from "../../engine/model.ts";
import type { PlanNode } from "../../engine/flow/plan.ts";
import type { AssertionOptions } from "../../engine/compare/assertions.ts";
import { whenHolds } from "../../engine/flow/condition.ts";
import { MAX_ITEMS } from "../../engine/flow/decide.ts";
import { type Lookup, resolveVariable, rootName } from "../../engine/flow/lookup.ts";
import { lookupVar, SECRET_NAME, type VarLayer } from "../../engine/resolve/layers.ts";
import { usedVariables } from "../../engine/resolve/build.ts";
import { substitute } from "../../engine/resolve/template.ts";
import { captureSentinel, envSentinel, partsOf } from "./load_script.ts";
import type { LoadData, LoadLoop, LoadNode, Where } from "./load_flow.ts";
import { loadRequest } from "./load_request.ts";

export interface LowerContext {
  /** The endpoint file a request node runs, when it loaded. */
  spec(target: string): EndpointSpec | undefined;
  /** The layers a request resolves with (its frontmatter), stand-ins on top; no spec: what `When` reads. */
  layers(spec: EndpointSpec | undefined, holes: Record<string, string>): VarLayer[];
  auth(spec: EndpointSpec): AuthKind;
  env: string;
  /** Variables a data row binds while the script runs (columns a `--var` overrides left out). */
  data: Set<string>;
  /** What `When` rules on values known at export need (RE2 for `matches`). */
  assertions?: AssertionOptions;
  /** The data of a sub-flow whose frontmatter has `data:` (it runs once per row); `json` is filled here. */
  subflowData?(target: string): LoadData | undefined;
}

/** What the walk knows at a point of the flow. */
interface Scope {
  /** Loop elements bound around the step. */
  bindings: Set<string>;
  /** Inside a step that may not run (a `When` or a guard on a parent). */
  conditional: boolean;
  /** Inside an `Always` step: runs after an earlier failure too. */
  always: boolean;
  /** Data columns of the per-row sub-flows around the step → the row variable that holds them. */
  rows: Map<string, string>;
}

/** What the walk has seen so far, shared along the flow. */
interface Seen {
  captured: Set<string>;
  /** Captures of steps that may be skipped at run time → the step that makes them. */
  maybe: Set<string>;
  /** Captures of steps dropped at export (a `When` that cannot hold). */
  gone: Set<string>;
  /** Captures made in a loop → the loop node, which collects them when read later. */
  inLoop: Map<string, LoadNode>;
  /** Data columns read as JSON. */
  json: Set<string>;
  /** Row variables of per-row sub-flows → their data, whose `json` columns the walk fills. */
  rowData: Map<string, LoadData>;
  issues: Issue[];
}

/** The flow's steps as load nodes, the data columns read as JSON, and what stops the export. */
export function lowerFlow(
  nodes: PlanNode[],
  ctx: LowerContext,
): { nodes: LoadNode[]; json: string[]; issues: Issue[] } {
  const seen: Seen = {
    captured: new Set(),
    maybe: new Set(),
    gone: new Set(),
    inLoop: new Map(),
    json: new Set(),
    rowData: new Map(),
    issues: [],
  };
  const scope: Scope = { bindings: new Set(), conditional: false, always: false, rows: new Map() };
  const lowered = lowerNodes(nodes, scope, seen, ctx);
  for (const data of seen.rowData.values()) data.json.sort();
  return { nodes: lowered, json: [...seen.json], issues: seen.issues };
}

function lowerNodes(nodes: PlanNode[], scope: Scope, seen: Seen, ctx: LowerContext): LoadNode[] {
  return nodes.flatMap((node) => {
    const lowered = lowerNode(node, scope, seen, ctx);
    return lowered ? [lowered] : [];
  });
}

function lowerNode(
  node: PlanNode,
  scope: Scope,
  seen: Seen,
  ctx: LowerContext,
): LoadNode | undefined {
  const { step } = node;
  const where: Where = { file: node.file, line: step.line };
  const reads = node.reads.filter((n) => n !== step.forEach?.as);
  // A step that uses a capture of a step dropped at export is dropped too.
  if (reads.some((n) => seen.gone.has(n))) return drop(node, seen);
  const known: Lookup = (name) => lookupVar(ctx.layers(undefined, {}), name)?.value;
  // A per-row sub-flow's columns are fields of its row variable: `name` → `apispec_row_1.name`.
  const rows = new Map(scope.rows);
  const renamed = (path: string) => {
    const row = rows.get(rootName(path));
    return row === undefined ? path : `${row}.${path}`;
  };
  const runtime = (path: string, bindings = scope.bindings) => {
    const root = rootName(path);
    return bindings.has(root) || rows.has(root) || seen.captured.has(root) || ctx.data.has(root);
  };
  const readJson = (path: string, structural: boolean) => {
    const root = rootName(path);
    if (!structural) return;
    const row = rows.get(root);
    const data = row === undefined ? undefined : seen.rowData.get(row)!;
    if (data && !data.json.includes(root)) data.json.push(root);
    else if (ctx.data.has(root) && !seen.captured.has(root)) seen.json.add(root);
  };

  const lowered: LoadNode = { name: node.name, where, requires: [], collects: [] };
  if (step.delayMs) lowered.delayMs = step.delayMs;
  const always = scope.always || step.always !== undefined;
  if (always) lowered.always = true;
  const inner = new Set(scope.bindings);
  if (step.forEach) {
    const loop = lowerLoop(step.forEach, node.file, runtime, known, seen);
    if (!loop) return drop(node, seen);
    if ("var" in loop.over) {
      readJson(loop.over.var, true);
      loop.over.var = renamed(loop.over.var);
    }
    lowered.loop = loop;
    inner.add(loop.as);
    rows.delete(loop.as);
  }
  if (step.when) {
    const { variable } = step.when;
    if (runtime(variable, inner)) {
      readJson(variable, variable.includes("."));
      lowered.when = {
        variable: renamed(variable),
        rule: step.when.rule,
        where: { file: node.file, line: step.when.line },
      };
    } else if (!whenHolds(step.when, known, ctx.assertions).passed) return drop(node, seen);
  }
  // An Always step runs after a failure: every capture it needs may be missing then.
  lowered.requires = always
    ? node.needs.filter((n) => seen.captured.has(n))
    : reads.filter((n) => seen.maybe.has(n));
  for (const name of reads) {
    const loop = seen.inLoop.get(name);
    if (loop && !loop.collects.some((c) => c.variable === name)) {
      loop.collects.push({ variable: name, readBy: where });
    }
  }

  const conditional = scope.conditional || lowered.when !== undefined ||
    lowered.requires.length > 0 || always;
  if (node.kind === "flow") {
    const data = ctx.subflowData?.(node.target);
    const children = (rowScope: Map<string, string>) =>
      lowerNodes(
        node.children,
        { bindings: inner, conditional, always, rows: rowScope },
        seen,
        ctx,
      );
    if (!data) lowered.children = children(rows);
    else {
      const as = `apispec_row_${seen.rowData.size + 1}`;
      const rowData = { ...data, json: [] };
      seen.rowData.set(as, rowData);
      const columns = new Map(rows);
      // A row's columns come above loop variables and captures, as in a run.
      for (const field of data.fields) columns.set(field, as);
      const perRow: LoadNode = {
        name: node.name,
        where,
        requires: [],
        collects: [],
        loop: { over: { rows: rowData }, as, where },
        children: children(columns),
        ...(always ? { always: true as const } : {}),
      };
      // The rows' captures come back as lists, as a loop's do.
      if (lowered.loop) lowered.children = [perRow];
      else Object.assign(lowered, { loop: perRow.loop, children: perRow.children });
    }
  } else {
    const built = lowerRequest(node, inner, rows, seen, ctx);
    if (!built) return undefined;
    lowered.request = built.step;
    if (step.until) {
      const { rule, everyMs, times, line } = step.until;
      const operand = partsOf(substitute(rule.operand, built.lookup).text);
      lowered.until = { rule, operand, everyMs, times, where: { file: node.file, line } };
    }
  }
  for (const name of node.produces) {
    seen.captured.add(name);
    seen.gone.delete(name);
    if (conditional) seen.maybe.add(name);
    else seen.maybe.delete(name);
    if (lowered.loop) seen.inLoop.set(name, lowered);
    else seen.inLoop.delete(name);
  }
  return lowered;
}

/** A step that cannot run: its captures are gone for the steps after it. */
function drop(node: PlanNode, seen: Seen): undefined {
  for (const name of node.produces) seen.gone.add(name);
  return undefined;
}

/** The loop of a `For each`; a list known at export is checked as the run would check it. */
function lowerLoop(
  forEach: { items: string; as: string; line: number },
  file: string,
  runtime: (path: string) => boolean,
  known: Lookup,
  seen: Seen,
): LoadLoop | undefined {
  const where = { file, line: forEach.line };
  if (runtime(forEach.items)) return { over: { var: forEach.items }, as: forEach.as, where };
  const found = resolveVariable(known, forEach.items);
  const problem = !found
    ? `\`${forEach.items}\` is not defined`
    : !Array.isArray(found.value)
    ? `\`${forEach.items}\` is not an array`
    : found.value.length > MAX_ITEMS
    ? `\`${forEach.items}\` has ${found.value.length} elements; the limit is ${MAX_ITEMS}`
    : undefined;
  if (problem) {
    seen.issues.push(issue("VAR_MISSING", `Cannot export For each: ${problem}`, {
      ...where,
      fix: `Capture the list in an earlier step, or pass it: --var '${forEach.items}=[1, 2]'`,
    }));
    return undefined;
  }
  return { over: { items: found!.value as unknown[] }, as: forEach.as, where };
}

/** A request with stand-ins for everything that only exists while the script runs. */
function lowerRequest(
  node: PlanNode,
  bindings: Set<string>,
  rows: Map<string, string>,
  seen: Seen,
  ctx: LowerContext,
) {
  const spec = ctx.spec(node.target);
  if (!spec) return undefined;
  const auth = ctx.auth(spec);
  const holes: Record<string, string> = {};
  const names = new Set([...usedVariables(spec, auth).map((v) => v.name), ...node.reads]);
  for (const name of names) {
    const row = rows.get(rootName(name));
    if (row !== undefined) holes[name] = captureSentinel(`${row}.${name}`);
    else if (bindings.has(rootName(name)) || seen.captured.has(name) || ctx.data.has(name)) {
      holes[name] = captureSentinel(name);
    } else if (SECRET_NAME.test(name)) holes[name] = envSentinel(name);
  }
  for (const name of seen.captured) holes[name] ??= captureSentinel(name);
  const layers = ctx.layers(spec, holes);
  const built = loadRequest({ spec, name: node.name, layers, auth, env: ctx.env, step: node.step });
  seen.issues.push(...built.issues);
  const lookup: Lookup = (name) => lookupVar(layers, name)?.value;
  return built.step ? { step: built.step, lookup } : undefined;
}
