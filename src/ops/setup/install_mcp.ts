/**
 * `install mcp`: adds the apispec MCP server (`apispec mcp` over stdio) to
 * each detected agent's config file, or one agent's. Existing files are
 * merged (other keys, formatting and comments kept) and replaced atomically;
 * an unparsable file is reported with its position and left as it is.
 */
import { type AgentId, AGENTS, mcpEntry } from "../../agents/registry.ts";
import { mergeJsonEntry, mergeTomlTable } from "../../agents/mcp_config.ts";
import { EXIT, type ExitCode, exitCodeFor, type Issue, issue } from "../../engine/issue.ts";
import { exists, readText, replaceTextAtomic } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  absolutePath,
  type AgentPlaces,
  agentPlaces,
  detectAgents,
  noAgentDetected,
  shownPath,
} from "./agent_paths.ts";

export interface McpAction {
  agent: AgentId;
  file: string;
  action: "created" | "updated" | "unchanged";
}

export interface InstallMcpResult {
  actions: McpAction[];
  issues: Issue[];
  exitCode: ExitCode;
}

/** The config file an agent uses here: the first candidate that exists, else the first. */
export async function mcpConfigFile(
  agentId: AgentId,
  places: AgentPlaces,
): Promise<{ path: string; absolute?: string }> {
  const agent = AGENTS.find((a) => a.id === agentId)!;
  for (const candidate of agent.mcp.files) {
    const absolute = absolutePath(candidate, places);
    if (absolute !== undefined && await exists(absolute)) {
      return { path: shownPath(candidate, places), absolute };
    }
  }
  const first = agent.mcp.files[0];
  return { path: shownPath(first, places), absolute: absolutePath(first, places) };
}

/** Whether an agent's config already names the apispec server (for doctor and list). */
export async function mcpConfigured(agentId: AgentId, places: AgentPlaces): Promise<boolean> {
  const agent = AGENTS.find((a) => a.id === agentId)!;
  const { absolute } = await mcpConfigFile(agentId, places);
  if (absolute === undefined || !(await exists(absolute))) return false;
  const text = await readText(absolute);
  const entry = mcpEntry(agent.mcp.shape) as Record<string, string | string[]>;
  const merged = agent.mcp.shape === "toml"
    ? mergeTomlTable(text, agent.mcp.keyPath, entry)
    : mergeJsonEntry(text, agent.mcp.keyPath, entry);
  return merged.ok && !merged.changed;
}

export async function installMcp(
  input: { agent?: AgentId },
  ctx: OpsContext,
  config?: string,
): Promise<InstallMcpResult> {
  const places = agentPlaces(ctx, config);
  const detections = await detectAgents(places);
  const targets = detections
    .filter((d) => (input.agent ? d.agent.id === input.agent : d.detected))
    .map((d) => d.agent);
  if (targets.length === 0) {
    return { actions: [], issues: [noAgentDetected()], exitCode: EXIT.invalidSpec };
  }
  const actions: McpAction[] = [];
  const issues: Issue[] = [];
  for (const agent of targets) {
    const { path, absolute } = await mcpConfigFile(agent.id, places);
    if (absolute === undefined) {
      issues.push(issue("ENGINE_ERROR", `Cannot place ${path}: HOME is not set`, {
        fix: "Set HOME to your home folder",
      }));
      continue;
    }
    try {
      const existed = await exists(absolute);
      const text = existed ? await readText(absolute) : undefined;
      const entry = mcpEntry(agent.mcp.shape);
      const merged = agent.mcp.shape === "toml"
        ? mergeTomlTable(text, agent.mcp.keyPath, entry as Record<string, string | string[]>)
        : mergeJsonEntry(
          text,
          agent.mcp.keyPath,
          entry,
          agent.mcp.shape === "opencode" ? { $schema: "https://opencode.ai/config.json" } : {},
        );
      if (!merged.ok) {
        issues.push(issue("VALIDATION_ERROR", `Cannot update ${path}: ${merged.message}`, {
          file: path,
          line: merged.line,
          column: merged.column,
          fix: merged.fix,
        }));
        continue;
      }
      if (merged.changed) await replaceTextAtomic(absolute, merged.text);
      actions.push({
        agent: agent.id,
        file: path,
        action: !merged.changed ? "unchanged" : existed ? "updated" : "created",
      });
    } catch (error) {
      issues.push(issue("ENGINE_ERROR", `Cannot write ${path}: ${(error as Error).message}`, {
        file: path,
        fix: "Check the file's permissions",
      }));
    }
  }
  return { actions, issues, exitCode: exitCodeFor(issues) };
}
