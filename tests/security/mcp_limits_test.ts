/**
 * MCP messages over the size cap (4 MiB) are answered with a JSON-RPC error
 * and the server keeps serving: through the official SDK client against the
 * real `apispec mcp` over stdio.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { startMcp } from "../helpers/mcp.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("an MCP message over the cap gets an error and the server keeps serving", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint(),
  }));
  await using mcp = await startMcp({ cwd: ws.dir });
  for (const megabytes of [8, 11]) {
    const content = "x".repeat(megabytes * 1024 * 1024);
    const refused = await mcp.client.callTool({
      name: "apispec_author",
      arguments: { spec_path: "apis/users/huge.md", content },
    }).then(() => undefined, (error: Error) => error);
    assert(refused, `a ${megabytes} MB message was accepted`);
    assertStringIncludes(refused.message, "larger than the 4 MiB apispec reads");
    // Still serving: a normal call right after.
    const search = await mcp.call<{ count: number }>("apispec_search", {});
    assertEquals(search.count, 1);
  }
  assertEquals(await ws.exists("api-docs/apis/users/huge.md"), false);
});
