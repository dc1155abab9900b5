/**
 * `skills install|list|uninstall`: the embedded playbook (and, for agents
 * that take them, the `/apispec` and `/apispec-debug` commands) written in
 * each agent's format, stamped with the program version. Only files carrying
 * apispec's stamp are ever replaced or removed.
 */
import { basename, dirname } from "../../adapters/path.ts";
import { type AgentDef, type AgentId, SLASH_COMMANDS } from "../../agents/registry.ts";
import { renderCommand, renderSkill, stampedVersion } from "../../agents/render.ts";
import {
  EXIT,
  type ExitCode,
  exitCodeFor,
  type Issue,
  issue,
  warning,
} from "../../engine/issue.ts";
import { readText, removeDirIfEmpty, removeFile, writeTextAtomic } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { VERSION } from "../../version.ts";
import {
  absolutePath,
  type AgentPlaces,
  agentPlaces,
  detectAgents,
  noAgentDetected,
  shownPath,
} from "./agent_paths.ts";

export type FileState = "current" | "stale" | "missing" | "foreign";
export type SkillState = "current" | "stale" | "missing" | "foreign";

export interface SkillFile {
  path: string;
  absolute?: string;
  kind: "skill" | "command";
  state: FileState;
  /** The version that wrote it, when apispec did. */
  version?: string;
  render: () => string;
}

export interface AgentSkills {
  agent: AgentId;
  name: string;
  detected: boolean;
  because: string[];
  state: SkillState;
  files: SkillFile[];
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readText(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** The files apispec writes for one agent, with the state each is in now. */
async function skillFiles(agent: AgentDef, places: AgentPlaces): Promise<SkillFile[]> {
  const wanted: Omit<SkillFile, "state" | "absolute">[] = [
    {
      path: agent.skill.path,
      kind: "skill",
      render: () => renderSkill(agent.skill.format, VERSION),
    },
    ...(agent.commandsDir === undefined ? [] : SLASH_COMMANDS.map((name) => ({
      path: `${agent.commandsDir}/${name}.md`,
      kind: "command" as const,
      render: () => renderCommand(name, VERSION),
    }))),
  ];
  const files: SkillFile[] = [];
  for (const file of wanted) {
    const absolute = absolutePath(file.path, places);
    const text = absolute === undefined ? undefined : await readIfExists(absolute);
    const version = text === undefined ? undefined : stampedVersion(text);
    const state: FileState = text === undefined
      ? "missing"
      : version === undefined
      ? "foreign"
      : version === VERSION
      ? "current"
      : "stale";
    files.push({ ...file, path: shownPath(file.path, places), absolute, state, version });
  }
  return files;
}

function overall(files: SkillFile[]): SkillState {
  if (files.some((f) => f.state === "foreign")) return "foreign";
  if (files.every((f) => f.state === "missing")) return "missing";
  if (files.every((f) => f.state === "current")) return "current";
  return "stale";
}

/** Why a skill is stale, for people: the versions that wrote it, or the files missing. */
export function staleReason(skill: AgentSkills): string {
  const old = [...new Set(skill.files.map((f) => f.version).filter((v) => v && v !== VERSION))];
  if (old.length > 0) return `written by ${old.join(", ")}; this binary is ${VERSION}`;
  const missing = skill.files.filter((f) => f.state === "missing").map((f) => f.path);
  return `missing ${missing.join(", ")}`;
}

/** Every agent with its detection and the state of its skill files. */
export async function skillStatus(ctx: OpsContext, config?: string): Promise<AgentSkills[]> {
  const places = agentPlaces(ctx, config);
  const result: AgentSkills[] = [];
  for (const { agent, detected, because } of await detectAgents(places)) {
    const files = await skillFiles(agent, places);
    result.push({
      agent: agent.id,
      name: agent.name,
      detected,
      because,
      state: overall(files),
      files,
    });
  }
  return result;
}

export interface FileAction {
  agent: AgentId;
  path: string;
  action: "created" | "updated" | "unchanged" | "removed" | "kept";
}

export interface SkillsResult {
  actions: FileAction[];
  issues: Issue[];
  exitCode: ExitCode;
}

/** Writes the skill (and slash commands) for one agent, or every detected agent. */
export async function installSkills(
  input: { agent?: AgentId; onlyStale?: boolean },
  ctx: OpsContext,
  config?: string,
): Promise<SkillsResult> {
  const status = await skillStatus(ctx, config);
  const targets = status.filter((s) =>
    input.agent ? s.agent === input.agent : s.detected && (!input.onlyStale || s.state === "stale")
  );
  if (targets.length === 0 && !input.onlyStale) {
    return { actions: [], issues: [noAgentDetected()], exitCode: EXIT.invalidSpec };
  }
  const actions: FileAction[] = [];
  const issues: Issue[] = [];
  for (const target of targets) {
    for (const file of target.files) {
      if (file.state === "current") {
        actions.push({ agent: target.agent, path: file.path, action: "unchanged" });
        continue;
      }
      if (file.state === "foreign" || file.absolute === undefined) {
        issues.push(
          file.absolute === undefined
            ? issue("ENGINE_ERROR", `Cannot place ${file.path}: HOME is not set`, {
              fix: "Set HOME to your home folder",
            })
            : issue(
              "ENGINE_ERROR",
              `${file.path} exists and was not written by apispec; left unchanged`,
              {
                file: file.path,
                fix: "Move or rename it, then run `apispec skills install` again",
              },
            ),
        );
        continue;
      }
      try {
        await writeTextAtomic(file.absolute, file.render());
        actions.push({
          agent: target.agent,
          path: file.path,
          action: file.state === "missing" ? "created" : "updated",
        });
      } catch (error) {
        issues.push(
          issue("ENGINE_ERROR", `Cannot write ${file.path}: ${(error as Error).message}`, {
            file: file.path,
            fix: "Check the folder's permissions",
          }),
        );
      }
    }
  }
  return { actions, issues, exitCode: exitCodeFor(issues) };
}

/** Removes the files apispec wrote, for one agent or all; anything else is kept. */
export async function uninstallSkills(
  input: { agent?: AgentId },
  ctx: OpsContext,
  config?: string,
): Promise<SkillsResult> {
  const status = await skillStatus(ctx, config);
  const actions: FileAction[] = [];
  const issues: Issue[] = [];
  for (const target of status.filter((s) => !input.agent || s.agent === input.agent)) {
    for (const file of target.files) {
      if (file.state === "missing" || file.absolute === undefined) continue;
      if (file.state === "foreign") {
        actions.push({ agent: target.agent, path: file.path, action: "kept" });
        issues.push(warning(`${file.path} was not written by apispec; kept`, { file: file.path }));
        continue;
      }
      try {
        await removeFile(file.absolute);
        // A SKILL.md lives in a folder of its own; drop the folder once empty.
        if (basename(file.absolute) === "SKILL.md") await removeDirIfEmpty(dirname(file.absolute));
        actions.push({ agent: target.agent, path: file.path, action: "removed" });
      } catch (error) {
        issues.push(
          issue("ENGINE_ERROR", `Cannot remove ${file.path}: ${(error as Error).message}`, {
            file: file.path,
            fix: "Check the folder's permissions",
          }),
        );
      }
    }
  }
  return { actions, issues, exitCode: exitCodeFor(issues) };
}
