/**
 * Where agent files live on this machine: the project root (git top, else
 * the working folder, or the folder holding `api-docs/` given by --config),
 * the home folder and Codex's home; and which agents are detected there.
 */
import { dirname, join, resolve } from "../../adapters/path.ts";
import { AGENT_IDS, type AgentDef, AGENTS, pathBase } from "../../agents/registry.ts";
import { type Issue, issue } from "../../engine/issue.ts";
import { exists, isDirectory } from "../../adapters/fs.ts";
import { repositoryTop } from "../../adapters/git.ts";
import type { OpsContext } from "../../adapters/system.ts";

export interface AgentPlaces {
  projectRoot: string;
  /** Undefined when neither HOME nor USERPROFILE is set. */
  home?: string;
  codexHome?: string;
}

export function agentPlaces(ctx: OpsContext, config?: string): AgentPlaces {
  const projectRoot = config
    ? dirname(dirname(resolve(ctx.cwd, config)))
    : repositoryTop(ctx.cwd) ?? ctx.cwd;
  const home = ctx.env.HOME || ctx.env.USERPROFILE || undefined;
  const codexHome = ctx.env.CODEX_HOME || (home ? join(home, ".codex") : undefined);
  return { projectRoot, home, codexHome };
}

/** The absolute path of a registry path, or undefined when its home folder is unknown. */
export function absolutePath(path: string, places: AgentPlaces): string | undefined {
  const { base, rest } = pathBase(path);
  const root = base === "project"
    ? places.projectRoot
    : base === "home"
    ? places.home
    : places.codexHome;
  return root === undefined ? undefined : join(root, rest);
}

/** A registry path as people read it: project-relative, `~/...`, or absolute for a custom CODEX_HOME. */
export function shownPath(path: string, places: AgentPlaces): string {
  const { base, rest } = pathBase(path);
  if (base !== "codex-home") return path;
  const defaultHome = places.home ? join(places.home, ".codex") : undefined;
  return places.codexHome === defaultHome ? `~/.codex/${rest}` : join(places.codexHome ?? "", rest);
}

async function markerExists(marker: string, places: AgentPlaces): Promise<boolean> {
  const path = absolutePath(marker, places);
  if (path === undefined) return false;
  return marker.endsWith("/") ? await isDirectory(path) : await exists(path);
}

export interface Detection {
  agent: AgentDef;
  detected: boolean;
  /** The markers that matched, shown so people see why. */
  because: string[];
}

/** Every agent, detected when all markers of one of its alternatives exist. */
export async function detectAgents(places: AgentPlaces): Promise<Detection[]> {
  const detections: Detection[] = [];
  for (const agent of AGENTS) {
    let because: string[] = [];
    for (const alternative of agent.detect) {
      const found = await Promise.all(alternative.map((m) => markerExists(m, places)));
      if (found.every(Boolean)) {
        because = alternative.map((m) => shownPath(m, places));
        break;
      }
    }
    detections.push({ agent, detected: because.length > 0, because });
  }
  return detections;
}

/** The issue for a command that found no agent to act on (exit 2). */
export function noAgentDetected(): Issue {
  return issue("USAGE", "No coding agent detected in this project or the home folder", {
    fix: `Pass --agent=<id> to choose one (${
      AGENT_IDS.join(", ")
    }); docs/agents.md lists how each is detected`,
  });
}
