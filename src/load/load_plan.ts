/**
 * Builds the load scenario of a flow or an endpoint file. A flow is read
 * the way `apispec flow` reads it (`loadFlowTree`, then the planner, which
 * expands sub-flows and refuses cycles), its data file with it; lowering
 * (`convert/load/lower_flow.ts`) then resolves every request for the environment,
 * leaving holes for what only exists while the script runs (captures, loop
 * elements, data columns) and for secrets, which never land in the script.
 */
import { relative } from "../adapters/path.ts";
import type { Issue } from "../engine/issue.ts";
import type { AuthKind, EndpointSpec, FlowSpec } from "../engine/model.ts";
import { planFlow, requestNodes } from "../engine/flow/plan.ts";
import { rootName, rowVariables } from "../engine/flow/lookup.ts";
import { dataFormat, type DataRow } from "../engine/parse/data.ts";
import { CLI_ORDER, SECRET_NAME, type VarLayer } from "../engine/resolve/layers.ts";
import { envSentinel } from "../convert/load/load_script.ts";
import { type LoadData, type LoadScenario, requestNode } from "../convert/load/load_flow.ts";
import { loadRequest } from "../convert/load/load_request.ts";
import { lowerFlow } from "../convert/load/lower_flow.ts";
import { usedVariables } from "../engine/resolve/build.ts";
import type { OpsContext } from "../adapters/system.ts";
import {
  buildLayers,
  type Collection,
  displayPath,
  resolveStepPath,
} from "../ops/collection/load.ts";
import { loadFlowTree } from "../ops/flow/load.ts";
import { loadDataSet, loadSubflowRows } from "../ops/flow/data.ts";
import { loadEndpoint } from "../ops/run/exec.ts";
import { assertionOptions } from "../ops/run/assertions.ts";

export interface PlanContext {
  collection: Collection;
  env: string;
  cli: Record<string, string>;
  ctx: OpsContext;
  /** The folder the script is written to: data paths are relative to it. */
  outDir: string;
}

export interface ScenarioResult {
  scenario?: LoadScenario;
  issues: Issue[];
}

function layersFor(pc: PlanContext) {
  return (spec: EndpointSpec | undefined, holes: Record<string, string>): VarLayer[] =>
    buildLayers(
      pc.collection,
      pc.env,
      { captures: holes, cli: pc.cli, frontmatter: spec?.vars },
      CLI_ORDER,
      ["APISPEC_"],
      pc.ctx.env,
    );
}

const authOf = (pc: PlanContext) => (spec: EndpointSpec): AuthKind =>
  spec.auth ?? pc.collection.config.auth;

/** A flow as one scenario: sub-flows inlined, loops, conditions, polling and delays kept. */
export async function flowScenario(path: string, pc: PlanContext): Promise<ScenarioResult> {
  const root = pc.collection.root;
  const tree = await loadFlowTree(path, { collectionRoot: root }, pc.ctx);
  const flow = tree.flows.get(path)?.flow;
  const issues = [...tree.issues];
  const failed = () => issues.some((i) => i.severity === "error");
  if (!flow || failed()) return { issues };
  const plan = planFlow(path, tree);
  issues.push(...plan.issues);
  if (failed()) return { issues };
  const loaded = await loadDataSet(flow, { flowPath: path, collectionRoot: root }, pc.ctx);
  issues.push(...loaded.issues);
  if (failed()) return { issues };
  const rows = loaded.data?.rows ?? [];
  // Sub-flows with data: run once per row where a step runs them, as in `apispec flow`.
  const subflows = await loadSubflowRows(plan.nodes, tree, root, pc.ctx);
  issues.push(...subflows.issues);
  if (failed()) return { issues };
  const subflowData = new Map<string, LoadData>();
  for (const [target, targetRows] of subflows.rows) {
    subflowData.set(target, loadData(tree.flows.get(target)!.flow, target, targetRows, [], pc));
  }
  const lowered = lowerFlow(plan.nodes, {
    subflowData: (target) => subflowData.get(target),
    spec: (target) => tree.loaded.get(target)?.spec,
    layers: layersFor(pc),
    auth: authOf(pc),
    env: pc.env,
    data: dataVariables(rows, pc.cli),
    assertions: await assertionOptions(
      requestNodes(plan.nodes).flatMap((n) => n.step.when ? [n.step.when.rule] : []),
    ),
  });
  issues.push(...lowered.issues);
  if (failed()) return { issues };
  const data = loaded.data ? loadData(flow, path, rows, lowered.json, pc) : undefined;
  return {
    scenario: {
      name: flow.title,
      source: flow.file,
      nodes: lowered.nodes,
      ...(data ? { data } : {}),
      ...(flow.parallel ? { parallel: true } : {}),
    },
    issues,
  };
}

/** A flow's data file (its `data:` line) as the script reads it, relative to the script. */
function loadData(
  flow: FlowSpec,
  path: string,
  rows: DataRow[],
  json: string[],
  pc: PlanContext,
): LoadData {
  const absolute = resolveStepPath(flow.data!.file, path, pc.collection.root);
  return {
    file: displayPath(absolute, pc.ctx.cwd),
    path: relative(pc.outDir, absolute).replaceAll("\\", "/"),
    format: dataFormat(absolute)!,
    fields: fieldsOf(rows),
    json,
    rows,
    where: { file: flow.file, line: flow.data!.line ?? 1 },
  };
}

/** What a data row binds while the script runs; a `--var` of the same name wins, as in a run. */
function dataVariables(rows: DataRow[], cli: Record<string, string>): Set<string> {
  const names = new Set(rows.flatMap((row) => Object.keys(rowVariables(row))));
  return new Set([...names].filter((name) => !Object.hasOwn(cli, rootName(name))));
}

/** Column names in the order they first appear (a CSV's header order). */
function fieldsOf(rows: DataRow[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row)))];
}

/** An endpoint file as a one-request scenario. */
export async function endpointScenario(path: string, pc: PlanContext): Promise<ScenarioResult> {
  const loaded = await loadEndpoint(path, pc.ctx);
  const spec = loaded.spec;
  if (!spec || loaded.issues.some((i) => i.severity === "error")) {
    return { issues: loaded.issues };
  }
  const auth = authOf(pc)(spec);
  const holes: Record<string, string> = {};
  for (const { name } of usedVariables(spec, auth)) {
    if (SECRET_NAME.test(name)) holes[name] = envSentinel(name);
  }
  const built = loadRequest({
    spec,
    name: spec.title,
    layers: layersFor(pc)(spec, holes),
    auth,
    env: pc.env,
  });
  const where = { file: loaded.file, line: 1 };
  return {
    scenario: built.step
      ? { name: spec.title, source: loaded.file, nodes: [requestNode(built.step, where)] }
      : undefined,
    issues: [...loaded.issues, ...built.issues],
  };
}
