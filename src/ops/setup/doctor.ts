/**
 * `doctor [--fix]`: checks the project the way a new teammate would trip
 * over it: the collection exists, local files are gitignored, every spec
 * validates, agents are set up and their skills match this binary, no
 * interrupted write left files behind. `--fix` adds the missing ignore
 * entries, refreshes stale skills and removes the leftovers, then checks
 * again. A failed check exits 1; warnings do not.
 */
import { dirname, join, relative } from "../../adapters/path.ts";
import { EXIT, type ExitCode, exitCodeFor, type Issue, issue } from "../../engine/issue.ts";
import { isDirectory, toSlash } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { VERSION } from "../../version.ts";
import { type AgentPlaces, agentPlaces, detectAgents } from "./agent_paths.ts";
import { ignoreStatus } from "./ignore_status.ts";
import { COLLECTION_IGNORES, ensureIgnored, PROJECT_IGNORES } from "./init.ts";
import { mcpConfigFile, mcpConfigured } from "./install_mcp.ts";
import { defaultWorkspace, displayPath, findCollectionRoot } from "../collection/load.ts";
import { installSkills, skillStatus, staleReason } from "./skills.ts";
import { validatePath } from "../collection/validate.ts";
import { findLeftovers, LEFTOVER_AGE_MS, removeLeftovers } from "./leftovers.ts";

export interface DoctorCheck {
  id: string;
  status: "pass" | "fail" | "warn";
  message: string;
  fix?: string;
}

export interface DoctorResult {
  checks: DoctorCheck[];
  /** What `--fix` changed, one line each. */
  fixed: string[];
  issues: Issue[];
  exitCode: ExitCode;
}

interface Layout {
  places: AgentPlaces;
  /** The folder holding `api-docs/` (or the project root when there is none). */
  projectRoot: string;
  collection?: string;
}

async function layout(ctx: OpsContext, config?: string): Promise<Layout> {
  const places = agentPlaces(ctx, config);
  const root = await findCollectionRoot({ config }, ctx);
  const found = root !== defaultWorkspace(ctx.env) && await isDirectory(root);
  return {
    places,
    projectRoot: found ? dirname(root) : places.projectRoot,
    collection: found ? root : undefined,
  };
}

/** The paths that must be ignored, with the ignore file and line that does it. */
function ignoreTargets(where: Layout): { path: string; file: string; entry: string }[] {
  const targets = PROJECT_IGNORES.map((entry) => ({ path: entry, file: ".gitignore", entry }));
  if (where.collection) {
    const dir = toSlash(relative(where.projectRoot, where.collection));
    targets.push(...COLLECTION_IGNORES.map((entry) => ({
      path: `${dir}${entry}`,
      file: `${dir}/.gitignore`,
      entry,
    })));
  }
  return targets;
}

async function collectionChecks(where: Layout, ctx: OpsContext): Promise<DoctorCheck[]> {
  if (!where.collection) {
    return [{
      id: "collection",
      status: "fail",
      message: "api-docs/ not found",
      fix: "Run `apispec init` to create it (or pass --config <path to api-docs/project.md>)",
    }];
  }
  const shown = displayPath(where.collection, ctx.cwd);
  const checks: DoctorCheck[] = [{ id: "collection", status: "pass", message: `${shown}/ found` }];
  const { files, issues, duplicates } = await validatePath(where.collection, ctx);
  const errors = issues.filter((i) => i.severity === "error");
  const warnings = issues.length - errors.length;
  if (errors.length === 0) {
    const note = warnings ? ` (${warnings} warning${warnings === 1 ? "" : "s"})` : "";
    checks.push({
      id: "specs",
      status: "pass",
      message: `${files.length} file${files.length === 1 ? "" : "s"} in ${shown}/ validate${note}`,
    });
  } else {
    const first = errors[0];
    const at = [first.file, first.line].filter(Boolean).join(":");
    checks.push({
      id: "specs",
      status: "fail",
      message: `${errors.length} error${errors.length === 1 ? "" : "s"} in ${shown}/; first: ${
        at ? `${at}: ` : ""
      }${first.message}`,
      fix: `Run \`apispec validate ${shown}\` and fix each error`,
    });
  }
  for (const duplicate of duplicates) {
    checks.push({
      id: `duplicate:${duplicate.method} ${duplicate.path}`,
      status: "warn",
      message: `${duplicate.method} ${duplicate.path} is documented by ${duplicate.files.length} ` +
        `endpoint files: ${duplicate.files.join(", ")}`,
      fix: "Keep one endpoint file per method and path; document other outcomes under " +
        "## Error responses of that file",
    });
  }
  return checks;
}

async function ignoreChecks(where: Layout): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const target of ignoreTargets(where)) {
    const status = await ignoreStatus(where.projectRoot, target.path);
    checks.push(
      status === "ignored"
        ? { id: `ignore:${target.path}`, status: "pass", message: `${target.path} is gitignored` }
        : status === "tracked"
        ? {
          id: `ignore:${target.path}`,
          status: "fail",
          message: `${target.path} is ignored but already committed, so git still tracks it`,
          fix: `Run \`git rm -r --cached ${target.path}\` and commit`,
        }
        : {
          id: `ignore:${target.path}`,
          status: "fail",
          message: `${target.path} is not gitignored`,
          fix: `Run \`apispec doctor --fix\` (adds "${target.entry}" to ${target.file})`,
        },
    );
  }
  return checks;
}

async function agentChecks(
  where: Layout,
  ctx: OpsContext,
  config?: string,
): Promise<DoctorCheck[]> {
  const detected = (await detectAgents(where.places)).filter((d) => d.detected);
  if (detected.length === 0) {
    return [{
      id: "agents",
      status: "warn",
      message: "No coding agent detected",
      fix: "Run `apispec skills install --agent=<id>` for the agent you use (docs/agents.md)",
    }];
  }
  const checks: DoctorCheck[] = [{
    id: "agents",
    status: "pass",
    message: `Agents detected: ${
      detected.map((d) => `${d.agent.id} (${d.because.join(" + ")})`).join(", ")
    }`,
  }];
  const skills = await skillStatus(ctx, config);
  for (const { agent } of detected) {
    const skill = skills.find((s) => s.agent === agent.id)!;
    const skillPath = skill.files[0].path;
    checks.push(
      skill.state === "current"
        ? {
          id: `skill:${agent.id}`,
          status: "pass",
          message: `${agent.id} skill is current (${VERSION})`,
        }
        : skill.state === "stale"
        ? {
          id: `skill:${agent.id}`,
          status: "fail",
          message: `${agent.id} skill is stale (${staleReason(skill)})`,
          fix: `Run \`apispec doctor --fix\` or \`apispec skills install --agent=${agent.id}\``,
        }
        : skill.state === "missing"
        ? {
          id: `skill:${agent.id}`,
          status: "warn",
          message: `${agent.id} skill is not installed (${skillPath})`,
          fix: `Run \`apispec skills install --agent=${agent.id}\``,
        }
        : {
          id: `skill:${agent.id}`,
          status: "warn",
          message: `${agent.id}: ${
            skill.files.find((f) => f.state === "foreign")!.path
          } exists but apispec did not write it`,
          fix: "Move it away and run `apispec skills install`, or keep your own file",
        },
    );
    const configured = await mcpConfigured(agent.id, where.places).catch(() => false);
    const file = (await mcpConfigFile(agent.id, where.places)).path;
    checks.push(
      configured
        ? {
          id: `mcp:${agent.id}`,
          status: "pass",
          message: `${agent.id} MCP server configured (${file})`,
        }
        : {
          id: `mcp:${agent.id}`,
          status: "warn",
          message: `${agent.id} MCP server not configured (${file})`,
          fix: `Run \`apispec install mcp --agent=${agent.id}\``,
        },
    );
  }
  return checks;
}

/** Where interrupted writes can leave files: the collection and the project's `.apispec/`. */
function leftovers(where: Layout, ctx: OpsContext): string[] {
  const folders = [join(where.projectRoot, ".apispec")];
  if (where.collection) folders.unshift(where.collection);
  return findLeftovers(folders, ctx.clock.now());
}

/** A warning only when there is something to remove: most projects never see one. */
function leftoverChecks(where: Layout, ctx: OpsContext): DoctorCheck[] {
  const found = leftovers(where, ctx).map((path) => displayPath(path, ctx.cwd));
  if (found.length === 0) return [];
  const shown = found.slice(0, 3).join(", ") +
    (found.length > 3 ? `, and ${found.length - 3} more` : "");
  return [{
    id: "leftovers",
    status: "warn",
    message: `${found.length} temp file${found.length === 1 ? "" : "s"} or folder${
      found.length === 1 ? "" : "s"
    } left by an interrupted write (over ${LEFTOVER_AGE_MS / 60_000} minutes old): ${shown}`,
    fix: "Run `apispec doctor --fix` to remove them; nothing reads them",
  }];
}

async function runChecks(where: Layout, ctx: OpsContext, config?: string): Promise<DoctorCheck[]> {
  return [
    ...await collectionChecks(where, ctx),
    ...await ignoreChecks(where),
    ...await agentChecks(where, ctx, config),
    ...leftoverChecks(where, ctx),
  ];
}

/** Adds missing ignore entries, refreshes stale skills, removes leftovers; returns what it did. */
async function fix(
  where: Layout,
  checks: DoctorCheck[],
  ctx: OpsContext,
  config?: string,
): Promise<{ fixed: string[]; issues: Issue[] }> {
  const fixed: string[] = [];
  const issues: Issue[] = [];
  const failing = new Set(checks.filter((c) => c.status === "fail").map((c) => c.id));
  const byFile = new Map<string, string[]>();
  for (const target of ignoreTargets(where)) {
    if (!failing.has(`ignore:${target.path}`)) continue;
    byFile.set(target.file, [...(byFile.get(target.file) ?? []), target.entry]);
  }
  for (const [file, entries] of byFile) {
    try {
      const added = await ensureIgnored(join(where.projectRoot, file), entries);
      for (const entry of added) fixed.push(`added "${entry}" to ${file}`);
    } catch (error) {
      issues.push(issue("ENGINE_ERROR", `Cannot update ${file}: ${(error as Error).message}`, {
        file,
        fix: "Check the file's permissions",
      }));
    }
  }
  if (checks.some((c) => c.id === "leftovers")) {
    const found = leftovers(where, ctx);
    const failed = removeLeftovers(found);
    for (const path of found) {
      if (!failed.some((f) => f.path === path)) fixed.push(`removed ${displayPath(path, ctx.cwd)}`);
    }
    for (const { path, reason } of failed) {
      issues.push(issue("ENGINE_ERROR", `Cannot remove ${displayPath(path, ctx.cwd)}: ${reason}`, {
        file: displayPath(path, ctx.cwd),
        fix: "Check the folder's permissions, or remove it by hand",
      }));
    }
  }
  if ([...failing].some((id) => id.startsWith("skill:"))) {
    const result = await installSkills({ onlyStale: true }, ctx, config);
    for (const action of result.actions.filter((a) => a.action !== "unchanged")) {
      fixed.push(`${action.action} ${action.path} (${action.agent}, ${VERSION})`);
    }
    issues.push(...result.issues);
  }
  return { fixed, issues };
}

export async function runDoctor(
  input: { fix: boolean },
  ctx: OpsContext,
  config?: string,
): Promise<DoctorResult> {
  const where = await layout(ctx, config);
  let checks = await runChecks(where, ctx, config);
  let fixed: string[] = [];
  let issues: Issue[] = [];
  if (input.fix && checks.some((c) => c.status === "fail" || c.id === "leftovers")) {
    ({ fixed, issues } = await fix(where, checks, ctx, config));
    if (fixed.length > 0) checks = await runChecks(where, ctx, config);
  }
  const failed = checks.some((c) => c.status === "fail");
  const exitCode = issues.length > 0 ? exitCodeFor(issues) : failed ? EXIT.testFailed : EXIT.passed;
  return { checks, fixed, issues, exitCode };
}
