/**
 * The data file of a data-driven run: `--data <file>` (relative to the
 * working folder, else the collection) wins over the flow's `data:`
 * frontmatter (relative to the collection root, or to the flow with ./ or ../,
 * and inside the project).
 */
import { dirname, resolve } from "../../adapters/path.ts";
import { staysInsideSync } from "../../adapters/contain.ts";
import { type Issue, issue } from "../../engine/issue.ts";
import type { FlowSpec } from "../../engine/model.ts";
import type { DataRow } from "../../engine/parse/data.ts";
import { exists, readTextSync } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath, resolveStepPath } from "../collection/load.ts";
import type { PlanNode } from "../../engine/flow/plan.ts";
import type { FlowTree } from "./load.ts";

export interface DataSet {
  /** Display path of the data file. */
  file: string;
  rows: DataRow[];
}

/** The rows to run, or none when the flow is not data-driven; problems are issues. */
export async function loadDataSet(
  flow: FlowSpec,
  where: { flowPath: string; collectionRoot: string; flag?: string },
  ctx: Pick<OpsContext, "cwd">,
): Promise<{ data?: DataSet; issues: Issue[]; source?: { file: string; text: string } }> {
  const given = where.flag ?? flow.data?.file;
  if (given === undefined) return { issues: [] };
  const path = where.flag !== undefined
    ? await flagPath(where.flag, where.collectionRoot, ctx)
    : resolveStepPath(given, where.flowPath, where.collectionRoot);
  const file = displayPath(path, ctx.cwd);
  // A flow's `data:` is the repository's word: it may not read files outside the project (the
  // rows become variables, which requests carry away). `--data` is the user's own choice.
  if (where.flag === undefined) {
    const inside = staysInsideSync(dirname(where.collectionRoot), path);
    if (!inside.ok) {
      return {
        issues: [issue("VALIDATION_ERROR", `Data file ${file} is outside the project`, {
          file: flow.file,
          line: flow.data?.line,
          fix: "Keep data files inside the folder that holds api-docs/, or pass one of your own " +
            "with --data",
        })],
      };
    }
  }
  const read = readTextSync(path);
  if (!read.ok) {
    const missing = read.error instanceof Deno.errors.NotFound;
    const message = missing
      ? `Data file ${file} does not exist`
      : `Cannot read data file ${file}: ${read.error.message}`;
    return {
      issues: [
        where.flag !== undefined
          ? issue("USAGE", message, { fix: "Check the --data path" })
          : issue("VALIDATION_ERROR", message, {
            file: flow.file,
            line: flow.data?.line,
            fix: "Paths in data: are relative to the collection root (api-docs/) unless they " +
              "start with ./ or ../",
          }),
      ],
    };
  }
  // Loaded here, not with this module: its CSV parser is an npm package, and loading it would
  // cost validate, check and flow runs without data files about 20 ms (npm and Node layers).
  const { parseDataFile } = await import("../../engine/parse/data.ts");
  const { rows, issues } = parseDataFile(read.text, file);
  return {
    data: rows.length > 0 ? { file, rows } : undefined,
    issues,
    // Large files are not kept for caret rendering.
    ...(read.text.length <= 1_000_000 ? { source: { file, text: read.text } } : {}),
  };
}

async function flagPath(
  flag: string,
  collectionRoot: string,
  ctx: Pick<OpsContext, "cwd">,
): Promise<string> {
  const direct = resolve(ctx.cwd, flag);
  if (await exists(direct)) return direct;
  const inRoot = resolve(collectionRoot, flag);
  return await exists(inRoot) ? inRoot : direct;
}

/**
 * The rows of every sub-flow in a plan whose frontmatter has `data:`: a step
 * that runs such a flow runs it once per row. Keyed by the sub-flow's path;
 * read once each, problems as issues (the run stops before sending).
 */
export async function loadSubflowRows(
  nodes: PlanNode[],
  tree: FlowTree,
  collectionRoot: string,
  ctx: Pick<OpsContext, "cwd">,
): Promise<{ rows: Map<string, DataRow[]>; issues: Issue[]; sources: Map<string, string> }> {
  const rows = new Map<string, DataRow[]>();
  const issues: Issue[] = [];
  const sources = new Map<string, string>();
  const visit = async (list: PlanNode[]) => {
    for (const node of list) {
      if (node.kind !== "flow") continue;
      const flow = tree.flows.get(node.target)?.flow;
      if (flow?.data && !rows.has(node.target)) {
        const data = await loadDataSet(flow, { flowPath: node.target, collectionRoot }, ctx);
        issues.push(...data.issues);
        if (data.source) sources.set(data.source.file, data.source.text);
        rows.set(node.target, data.data?.rows ?? []);
      }
      await visit(node.children);
    }
  };
  await visit(nodes);
  return { rows, issues, sources };
}
