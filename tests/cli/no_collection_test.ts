/**
 * Run outside any project, every command that needs a collection says so in
 * the same words, names where it looked and how to make one, with its
 * documented exit code; none shows a stack trace.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { tempHome } from "../helpers/home.ts";
import { workspace } from "../helpers/workspace.ts";

Deno.test("commands run outside any project name where they looked and point at init", async () => {
  await using ws = await workspace({ "README.md": "# not a project\n" });
  await using home = await tempHome();
  for (
    const [args, code] of [
      [["drift"], 2],
      [["coverage"], 2],
      [["export", "openapi"], 2],
      [["mock"], 3],
      [["index"], 3],
    ] as const
  ) {
    const result = await apispec([...args], { cwd: ws.dir, env: home.env });
    const shown = `apispec ${args.join(" ")}`;
    assertEquals(result.code, code, `${shown}: ${result.stderr}`);
    assertStringIncludes(result.stderr, `No collection found: no api-docs/ in ${ws.dir}`, shown);
    assertStringIncludes(result.stderr, "apispec init", shown);
    assert(!/\bat .+:\d+:\d+/.test(result.stderr), `${shown} printed a stack trace`);
  }
});
