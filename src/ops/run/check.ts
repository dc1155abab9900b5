/**
 * `check`: contract checks for a pull request. With a git ref, the endpoint
 * files changed since its merge base and every flow that uses one of them;
 * without one, every endpoint and flow in the folder. Endpoints run as a
 * batch, flows one after another. Returns results; never prints.
 */
import { join, relative, resolve } from "../../adapters/path.ts";
import { EXIT, type ExitCode, type Issue, issue, worstExitCode } from "../../engine/issue.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import { isDirectory, listMarkdown, readText, toSlash } from "../../adapters/fs.ts";
import { gitChangesSince, gitToplevel } from "../../adapters/git.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { runSpecs, type SpecRun } from "./batch.ts";
import { type FlowResult, runFlow } from "../flow/flow.ts";
import { displayPath, findCollectionRoot, type LayerInputs } from "../collection/load.ts";
import { type FileKind, kindOf, resolveStepPath } from "../collection/validate.ts";

export interface CheckInput extends Omit<LayerInputs, "frontmatter" | "captures"> {
  dir: string;
  /** Git ref: check only what changed since its merge base with HEAD. */
  changedFrom?: string;
  env?: string;
  strictAssertions?: boolean;
  config?: string;
  concurrency?: number;
}

export interface CheckResult {
  /** The checked folder as a display path. */
  dir: string;
  changedFrom?: string;
  /** The merge base the changes were taken from. */
  base?: string;
  /** Shared files whose change made every spec count as changed. */
  sharedChanges: string[];
  endpoints: SpecRun[];
  flows: FlowResult[];
  /** Endpoint and flow files deleted since the base (display paths). */
  deleted: string[];
  /** The repository's top folder, for repository-relative paths in annotations. */
  repoRoot?: string;
  issues: Issue[];
  exitCode: ExitCode;
}

interface Target {
  absolute: string;
  kind: FileKind;
}

/** Files under the folder that belong to the collection, with their kinds. */
async function filesIn(absDir: string, root: string): Promise<Target[]> {
  const rootInDir = !relative(absDir, root).startsWith("..");
  const scope = rootInDir ? root : absDir;
  return (await listMarkdown(scope)).map((rel) => {
    const absolute = join(scope, rel);
    const inRoot = relative(root, absolute);
    return { absolute, kind: kindOf(inRoot.startsWith("..") ? rel : toSlash(inRoot)) };
  });
}

const within = (dir: string, path: string) => !relative(dir, path).startsWith("..");

export async function checkContracts(input: CheckInput, ctx: OpsContext): Promise<CheckResult> {
  const absDir = resolve(ctx.cwd, input.dir);
  const result: CheckResult = {
    dir: displayPath(absDir, ctx.cwd),
    changedFrom: input.changedFrom,
    sharedChanges: [],
    endpoints: [],
    flows: [],
    deleted: [],
    issues: [],
    exitCode: EXIT.passed,
  };
  if (!(await isDirectory(absDir))) {
    result.issues.push(issue("USAGE", `${result.dir} is not a folder`, {
      fix: "Pass the folder that holds the specs, e.g. `apispec check api-docs`",
    }));
    result.exitCode = EXIT.invalidSpec;
    return result;
  }
  const root = await findCollectionRoot({ config: input.config, near: absDir }, ctx);
  result.repoRoot = await gitToplevel(absDir);
  const inScope = await filesIn(absDir, root);
  const allFlows = within(absDir, root)
    ? inScope.filter((t) => t.kind === "flow")
    : (await filesIn(root, root)).filter((t) => t.kind === "flow");

  let endpoints = inScope.filter((t) => t.kind === "endpoint").map((t) => t.absolute);
  let flows = inScope.filter((t) => t.kind === "flow").map((t) => t.absolute);
  if (input.changedFrom) {
    const changes = await gitChangesSince(absDir, input.changedFrom);
    if (!changes.ok) {
      result.issues.push(
        issue("USAGE", `Cannot compare with "${input.changedFrom}": ${changes.reason}`, {
          fix: "Pass a ref that exists here (fetch it first: `git fetch origin main`; in " +
            "GitHub Actions check out with `fetch-depth: 0`), or leave out --changed-from to check everything",
        }),
      );
      result.exitCode = EXIT.invalidSpec;
      return result;
    }
    result.base = changes.base;
    const changed = changes.changes.map((c) => ({ ...c, absolute: join(changes.top, c.path) }))
      .filter((c) => within(root, c.absolute) || within(absDir, c.absolute));
    const kind = (path: string) => kindOf(toSlash(relative(root, path)));
    const gone = changed.filter((c) =>
      c.status === "D" && ["endpoint", "flow"].includes(kind(c.absolute))
    );
    result.deleted = gone.map((c) => displayPath(c.absolute, ctx.cwd)).sort();
    // The environment or project config changed: every spec may behave differently.
    result.sharedChanges = changed.filter((c) => ["env", "project"].includes(kind(c.absolute)))
      .map((c) => displayPath(c.absolute, ctx.cwd));
    if (result.sharedChanges.length === 0) {
      const live = (k: FileKind) =>
        changed.filter((c) =>
          c.status !== "D" && kind(c.absolute) === k && within(absDir, c.absolute)
        ).map((c) => c.absolute);
      endpoints = live("endpoint");
      const touched = new Set([...endpoints, ...gone.map((c) => c.absolute)]);
      const users = await flowsUsing(allFlows.map((t) => t.absolute), touched, root, ctx);
      flows = [...new Set([...live("flow"), ...users])];
    }
  }

  const shared = {
    env: input.env,
    cli: input.cli,
    tool: input.tool,
    session: input.session,
    strictAssertions: input.strictAssertions,
    config: input.config,
  };
  const batch = await runSpecs(
    endpoints.sort(),
    { ...shared, concurrency: input.concurrency },
    ctx,
  );
  // ws and sse files are documentation: in a folder-wide check they are skipped, not invalid.
  result.endpoints = batch.runs.map((run) =>
    run.record.error_type === "UNSUPPORTED_PROTOCOL" && run.spec
      ? { ...run, skipped: `protocol ${run.spec.protocol} does not execute (documentation only)` }
      : run
  );
  result.issues.push(...batch.issues);
  for (const flow of flows.sort()) {
    result.flows.push(await runFlow({ ...shared, file: flow }, ctx));
  }
  result.exitCode = checkExitCode(result);
  return result;
}

/** Flows (absolute paths) with a step whose endpoint file is in `touched`. */
async function flowsUsing(
  flowPaths: string[],
  touched: Set<string>,
  root: string,
  ctx: OpsContext,
): Promise<string[]> {
  const users: string[] = [];
  for (const path of flowPaths) {
    let text: string;
    try {
      text = await readText(path);
    } catch {
      continue;
    }
    const { flow } = parseFlow(text, displayPath(path, ctx.cwd));
    if (flow?.steps.some((step) => touched.has(resolveStepPath(step.endpoint, path, root)))) {
      users.push(path);
    }
  }
  return users;
}

/** A flow's failed step fails the check even with continue-on-error: it is still a broken contract. */
function checkExitCode(result: CheckResult): ExitCode {
  return worstExitCode([
    ...result.endpoints.filter((r) => !r.skipped).map((r) => r.exitCode),
    ...result.flows.map((f) =>
      f.exitCode === EXIT.passed && !f.passed ? EXIT.testFailed : f.exitCode
    ),
  ]);
}
