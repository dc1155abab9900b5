/**
 * What `check` runs: every endpoint and flow under the folder, or, with a git
 * ref, the endpoint files changed since its merge base and every flow that
 * uses one of them (a changed env or project file makes everything count).
 */
import { join, relative } from "../../adapters/path.ts";
import { type Issue, issue } from "../../engine/issue.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import { listMarkdown, readText, toSlash } from "../../adapters/fs.ts";
import { gitChangesSince } from "../../adapters/git.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath } from "../collection/load.ts";
import { type FileKind, kindOf, resolveStepPath } from "../collection/validate.ts";

export interface Selection {
  /** Absolute paths, sorted. */
  endpoints: string[];
  /** Absolute paths, sorted. */
  flows: string[];
  /** The merge base the changes were taken from. */
  base?: string;
  /** Endpoint and flow files deleted since the base (display paths). */
  deleted: string[];
  /** Shared files whose change made every spec count as changed. */
  sharedChanges: string[];
}

interface Target {
  absolute: string;
  kind: FileKind;
}

export const within = (dir: string, path: string) => !relative(dir, path).startsWith("..");

/** Files under the folder that belong to the collection, with their kinds. */
async function filesIn(absDir: string, root: string): Promise<Target[]> {
  const scope = within(absDir, root) ? root : absDir;
  // One relative path for the folder, not one per file: large collections list thousands.
  const fromRoot = toSlash(relative(root, scope));
  const prefix = fromRoot === "" ? "" : fromRoot.startsWith("..") ? undefined : fromRoot + "/";
  return (await listMarkdown(scope)).map((rel) => ({
    absolute: join(scope, rel),
    kind: kindOf(prefix === undefined ? rel : prefix + rel),
  }));
}

/** The files to check under `absDir` (collection `root`); an unusable ref is a usage issue. */
export async function selectFiles(
  absDir: string,
  root: string,
  changedFrom: string | undefined,
  ctx: OpsContext,
): Promise<{ selection?: Selection; issues: Issue[] }> {
  const inScope = await filesIn(absDir, root);
  const of = (kind: FileKind, targets: Target[]) =>
    targets.filter((t) => t.kind === kind).map((t) => t.absolute);
  const selection: Selection = {
    endpoints: of("endpoint", inScope),
    flows: of("flow", inScope),
    deleted: [],
    sharedChanges: [],
  };
  if (changedFrom) {
    const changes = await gitChangesSince(absDir, changedFrom);
    if (!changes.ok) {
      return {
        issues: [issue("USAGE", `Cannot compare with "${changedFrom}": ${changes.reason}`, {
          fix: "Pass a ref that exists here (fetch it first: `git fetch origin main`; in " +
            "GitHub Actions check out with `fetch-depth: 0`), or leave out --changed-from to check everything",
        })],
      };
    }
    selection.base = changes.base;
    const changed = changes.changes.map((c) => ({ ...c, absolute: join(changes.top, c.path) }))
      .filter((c) => within(root, c.absolute) || within(absDir, c.absolute));
    // Only markdown files are specs; other changed files (a flow's data) are "data".
    const kind = (path: string): FileKind | "data" =>
      /\.md$/i.test(path) ? kindOf(toSlash(relative(root, path))) : "data";
    const gone = changed.filter((c) =>
      c.status === "D" && ["endpoint", "flow"].includes(kind(c.absolute))
    );
    selection.deleted = gone.map((c) => displayPath(c.absolute, ctx.cwd)).sort();
    // The environment or project config changed: every spec may behave differently.
    selection.sharedChanges = changed.filter((c) => ["env", "project"].includes(kind(c.absolute)))
      .map((c) => displayPath(c.absolute, ctx.cwd));
    if (selection.sharedChanges.length === 0) {
      const live = (k: FileKind | "data") =>
        changed.filter((c) =>
          c.status !== "D" && kind(c.absolute) === k && within(absDir, c.absolute)
        ).map((c) => c.absolute);
      selection.endpoints = live("endpoint");
      // Changed flows and other changed files (a flow's data file) count for the flows using them.
      const other = changed.filter((c) => c.status !== "D" && kind(c.absolute) !== "endpoint")
        .map((c) => c.absolute);
      const touched = new Set([...selection.endpoints, ...gone.map((c) => c.absolute), ...other]);
      const allFlows = within(absDir, root)
        ? selection.flows
        : of("flow", await filesIn(root, root));
      const users = await flowsUsing(allFlows, touched, root, ctx);
      selection.flows = [...new Set([...live("flow"), ...users])];
    }
  }
  selection.endpoints.sort();
  selection.flows.sort();
  return { selection, issues: [] };
}

/**
 * Flows (absolute paths) that use a file in `touched`: a step's endpoint, a
 * sub-flow that uses one (at any depth), a changed sub-flow, or the flow's
 * data file.
 */
async function flowsUsing(
  flowPaths: string[],
  touched: Set<string>,
  root: string,
  ctx: OpsContext,
): Promise<string[]> {
  const verdicts = new Map<string, boolean>();
  const uses = async (path: string): Promise<boolean> => {
    if (touched.has(path)) return true;
    const known = verdicts.get(path);
    if (known !== undefined) return known;
    verdicts.set(path, false); // a cycle adds nothing (validate refuses it)
    let text: string;
    try {
      text = await readText(path);
    } catch {
      return false;
    }
    const { flow } = parseFlow(text, displayPath(path, ctx.cwd));
    const targets = [
      ...(flow?.steps ?? []).map((step) => resolveStepPath(step.endpoint, path, root)),
      ...(flow?.data ? [resolveStepPath(flow.data.file, path, root)] : []),
    ];
    for (const target of targets) {
      const isFlow = kindOf(toSlash(relative(root, target))) === "flow";
      if (touched.has(target) || (isFlow && await uses(target))) {
        verdicts.set(path, true);
        return true;
      }
    }
    return false;
  };
  const users: string[] = [];
  for (const path of flowPaths) if (await uses(path)) users.push(path);
  return users;
}
