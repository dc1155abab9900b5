/**
 * The skill and slash-command files as each agent reads them: the embedded
 * playbook wrapped in that agent's frontmatter, stamped with the program
 * version so `skills list` and `doctor` can tell current from stale, and so
 * `skills uninstall` removes only files apispec wrote.
 */
import playbook from "./skill/playbook.md" with { type: "text" };
import apispecCommand from "./skill/apispec.md" with { type: "text" };
import debugCommand from "./skill/apispec-debug.md" with { type: "text" };
import type { SkillFormat, SlashCommand } from "./registry.ts";

export const SKILL_NAME = "apispec";

/** What agents match the skill against: when to load it. */
export const SKILL_DESCRIPTION =
  "Read, run, debug and write the executable API docs in api-docs/ (one markdown file per HTTP " +
  "endpoint, flows that chain them) with the apispec CLI and its MCP tools. Use when a task " +
  "touches an HTTP endpoint or api-docs/, a failing API contract, or documenting or testing an API.";

const COMMANDS: Record<SlashCommand, { description: string; hint: string; body: string }> = {
  "apispec": {
    description: "Scan routes into apispec endpoint files, enrich a spec, or build and run a flow",
    hint: "[scan|<dir>|enrich|<file.md>|flow|<description>]",
    body: apispecCommand,
  },
  "apispec-debug": {
    description: "Validate, dry-run, execute and explain an apispec endpoint or flow",
    hint: "<endpoint|flow|file>",
    body: debugCommand,
  },
};

/** The line that marks a file as written by apispec, with the version that wrote it. */
export function stamp(version: string): string {
  return `<!-- apispec ${version}: written by \`apispec skills install\`; ` +
    "`apispec skills uninstall` removes it and `apispec doctor --fix` refreshes it -->";
}

const STAMP_PATTERN = /<!-- apispec (\S+): written by `apispec skills install`/;

/**
 * The apispec version that wrote a file, or undefined when apispec did not write it.
 *
 * @example
 * ```ts
 * import { stampedVersion, stamp } from "./render.ts";
 * stampedVersion(`---\nname: x\n---\n${stamp("1.2.0")}\n`); // "1.2.0"
 * ```
 */
export function stampedVersion(text: string): string | undefined {
  return STAMP_PATTERN.exec(text)?.[1];
}

function frontmatter(fields: [string, string][]): string {
  return ["---", ...fields.map(([key, value]) => `${key}: ${value}`), "---"].join("\n");
}

/** YAML double-quoted scalar (JSON strings are valid YAML). */
const quote = (value: string) => JSON.stringify(value);

function skillFrontmatter(format: SkillFormat): string {
  switch (format) {
    case "skill-md":
      return frontmatter([["name", SKILL_NAME], ["description", quote(SKILL_DESCRIPTION)]]);
    case "cursor-mdc":
      return frontmatter([["description", quote(SKILL_DESCRIPTION)], ["alwaysApply", "false"]]);
    case "copilot-instructions":
      return frontmatter([["applyTo", quote("**")], ["description", quote(SKILL_DESCRIPTION)]]);
    case "trigger-rule":
      return frontmatter([["trigger", "model_decision"], [
        "description",
        quote(SKILL_DESCRIPTION),
      ]]);
  }
}

/** The skill file for one agent format. */
export function renderSkill(format: SkillFormat, version: string): string {
  return `${skillFrontmatter(format)}\n${stamp(version)}\n\n${playbook.trimEnd()}\n`;
}

/** One slash-command file (Claude Code command or Codex prompt; both read this frontmatter). */
export function renderCommand(name: SlashCommand, version: string): string {
  const command = COMMANDS[name];
  const head = frontmatter([
    ["description", quote(command.description)],
    ["argument-hint", quote(command.hint)],
  ]);
  return `${head}\n${stamp(version)}\n\n${command.body.trimEnd()}\n`;
}
