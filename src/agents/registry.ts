/**
 * The seven coding agents apispec integrates with, as data: how each is
 * detected, where its skill and slash commands go, and where its MCP server
 * config lives. Paths are the agents' documented ones (docs/agents.md says
 * which page each comes from). Pure: no file-system access here.
 *
 * Path notation: `~/` is the user's home folder, `$CODEX_HOME/` is Codex's
 * home (`$CODEX_HOME`, else `~/.codex`); anything else is relative to the
 * project root.
 */

export const AGENT_IDS = [
  "claude-code",
  "codex-cli",
  "cursor",
  "copilot",
  "windsurf",
  "antigravity",
  "opencode",
] as const;
export type AgentId = typeof AGENT_IDS[number];

/** The wrapper a skill file needs so the agent picks it up. */
export type SkillFormat = "skill-md" | "cursor-mdc" | "copilot-instructions" | "trigger-rule";

export type McpShape =
  /** `{command, args}` under a JSON key path (Claude Code, Cursor, Windsurf, Antigravity). */
  | "json-command-args"
  /** VS Code: `{type: "stdio", command, args}`. */
  | "vscode"
  /** opencode: `{type: "local", command: [program, ...args], enabled: true}`. */
  | "opencode"
  /** Codex: a TOML table with `command` and `args`. */
  | "toml";

export interface McpTarget {
  /** Candidate files, first existing one wins; the first is created when none exists. */
  files: string[];
  /** Where the server entry sits, e.g. `["mcpServers", "apispec"]`. */
  keyPath: string[];
  shape: McpShape;
}

export interface AgentDef {
  id: AgentId;
  name: string;
  /** Detected when every marker of any one alternative exists. */
  detect: string[][];
  skill: { path: string; format: SkillFormat };
  /** Folder for `/apispec` and `/apispec-debug` (`<dir>/apispec.md`), for agents that take them. */
  commandsDir?: string;
  mcp: McpTarget;
}

export const SERVER_NAME = "apispec";
export const PROGRAM = "apispec";
export const SLASH_COMMANDS = ["apispec", "apispec-debug"] as const;
export type SlashCommand = typeof SLASH_COMMANDS[number];

export const AGENTS: readonly AgentDef[] = [
  {
    id: "claude-code",
    name: "Claude Code",
    detect: [[".claude/"], [".mcp.json"], ["CLAUDE.md"], ["~/.claude/"]],
    skill: { path: ".claude/skills/apispec/SKILL.md", format: "skill-md" },
    commandsDir: ".claude/commands",
    mcp: { files: [".mcp.json"], keyPath: ["mcpServers", SERVER_NAME], shape: "json-command-args" },
  },
  {
    id: "codex-cli",
    name: "Codex CLI",
    detect: [[".codex/"], ["$CODEX_HOME/"]],
    skill: { path: ".agents/skills/apispec/SKILL.md", format: "skill-md" },
    commandsDir: "$CODEX_HOME/prompts",
    mcp: { files: [".codex/config.toml"], keyPath: ["mcp_servers", SERVER_NAME], shape: "toml" },
  },
  {
    id: "cursor",
    name: "Cursor",
    detect: [[".cursor/"], [".cursorrules"], ["~/.cursor/"]],
    skill: { path: ".cursor/rules/apispec.mdc", format: "cursor-mdc" },
    mcp: {
      files: [".cursor/mcp.json"],
      keyPath: ["mcpServers", SERVER_NAME],
      shape: "json-command-args",
    },
  },
  {
    id: "copilot",
    name: "GitHub Copilot (VS Code)",
    detect: [
      [".github/copilot-instructions.md"],
      [".github/instructions/"],
      [".vscode/mcp.json"],
      [".github/", ".vscode/"],
      [".github/", "~/.vscode/"],
    ],
    skill: { path: ".github/instructions/apispec.instructions.md", format: "copilot-instructions" },
    mcp: { files: [".vscode/mcp.json"], keyPath: ["servers", SERVER_NAME], shape: "vscode" },
  },
  {
    id: "windsurf",
    name: "Windsurf",
    detect: [[".windsurf/"], [".windsurfrules"], ["~/.codeium/windsurf/"]],
    skill: { path: ".windsurf/rules/apispec.md", format: "trigger-rule" },
    mcp: {
      files: ["~/.codeium/windsurf/mcp_config.json"],
      keyPath: ["mcpServers", SERVER_NAME],
      shape: "json-command-args",
    },
  },
  {
    id: "antigravity",
    name: "Antigravity",
    detect: [[".agent/"], [".gemini/"], ["~/.gemini/antigravity/"]],
    skill: { path: ".agent/rules/apispec.md", format: "trigger-rule" },
    mcp: {
      files: ["~/.gemini/antigravity/mcp_config.json"],
      keyPath: ["mcpServers", SERVER_NAME],
      shape: "json-command-args",
    },
  },
  {
    id: "opencode",
    name: "opencode",
    detect: [["opencode.json"], ["opencode.jsonc"], [".opencode/"], ["~/.config/opencode/"]],
    skill: { path: ".opencode/skills/apispec/SKILL.md", format: "skill-md" },
    mcp: {
      files: ["opencode.json", "opencode.jsonc"],
      keyPath: ["mcp", SERVER_NAME],
      shape: "opencode",
    },
  },
];

export function agentById(id: string): AgentDef | undefined {
  return AGENTS.find((agent) => agent.id === id);
}

/** The MCP server entry for one config shape. */
export function mcpEntry(shape: McpShape): Record<string, unknown> {
  switch (shape) {
    case "json-command-args":
    case "toml":
      return { command: PROGRAM, args: ["mcp"] };
    case "vscode":
      return { type: "stdio", command: PROGRAM, args: ["mcp"] };
    case "opencode":
      return { type: "local", command: [PROGRAM, "mcp"], enabled: true };
  }
}

/** Where a registry path points: the project, the home folder, or Codex's home. */
export type PathBase = "project" | "home" | "codex-home";

export function pathBase(path: string): { base: PathBase; rest: string } {
  if (path.startsWith("~/")) return { base: "home", rest: path.slice(2) };
  if (path.startsWith("$CODEX_HOME/")) {
    return { base: "codex-home", rest: path.slice("$CODEX_HOME/".length) };
  }
  return { base: "project", rest: path };
}
