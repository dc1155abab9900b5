/**
 * A catastrophic `matches` pattern cannot freeze the tool server: the rule
 * runs on RE2, so `apispec_exec` answers at once and the server keeps serving.
 */
import { assertEquals } from "@std/assert";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { startMcp } from "../helpers/mcp.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("apispec_exec evaluates matches (a+)+$ on a long value at once, and serves the next call", async () => {
  await using api = startTestApi(() => jsonResponse({ word: "a".repeat(40) + "!" }));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({
      sections: "\n## Assertions\n\n- body.word: matches (a+)+$\n- body.word: length 41\n",
    }),
  }));
  await using mcp = await startMcp({ cwd: ws.dir });
  const record = await mcp.call<{ assertion_results: { passed: boolean }[] }>("apispec_exec", {
    spec_path: "apis/users/get-user.md",
  });
  assertEquals(record.assertion_results.map((a) => a.passed), [false, true]);
  const search = await mcp.call<{ count: number }>("apispec_search", {});
  assertEquals(search.count, 1);
});
