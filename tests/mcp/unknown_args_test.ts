/**
 * Every tool rejects argument names it does not take, listing the valid
 * ones, instead of dropping them (`query` where `q` is meant would search
 * for everything).
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { startMcp } from "../helpers/mcp.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("tools reject unknown argument names with the valid names and a likely meaning", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint(),
  }));
  await using mcp = await startMcp({ cwd: ws.dir });
  const search = await mcp.raw("apispec_search", { query: "users" });
  assertEquals(search.isError, true);
  assertStringIncludes(
    search.content[0].text,
    'Unknown argument "query" for apispec_search; its arguments are q, method, path, tag ' +
      '(did you mean "query" → "q"?)',
  );
  const exec = await mcp.raw("apispec_exec", {
    spec_path: "apis/users/get-user.md",
    environment: "dev",
    dryRun: true,
  });
  assertEquals(exec.isError, true);
  assertStringIncludes(exec.content[0].text, 'Unknown arguments "environment", "dryRun"');
  assertStringIncludes(exec.content[0].text, '"environment" → "env", "dryRun" → "dry_run"');
  // Known names still work, and tools/list says no other names are taken.
  assertEquals((await mcp.call<{ count: number }>("apispec_search", { q: "Test" })).count, 1);
  const { tools } = await mcp.client.listTools();
  for (const tool of tools) {
    assertEquals(
      (tool.inputSchema as { additionalProperties?: boolean }).additionalProperties,
      false,
      tool.name,
    );
  }
});
