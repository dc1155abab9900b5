/** `install mcp` through the real CLI: the six config shapes, merged without losing keys or comments. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { apispec } from "../helpers/cli.ts";
import { tempHome } from "../helpers/home.ts";
import { workspace } from "../helpers/workspace.ts";

interface Shape {
  agent: string;
  file: string;
  /** An existing file with another server, another key and (where the format allows) comments. */
  existing: string;
  read: (text: string) => Record<string, unknown>;
  expected: Record<string, unknown>;
  comments: string[];
}

const jsonc = (text: string) => parseJsonc(text, [], { allowTrailingComma: true });
const toml = (text: string) => JSON.parse(JSON.stringify(parseToml(text)));
const other = { command: "other-server", args: ["--stdio"] };
const commandArgs = { command: "apispec", args: ["mcp"] };

const SHAPES: Shape[] = [
  {
    agent: "claude-code",
    file: ".mcp.json",
    existing: JSON.stringify({ mcpServers: { other } }, null, 2),
    read: jsonc,
    expected: { mcpServers: { other, apispec: commandArgs } },
    comments: [],
  },
  {
    agent: "cursor",
    file: ".cursor/mcp.json",
    existing: JSON.stringify({ mcpServers: { other }, extra: true }, null, 2),
    read: jsonc,
    expected: { mcpServers: { other, apispec: commandArgs }, extra: true },
    comments: [],
  },
  {
    agent: "copilot",
    file: ".vscode/mcp.json",
    existing: `{
  // Servers for this workspace
  "inputs": [],
  "servers": {
    /* keep me */
    "other": { "type": "stdio", "command": "other-server", "args": ["--stdio"] },
  },
}
`,
    read: jsonc,
    expected: {
      inputs: [],
      servers: {
        other: { type: "stdio", ...other },
        apispec: { type: "stdio", ...commandArgs },
      },
    },
    comments: ["// Servers for this workspace", "/* keep me */"],
  },
  {
    agent: "codex-cli",
    file: ".codex/config.toml",
    existing: `# project settings
model = "o4-mini" # fast

[mcp_servers.other]
command = "other-server"
args = ["--stdio"]
`,
    read: toml,
    expected: { model: "o4-mini", mcp_servers: { other, apispec: commandArgs } },
    comments: ["# project settings", "# fast"],
  },
  {
    agent: "opencode",
    file: "opencode.json",
    existing: JSON.stringify(
      { $schema: "https://opencode.ai/config.json", theme: "dark", mcp: {} },
      null,
      2,
    ),
    read: jsonc,
    expected: {
      $schema: "https://opencode.ai/config.json",
      theme: "dark",
      mcp: { apispec: { type: "local", command: ["apispec", "mcp"], enabled: true } },
    },
    comments: [],
  },
  {
    agent: "windsurf",
    file: "~/.codeium/windsurf/mcp_config.json",
    existing: JSON.stringify({ mcpServers: { other } }, null, 4),
    read: jsonc,
    expected: { mcpServers: { other, apispec: commandArgs } },
    comments: [],
  },
  {
    agent: "antigravity",
    file: "~/.gemini/antigravity/mcp_config.json",
    existing: JSON.stringify({ mcpServers: { other } }),
    read: jsonc,
    expected: { mcpServers: { other, apispec: commandArgs } },
    comments: [],
  },
];

async function places(shape: Shape, text?: string) {
  const inHome = shape.file.startsWith("~/");
  const relative = inHome ? shape.file.slice(2) : shape.file;
  const project = await workspace(!inHome && text !== undefined ? { [relative]: text } : {});
  const home = await tempHome(inHome && text !== undefined ? { [relative]: text } : {});
  const read = () => (inHome ? home : project).read(relative);
  return { project, home, read };
}

for (const shape of SHAPES) {
  Deno.test(`install mcp --agent=${shape.agent} merges into ${shape.file} and keeps everything else`, async () => {
    const { project, home, read } = await places(shape, shape.existing);
    await using _p = project;
    await using _h = home;
    const opts = { cwd: project.dir, env: home.env };
    const result = await apispec(["install", "mcp", `--agent=${shape.agent}`], opts);
    assertEquals(result.code, 0, result.stderr);
    assertStringIncludes(result.stdout, `updated  ${shape.file}`);
    const text = await read();
    assertEquals(shape.read(text), shape.expected);
    for (const comment of shape.comments) assertStringIncludes(text, comment);

    const again = await apispec(["install", "mcp", `--agent=${shape.agent}`], opts);
    assertEquals(again.code, 0, again.stderr);
    assertStringIncludes(again.stdout, `unchanged  ${shape.file}`);
    assertEquals(await read(), text);
  });

  Deno.test(`install mcp --agent=${shape.agent} creates ${shape.file} when it is missing`, async () => {
    const { project, home, read } = await places(shape);
    await using _p = project;
    await using _h = home;
    const result = await apispec(["install", "mcp", `--agent=${shape.agent}`], {
      cwd: project.dir,
      env: home.env,
    });
    assertEquals(result.code, 0, result.stderr);
    assertStringIncludes(result.stdout, `created  ${shape.file}`);
    const serversKey = Object.keys(shape.expected).find((k) =>
      /^(mcp|mcpServers|servers|mcp_servers)$/.test(k)
    )!;
    const apispecEntry = (servers: unknown) => (servers as Record<string, unknown>).apispec;
    assertEquals(
      apispecEntry(shape.read(await read())[serversKey]),
      apispecEntry(shape.expected[serversKey]),
    );
  });
}

const BROKEN: { agent: string; file: string; text: string; kind: string }[] = [
  { agent: "claude-code", file: ".mcp.json", text: '{"mcpServers": {"other": ', kind: "JSON" },
  {
    agent: "copilot",
    file: ".vscode/mcp.json",
    text: '{\n  // comment\n  "servers": {\n    "a": 1\n    "b": 2\n  }\n}\n',
    kind: "JSON",
  },
  {
    agent: "codex-cli",
    file: ".codex/config.toml",
    text: 'model = "o4"\n[mcp_servers\n',
    kind: "TOML",
  },
];

for (const broken of BROKEN) {
  Deno.test(`install mcp refuses an unparsable ${broken.file} and leaves it unchanged (exit 2)`, async () => {
    await using project = await workspace({ [broken.file]: broken.text });
    await using home = await tempHome();
    const result = await apispec(["install", "mcp", `--agent=${broken.agent}`], {
      cwd: project.dir,
      env: home.env,
    });
    assertEquals(result.code, 2);
    assertStringIncludes(
      result.stderr,
      `Cannot update ${broken.file}: it is not valid ${broken.kind}`,
    );
    assert(/--> \S+:\d+/.test(result.stderr), result.stderr);
    assertEquals(await project.read(broken.file), broken.text);
  });
}

Deno.test("install mcp without --agent configures every detected agent", async () => {
  await using project = await workspace({
    ".claude/.keep": "",
    ".github/workflows/ci.yml": "",
    ".vscode/settings.json": "{}",
  });
  await using home = await tempHome({ ".codeium/windsurf/.keep": "" });
  const result = await apispec(["install", "mcp"], { cwd: project.dir, env: home.env });
  assertEquals(result.code, 0, result.stderr);
  for (const file of [".mcp.json", ".vscode/mcp.json"]) assert(await project.exists(file), file);
  assert(await home.exists(".codeium/windsurf/mcp_config.json"));
  assertEquals(await project.exists(".cursor/mcp.json"), false);
});

Deno.test("install mcp writes through a symlinked config and keeps its permissions", async () => {
  await using project = await workspace({ "dotfiles/mcp.json": '{"mcpServers": {}}\n' });
  await using home = await tempHome();
  await Deno.chmod(project.path("dotfiles/mcp.json"), 0o600);
  await Deno.mkdir(home.path(".gemini/antigravity"), { recursive: true });
  await Deno.symlink(
    project.path("dotfiles/mcp.json"),
    home.path(".gemini/antigravity/mcp_config.json"),
  );
  const result = await apispec(["install", "mcp", "--agent=antigravity"], {
    cwd: project.dir,
    env: home.env,
  });
  assertEquals(result.code, 0, result.stderr);
  assert((await Deno.lstat(home.path(".gemini/antigravity/mcp_config.json"))).isSymlink);
  assertEquals(JSON.parse(await project.read("dotfiles/mcp.json")).mcpServers.apispec, commandArgs);
  assertEquals((await Deno.stat(project.path("dotfiles/mcp.json"))).mode! & 0o777, 0o600);
});
