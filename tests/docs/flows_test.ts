/**
 * The examples of docs/flows.md run as written: every fenced block whose
 * info string names a file (`markdown api-docs/flows/x.md`) is written into
 * the demo collection, then every `apispec ...` line of the `sh` blocks runs
 * through the real CLI against the demo API and must pass.
 */
import { assertEquals } from "@std/assert";
import { readDocPage, runDocCommand } from "../helpers/doc_examples.ts";
import { demoProject } from "../helpers/demo.ts";

Deno.test("every example of docs/flows.md runs against the demo API as written", async () => {
  const page = await readDocPage("docs/flows.md");
  assertEquals(Object.keys(page.files).length >= 5, true, "the page shows its example files");
  assertEquals(page.commands.length >= 6, true, "the page shows the commands");
  await using demo = await demoProject(page.files);
  for (const command of page.commands) {
    await runDocCommand(command, {
      cwd: demo.ws.dir,
      env: { APISPEC_AUTH_TOKEN: demo.api.token },
    });
  }
});
