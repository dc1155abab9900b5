/**
 * Every OpenAPI document of the corpus (fixtures/corpora/openapi/: the OAI
 * and ReadMe examples in 2.0, 3.0 and 3.1, JSON and YAML; GitHub's, Discord's,
 * OpenAI's and Box's in corpus_large_roundtrip_test.ts), imported into a
 * fresh collection and then compared with itself by drift, reports no finding.
 *
 * The import and drift operations run in this process (what the CLI calls
 * after parsing its flags; tests/contract/roundtrip_test.ts runs the same
 * round trip through the CLI): two processes per document for some 170
 * documents cost minutes.
 */
import { assert, assertEquals } from "@std/assert";
import { systemContext } from "../../src/adapters/system.ts";
import { convertSource } from "../../src/ops/import/import_sources.ts";
import { CORPORA, openApiRoundTrip as roundTrip } from "../helpers/corpus.ts";

const OPENAPI = `${CORPORA}/openapi`;
const LARGE = `${OPENAPI}/large`;
/**
 * Documents whose `$ref`s name files outside their own folder
 * (`../common/Error.json`): the importer refuses to read those, by design
 * (docs/import.md), so they are checked to be refused with that reason.
 */
const REFS_OUTSIDE = /petstore-separate\/spec\/swagger\.(json|yaml)$/;

/** Document files below the corpus folder; fragments (a schema in a file of its own) are left out. */
async function documents(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory && path !== LARGE) found.push(...await documents(path));
    else if (/\.(json|ya?ml)$/.test(entry.name)) {
      const head = (await Deno.readTextFile(path)).slice(0, 4000);
      if (/["']?(openapi|swagger)["']?\s*:/.test(head)) found.push(path);
    }
  }
  return found.sort();
}

Deno.test("import then drift reports no finding for every example document of the corpus", async () => {
  const files = await documents(OPENAPI);
  assert(files.length >= 160, `${files.length} documents`);
  let operations = 0;
  let roundTrips = 0;
  const findings: string[] = [];
  for (const file of files) {
    if (REFS_OUTSIDE.test(file)) {
      const outcome = await convertSource("openapi", { path: file }, systemContext());
      assert(!outcome.ok && /outside the document's folder/.test(outcome.error.message), file);
      continue;
    }
    const result = await roundTrip(file);
    roundTrips++;
    operations += result.operations;
    findings.push(...result.findings.map((f) => `${file.slice(OPENAPI.length + 1)}: ${f}`));
  }
  assertEquals(findings, []);
  console.log(
    `  ${roundTrips} documents, ${operations} operations, 0 findings ` +
      `(and ${files.length - roundTrips} refused for $refs outside their folder)`,
  );
});
