/** `apispec_fuzz` through the real MCP server (official SDK client) against the planted-bug API. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { startMcp } from "../helpers/mcp.ts";
import { startPlantedApp, TOKEN } from "./planted_app.ts";
import { ENV, plantedProject } from "./_project.ts";

interface Summary {
  operations: number;
  requests: number;
  seed: number;
  failures: { check: string; method: string; path: string; status: number; file: string }[];
}

Deno.test("apispec_fuzz runs the op and answers BEYOND §10's summary; production is refused", async () => {
  await using app = startPlantedApp();
  await using ws = await plantedProject(app);
  await using mcp = await startMcp({ cwd: ws.dir, env: ENV });
  const summary = await mcp.call<Summary>("apispec_fuzz", { seed: 4, max_examples: 5 });
  assertEquals(summary.seed, 4);
  assertEquals(summary.operations, 9);
  assert(summary.requests >= 9 * 5, String(summary.requests));
  assert(summary.failures.length > 0);
  for (const failure of summary.failures) {
    assert(await ws.exists(failure.file), failure.file);
    assert(!(await ws.read(failure.file)).includes(TOKEN));
  }
  assert(!JSON.stringify(summary).includes(TOKEN));

  await ws.write("api-docs/_shared/env.md", `## prod\n\n\`\`\`yaml\nbaseUrl: ${app.url}\n\`\`\`\n`);
  const sent = app.log.length;
  const refused = await mcp.raw("apispec_fuzz", { env: "prod" });
  assertEquals(refused.isError, true);
  assertStringIncludes(refused.content[0].text, 'Refusing to fuzz "prod"');
  assertEquals(app.log.length, sent);
});
