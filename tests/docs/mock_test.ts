/**
 * The examples of docs/mock.md run as written over the demo collection: each
 * `apispec mock ...` line starts (on a free port instead of the documented
 * one), prints its route table, answers as its flags say and stops with exit
 * 0 on Ctrl-C; the stateful mock's start-up lines and reset answer are the ones
 * the page shows.
 */
import { assert, assertEquals, assertMatch } from "@std/assert";
import { readDocPage, startDocServer } from "../helpers/doc_examples.ts";
import { writeDemoCollection } from "../../src/demo/collection.ts";
import { workspace } from "../helpers/workspace.ts";

/** A shown output line as a pattern: its numbers, spacing and plural may differ. */
function shape(line: string): RegExp {
  const escaped = line.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    escaped.replace(/\d+/g, "\\d+").replace(/\s+/g, "\\s+").replace(/collections/g, "collections?"),
  );
}

Deno.test("every `apispec mock` line of docs/mock.md serves the demo collection as the page says", async () => {
  const page = await readDocPage("docs/mock.md");
  assertEquals(page.commands.length >= 5, true, "the page's mock lines");
  await using ws = await workspace();
  await writeDemoCollection(ws.dir, "http://127.0.0.1:9");
  // `apispec mock docs/api`: the same collection in another folder.
  await writeDemoCollection(ws.path("other"), "http://127.0.0.1:9");
  await Deno.mkdir(ws.path("docs"));
  await Deno.rename(ws.path("other/api-docs"), ws.path("docs/api"));

  const startup = page.blocks.find((b) => b.text.startsWith("Stateful:"))!.text.split("\n");
  for (const command of page.commands) {
    const mock = await startDocServer(command, { cwd: ws.dir });
    assertMatch(mock.stdout(), /GET\s+\/users\/:userId\s+apis\/users\/get-user-by-id\.md/);
    const started = Date.now();
    const health = await fetch(`${mock.url}/health`);
    await health.body?.cancel();
    const faulty = command.args.some((a) => a.startsWith("--error-rate"));
    assert(health.status === 200 || (faulty && health.status >= 500), command.line);
    if (command.args.some((a) => a.startsWith("--latency=100"))) {
      assert(Date.now() - started >= 100, `${command.line}: answered at once`);
    }
    if (command.args.includes("--stateful")) {
      assertMatch(mock.stdout(), shape(startup[0]));
      assertMatch(mock.stdout(), shape(startup[1]));
      const created = await fetch(`${mock.url}/users`, {
        method: "POST",
        body: JSON.stringify({ name: "Ada Lovelace", email: "ada@example.com", role: "admin" }),
      });
      assertEquals(created.status, 201);
      const id = (await created.json()).id;
      assertEquals((await (await fetch(`${mock.url}/users/${id}`)).json()).name, "Ada Lovelace");
      // Recipe step 5: `curl -X POST http://127.0.0.1:4001/__apispec/reset`.
      const reset = await fetch(`${mock.url}/__apispec/reset`, { method: "POST" });
      assertEquals(Object.keys(await reset.json()).sort(), ["collections", "reset"]);
      assertEquals((await fetch(`${mock.url}/users/${id}`)).status, 404);
    }
    const stopped = await mock.stop();
    assertEquals(stopped.code, 0, `${command.where}: ${command.line}\n${stopped.stderr}`);
  }
});
