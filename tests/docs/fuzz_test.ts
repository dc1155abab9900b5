/**
 * The examples of docs/fuzz.md run as written against the planted-bug API
 * (tests/fuzz_cmd/planted_app.ts) in a `staging` environment: each
 * `apispec fuzz` line finds failures (exit 1) and writes them, and the JSON
 * the page shows has the keys `--report json` prints.
 */
import { assert, assertEquals } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { readDocPage, runDocCommand } from "../helpers/doc_examples.ts";
import { startPlantedApp } from "../fuzz_cmd/planted_app.ts";
import { ENV, plantedProject } from "../fuzz_cmd/_project.ts";

const keys = (value: object) => Object.keys(value).sort();

Deno.test("every example of docs/fuzz.md runs against the planted-bug API", async () => {
  const page = await readDocPage("docs/fuzz.md");
  assertEquals(page.commands.length >= 5, true, "the page's fuzz lines");
  await using app = startPlantedApp();
  await using ws = await plantedProject(app, "staging");
  // `--openapi openapi.yaml` names the document in YAML (JSON is YAML).
  await ws.write("openapi.yaml", await ws.read("openapi.json"));
  for (const command of page.commands) {
    // Each line meets the planted bugs: failures found and written, exit 1.
    await runDocCommand(command, { cwd: ws.dir, env: ENV, expected: 1 });
  }
  assert(await ws.exists("fuzz.xml"), "--report junit=fuzz.xml wrote the report");
  assert(await ws.exists("api-docs/fuzz"), "failures were written under api-docs/fuzz/");

  const shown = JSON.parse(page.blocks.find((b) => b.language === "json")!.text);
  const run = await apispec(["fuzz", "--seed", "1", "--max-examples", "5", "--report", "json"], {
    cwd: ws.dir,
    env: ENV,
  });
  const printed = json<{ failures: object[] }>(run);
  assertEquals(keys(printed), keys(shown));
  assertEquals(keys(printed.failures[0]), keys(shown.failures[0]));
});
