/**
 * `import postman|insomnia|bruno` are the names people use for `import
 * hostedclient|desktopclient|collection`: the same files, the same report,
 * in help and completion (both generated from the command table).
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";
import { CORPORA } from "../helpers/corpus.ts";

const PAIRS: [string, string, string][] = [
  ["postman", "hostedclient", `${CORPORA}/postman/newman/echo-v2.postman_collection.json`],
  ["insomnia", "desktopclient", `${CORPORA}/insomnia/inso-fixtures/insomnia_v4.json`],
  ["bruno", "collection", `${CORPORA}/bruno/collection`],
];

Deno.test("import postman, insomnia and bruno write what their neutral names write", async () => {
  for (const [name, neutral, input] of PAIRS) {
    await using a = await workspace();
    await using b = await workspace();
    const byName = await apispec(["import", name, input, "--output=json"], { cwd: a.dir });
    const byNeutral = await apispec(["import", neutral, input, "--output=json"], { cwd: b.dir });
    assertEquals(byName.code, 0, `${name}: ${byName.stderr}`);
    const written = (r: typeof byName) =>
      (json<{ written: { file: string }[] }>(r).written ?? []).map((w) => w.file).sort();
    assertEquals(written(byName), written(byNeutral), name);
    assertEquals(written(byName).length > 0, true, name);
  }
});

Deno.test("help and completion list the importer names", async () => {
  const help = await apispec(["import", "--help"]);
  for (const [name] of PAIRS) assertStringIncludes(help.stdout, `import ${name}`);
  const bash = await apispec(["completion", "bash"]);
  for (const [name] of PAIRS) assertStringIncludes(bash.stdout, name);
  const missing = await apispec(["import"]);
  assertStringIncludes(missing.stderr, "postman");
});
