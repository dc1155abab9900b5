/**
 * README.md's "Your first collection" runs as written against a loopback API
 * standing in for `http://localhost:8080`: init, `request --save`, exec,
 * validate, and `serve` (started on a free port, its page fetched, stopped).
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { readDocPage, runDocCommand, startDocServer } from "../helpers/doc_examples.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { workspace } from "../helpers/workspace.ts";

Deno.test("README's first collection runs as written", async () => {
  const page = await readDocPage("README.md", "## Your first collection");
  assertEquals(page.commands.map((c) => c.args[0]), [
    "init",
    "request",
    "exec",
    "validate",
    "serve",
  ]);
  await using api = startTestApi(() => jsonResponse({ status: "ok" }));
  await using ws = await workspace();
  const hosts = { "http://localhost:8080": api.url };
  for (const command of page.commands) {
    if (command.args[0] !== "serve") {
      await runDocCommand(command, { cwd: ws.dir, hosts });
      continue;
    }
    await using server = await startDocServer(command, { cwd: ws.dir, hosts });
    const home = await fetch(server.url);
    assertEquals(home.status, 200);
    assertStringIncludes(await home.text(), "<html");
  }
  assertStringIncludes(
    await ws.read("api-docs/apis/health/get-health.md"),
    "GET {{baseUrl}}/health",
  );
  assertEquals(api.requests.filter((r) => r.path === "/health").length, 2, "request and exec");
});
