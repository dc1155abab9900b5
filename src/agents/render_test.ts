import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { ERROR_TYPES } from "../engine/model.ts";
import { load as parseYaml } from "js-yaml";
import { AGENTS, SLASH_COMMANDS } from "./registry.ts";
import { renderCommand, renderSkill, SKILL_DESCRIPTION, stampedVersion } from "./render.ts";

function frontmatterOf(text: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  assert(match, `no frontmatter in:\n${text.slice(0, 200)}`);
  return parseYaml(match[1]) as Record<string, unknown>;
}

Deno.test("renderSkill() wraps the playbook in each agent's frontmatter", () => {
  const expected: Record<string, Record<string, unknown>> = {
    "skill-md": { name: "apispec", description: SKILL_DESCRIPTION },
    "cursor-mdc": { description: SKILL_DESCRIPTION, alwaysApply: false },
    "copilot-instructions": { applyTo: "**", description: SKILL_DESCRIPTION },
    "trigger-rule": { trigger: "model_decision", description: SKILL_DESCRIPTION },
  };
  for (const agent of AGENTS) {
    const text = renderSkill(agent.skill.format, "1.2.3");
    assertEquals(frontmatterOf(text), expected[agent.skill.format], agent.id);
    assertEquals(stampedVersion(text), "1.2.3");
    assertStringIncludes(text, "## Debug loop");
  }
});

Deno.test("renderSkill() stays under Windsurf's 6000-character rule limit", () => {
  for (const agent of AGENTS) {
    const length = renderSkill(agent.skill.format, "10.20.30-beta.1").length;
    assert(length < 6000, `${agent.id}: ${length} characters`);
  }
});

Deno.test("a SKILL.md name and description follow the Agent Skills limits", () => {
  const fields = frontmatterOf(renderSkill("skill-md", "1.0.0"));
  assertMatch(String(fields.name), /^[a-z0-9]+(-[a-z0-9]+)*$/);
  assert(String(fields.description).length <= 1024);
});

Deno.test("the playbook names every MCP tool, error type and exit code", () => {
  const text = renderSkill("skill-md", "1.0.0");
  const tools = ["exec", "diagnose", "flow", "author", "vars", "search", "context", "history"];
  for (const tool of [...tools, "session", "exec_batch"]) {
    assertStringIncludes(text, `apispec_${tool}`);
  }
  for (const type of ERROR_TYPES) assertStringIncludes(text, type);
  for (const code of [0, 1, 2, 3, 4, 5]) assertMatch(text, new RegExp(`\\b${code} [a-z]`));
});

Deno.test("renderCommand() gives each slash command a description, a hint and $ARGUMENTS", () => {
  for (const name of SLASH_COMMANDS) {
    const text = renderCommand(name, "2.0.0");
    const fields = frontmatterOf(text);
    assert(typeof fields.description === "string" && fields.description.length > 10);
    assert(typeof fields["argument-hint"] === "string");
    assertStringIncludes(text, "$ARGUMENTS");
    assertEquals(stampedVersion(text), "2.0.0");
  }
  const router = renderCommand("apispec", "2.0.0");
  for (const route of ["scan", "enrich", "flow", "body.<field>: exists", "status"]) {
    assertStringIncludes(router, route);
  }
  const debug = renderCommand("apispec-debug", "2.0.0");
  for (const step of ["validate", "--dry-run", "apispec exec", "diagnose"]) {
    assertStringIncludes(debug, step);
  }
});

Deno.test("stampedVersion() is undefined for a file apispec did not write", () => {
  assertEquals(stampedVersion("# My own rules\n<!-- apispec is great -->\n"), undefined);
});
