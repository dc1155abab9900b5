/** `skills install|list|uninstall` through the real CLI, in a temp project and a temp HOME. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { tempHome } from "../helpers/home.ts";
import { workspace } from "../helpers/workspace.ts";
import { VERSION } from "../../src/version.ts";

/** Where each agent's files land: project-relative, or `~/` for the home folder. */
const FILES: Record<string, string[]> = {
  "claude-code": [
    ".claude/skills/apispec/SKILL.md",
    ".claude/commands/apispec.md",
    ".claude/commands/apispec-debug.md",
  ],
  "codex-cli": [
    ".agents/skills/apispec/SKILL.md",
    "~/.codex/prompts/apispec.md",
    "~/.codex/prompts/apispec-debug.md",
  ],
  "cursor": [".cursor/rules/apispec.mdc"],
  "copilot": [".github/instructions/apispec.instructions.md"],
  "windsurf": [".windsurf/rules/apispec.md"],
  "antigravity": [".agent/rules/apispec.md"],
  "opencode": [".opencode/skills/apispec/SKILL.md"],
};

interface ListJson {
  version: string;
  agents: {
    agent: string;
    detected: boolean;
    state: string;
    files: { path: string; state: string }[];
  }[];
}

for (const [agent, files] of Object.entries(FILES)) {
  Deno.test(`skills install and uninstall --agent=${agent} write and remove only its files`, async () => {
    await using project = await workspace({ ".claude/commands/mine.md": "# my own command\n" });
    await using home = await tempHome({ ".codex/prompts/mine.md": "# my own prompt\n" });
    const read = (path: string) =>
      path.startsWith("~/") ? home.read(path.slice(2)) : project.read(path);
    const present = (path: string) =>
      path.startsWith("~/") ? home.exists(path.slice(2)) : project.exists(path);
    const opts = { cwd: project.dir, env: home.env };

    const installed = await apispec(["skills", "install", `--agent=${agent}`], opts);
    assertEquals(installed.code, 0, installed.stderr);
    for (const file of files) {
      assertStringIncludes(installed.stdout, `created  ${file}`);
      const text = await read(file);
      assert(text.startsWith("---\n"), `${file} has no frontmatter`);
      assertStringIncludes(text, `<!-- apispec ${VERSION}: written by \`apispec skills install\``);
    }

    const listed = json<ListJson>(await apispec(["skills", "list", "--output=json"], opts));
    assertEquals(listed.version, VERSION);
    assertEquals(listed.agents.find((a) => a.agent === agent)?.state, "current");

    const again = await apispec(["skills", "install", `--agent=${agent}`], opts);
    assertEquals(again.code, 0);
    assertStringIncludes(again.stdout, `unchanged  ${files[0]}`);

    const removed = await apispec(["skills", "uninstall", `--agent=${agent}`], opts);
    assertEquals(removed.code, 0, removed.stderr);
    for (const file of files) {
      assertStringIncludes(removed.stdout, `removed  ${file}`);
      assertEquals(await present(file), false, `${file} is still there`);
    }
    // Our own skill folder goes; everything the user had stays.
    assertEquals(await project.exists(".claude/skills/apispec"), false);
    assertEquals(await project.exists(".agents/skills/apispec"), false);
    assertEquals(await project.read(".claude/commands/mine.md"), "# my own command\n");
    assertEquals(await home.read(".codex/prompts/mine.md"), "# my own prompt\n");
  });
}

Deno.test("skills install without --agent writes for the detected agents only", async () => {
  await using project = await workspace({ ".claude/settings.json": "{}", ".cursor/.keep": "" });
  await using home = await tempHome({ ".codex/config.toml": "" });
  const opts = { cwd: project.dir, env: home.env };
  const before = json<ListJson>(await apispec(["skills", "list", "--output=json"], opts));
  assertEquals(
    before.agents.filter((a) => a.detected).map((a) => a.agent),
    ["claude-code", "codex-cli", "cursor"],
  );
  const result = await apispec(["skills", "install"], opts);
  assertEquals(result.code, 0, result.stderr);
  const after = json<ListJson>(await apispec(["skills", "list", "--output=json"], opts));
  assertEquals(
    after.agents.map((a) => [a.agent, a.state]),
    [
      ["claude-code", "current"],
      ["codex-cli", "current"],
      ["cursor", "current"],
      ["copilot", "missing"],
      ["windsurf", "missing"],
      ["antigravity", "missing"],
      ["opencode", "missing"],
    ],
  );
  const console = await apispec(["skills", "list"], opts);
  assertStringIncludes(console.stdout, "claude-code  yes (.claude/)");
  assertStringIncludes(console.stdout, `current (${VERSION})`);
});

Deno.test("skills install with no agent detected exits 2 and names --agent", async () => {
  await using project = await workspace({ "README.md": "# app\n" });
  await using home = await tempHome();
  const result = await apispec(["skills", "install"], { cwd: project.dir, env: home.env });
  assertEquals(result.code, 2);
  assertStringIncludes(result.stderr, "No coding agent detected");
  assertStringIncludes(result.stderr, "--agent=<id>");
});

Deno.test("a stale skill is listed as stale and refreshed by install", async () => {
  await using project = await workspace({
    ".cursor/rules/apispec.mdc":
      "---\ndescription: old\n---\n<!-- apispec 0.0.1: written by `apispec skills install`; -->\nold\n",
  });
  await using home = await tempHome();
  const opts = { cwd: project.dir, env: home.env };
  const listed = json<ListJson>(await apispec(["skills", "list", "--output=json"], opts));
  assertEquals(listed.agents.find((a) => a.agent === "cursor")?.state, "stale");
  const result = await apispec(["skills", "install"], opts);
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stdout, "updated  .cursor/rules/apispec.mdc");
  assertStringIncludes(await project.read(".cursor/rules/apispec.mdc"), `apispec ${VERSION}:`);
});

Deno.test("a file apispec did not write is never overwritten or removed", async () => {
  const mine = "---\ndescription: my rules\n---\n# Team rules for apispec\n";
  await using project = await workspace({ ".cursor/rules/apispec.mdc": mine });
  await using home = await tempHome();
  const opts = { cwd: project.dir, env: home.env };
  const installed = await apispec(["skills", "install", "--agent=cursor"], opts);
  assertEquals(installed.code, 3);
  assertStringIncludes(installed.stderr, "was not written by apispec; left unchanged");
  const removed = await apispec(["skills", "uninstall", "--agent=cursor"], opts);
  assertEquals(removed.code, 0);
  assertStringIncludes(removed.stdout, "kept  .cursor/rules/apispec.mdc");
  assertEquals(await project.read(".cursor/rules/apispec.mdc"), mine);
});

Deno.test("a skill with a file missing is stale, names the file, and install restores it", async () => {
  await using project = await workspace({ ".claude/.keep": "" });
  await using home = await tempHome();
  const opts = { cwd: project.dir, env: home.env };
  assertEquals((await apispec(["skills", "install"], opts)).code, 0);
  await Deno.remove(project.path(".claude/commands/apispec-debug.md"));
  const listed = await apispec(["skills", "list"], opts);
  assertStringIncludes(listed.stdout, "stale (missing .claude/commands/apispec-debug.md)");
  const result = await apispec(["skills", "install"], opts);
  assertStringIncludes(result.stdout, "created    .claude/commands/apispec-debug.md");
  assertStringIncludes(result.stdout, "unchanged  .claude/skills/apispec/SKILL.md");
});
