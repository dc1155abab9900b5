import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { parse as parseToml } from "smol-toml";
import { parse as parseJsonc } from "jsonc-parser";
import { mergeJsonEntry, type MergeResult, mergeTomlTable } from "./mcp_config.ts";

const entry = { command: "apispec", args: ["mcp"] };

function text(result: MergeResult): string {
  if (!result.ok) throw new Error(`merge failed: ${result.message}`);
  return result.text;
}

Deno.test("mergeJsonEntry() creates a file holding only the entry", () => {
  const created = JSON.parse(text(mergeJsonEntry(undefined, ["mcpServers", "apispec"], entry)));
  assertEquals(created, { mcpServers: { apispec: entry } });
});

Deno.test("mergeJsonEntry() keeps other servers, keys, comments and indentation", () => {
  const source = `{
    // team servers
    "mcpServers": {
        "other": { "command": "other-server" } // keep
    },
    "theme": "dark",
}
`;
  const merged = text(mergeJsonEntry(source, ["mcpServers", "apispec"], entry));
  assertStringIncludes(merged, "// team servers");
  assertStringIncludes(merged, "// keep");
  assertStringIncludes(merged, '\n        "apispec": {');
  assertEquals(parseJsonc(merged, [], { allowTrailingComma: true }), {
    mcpServers: { other: { command: "other-server" }, apispec: entry },
    theme: "dark",
  });
});

Deno.test("mergeJsonEntry() updates an existing entry but keeps its extra keys", () => {
  const source = JSON.stringify({
    servers: { apispec: { command: "old", args: [], env: { A: "1" } } },
  });
  const merged = JSON.parse(text(mergeJsonEntry(source, ["servers", "apispec"], entry)));
  assertEquals(merged.servers.apispec, { command: "apispec", args: ["mcp"], env: { A: "1" } });
});

Deno.test("mergeJsonEntry() reports no change when the entry is already there", () => {
  const source = JSON.stringify({ mcpServers: { apispec: entry } }, null, 2);
  const result = mergeJsonEntry(source, ["mcpServers", "apispec"], entry);
  assertEquals(result, { ok: true, text: source, changed: false });
});

Deno.test("mergeJsonEntry() refuses an unparsable file with its position", () => {
  const result = mergeJsonEntry(
    '{\n  "mcpServers": {\n    "x": \n}',
    ["mcpServers", "apispec"],
    entry,
  );
  assert(!result.ok);
  assertStringIncludes(result.message, "not valid JSON");
  assertEquals(result.line, 4);
});

Deno.test("mergeJsonEntry() refuses a server map that is not an object", () => {
  const result = mergeJsonEntry('{"mcpServers": []}', ["mcpServers", "apispec"], entry);
  assert(!result.ok);
  assertStringIncludes(result.message, '"mcpServers" is not an object');
});

Deno.test("mergeJsonEntry() adds new-file keys only when it creates the file", () => {
  const schema = { $schema: "https://opencode.ai/config.json" };
  const created = JSON.parse(text(mergeJsonEntry("", ["mcp", "apispec"], entry, schema)));
  assertEquals(Object.keys(created), ["$schema", "mcp"]);
  const merged = JSON.parse(text(mergeJsonEntry("{}", ["mcp", "apispec"], entry, schema)));
  assertEquals(Object.keys(merged), ["mcp"]);
});

Deno.test("mergeTomlTable() appends the table and keeps comments and other tables", () => {
  const source = `# my codex settings
model = "o4" # inline comment

[mcp_servers.docs]
command = "docs-server"
`;
  const merged = text(mergeTomlTable(source, ["mcp_servers", "apispec"], entry));
  assert(merged.startsWith(source.trimEnd()), merged);
  assertStringIncludes(merged, '[mcp_servers.apispec]\ncommand = "apispec"\nargs = ["mcp"]\n');
  const parsed = JSON.parse(JSON.stringify(parseToml(merged)));
  assertEquals(parsed, {
    model: "o4",
    mcp_servers: { docs: { command: "docs-server" }, apispec: entry },
  });
});

Deno.test("mergeTomlTable() rewrites command and args in place and keeps the table's other keys", () => {
  const source = `[mcp_servers.apispec]
command = "/old/apispec" # old path
env = { A = "1" }

[other]
x = 1
`;
  const merged = text(mergeTomlTable(source, ["mcp_servers", "apispec"], entry));
  const parsed = JSON.parse(JSON.stringify(parseToml(merged)));
  assertEquals(parsed.mcp_servers.apispec, { command: "apispec", args: ["mcp"], env: { A: "1" } });
  assertEquals(parsed.other, { x: 1 });
});

Deno.test("mergeTomlTable() leaves a current table alone", () => {
  const source = '[mcp_servers.apispec]\ncommand = "apispec"\nargs = ["mcp"]\n';
  assertEquals(mergeTomlTable(source, ["mcp_servers", "apispec"], entry), {
    ok: true,
    text: source,
    changed: false,
  });
});

Deno.test("mergeTomlTable() refuses invalid TOML with its line", () => {
  const result = mergeTomlTable('model = "o4"\n[mcp_servers\n', ["mcp_servers", "apispec"], entry);
  assert(!result.ok);
  assertStringIncludes(result.message, "not valid TOML");
  assertEquals(result.line, 2);
});

Deno.test("mergeTomlTable() refuses an entry it cannot edit safely", () => {
  const inline = 'mcp_servers = { apispec = { command = "x" } }\n';
  const result = mergeTomlTable(inline, ["mcp_servers", "apispec"], entry);
  assert(!result.ok);
  assertStringIncludes(result.fix, 'command = "apispec"');
  const multiline = '[mcp_servers.apispec]\nargs = [\n  "old",\n]\n';
  assert(!mergeTomlTable(multiline, ["mcp_servers", "apispec"], entry).ok);
});
