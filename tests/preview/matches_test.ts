/**
 * A catastrophic `matches` pattern cannot freeze the preview server (it runs
 * in this process): Send answers at once and the server keeps serving.
 */
import { assertEquals } from "@std/assert";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("POST /api/run evaluates matches (a+)+$ on a long value at once", async () => {
  await using api = startTestApi(() => jsonResponse({ word: "a".repeat(40) + "!" }));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({
      sections: "\n## Assertions\n\n- body.word: matches (a+)+$\n",
    }),
  }));
  await using preview = await startTestPreview(ws.dir);
  const run = await preview.send("POST", "/api/run", {
    path: "apis/users/get-user.md",
    strict_assertions: true,
  });
  assertEquals(run.status, 200, JSON.stringify(run.body));
  const record = run.body.record as { passed: boolean; assertion_results: { passed: boolean }[] };
  assertEquals(record.assertion_results.map((a) => a.passed), [false]);
  const index = await preview.call("/api/index");
  assertEquals(index.status, 200);
  await index.body?.cancel();
});
