/**
 * GitHub's, Discord's, OpenAI's and Box's published OpenAPI descriptions
 * (fixtures/corpora/openapi/large/, gzipped), each imported into a fresh
 * collection and compared with itself by drift: no finding. In this process,
 * as corpus_roundtrip_test.ts explains; each prints its time.
 */
import { assertEquals } from "@std/assert";
import { CORPORA, openApiRoundTrip } from "../helpers/corpus.ts";

const LARGE = `${CORPORA}/openapi/large`;

Deno.test("import then drift reports no finding for GitHub's, Discord's, OpenAI's and Box's descriptions", async () => {
  const dir = await Deno.makeTempDir({ prefix: "apispec-large-" });
  try {
    const names = (await Array.fromAsync(Deno.readDir(LARGE)))
      .map((entry) => entry.name).filter((name) => name.endsWith(".gz")).sort();
    assertEquals(names.length, 4);
    for (const name of names) {
      const file = `${dir}/${name.replace(/\.gz$/, "")}`;
      const compressed = await Deno.open(`${LARGE}/${name}`);
      await Deno.writeFile(file, compressed.readable.pipeThrough(new DecompressionStream("gzip")));
      const started = performance.now();
      const result = await openApiRoundTrip(file);
      assertEquals(result.findings, [], name);
      console.log(
        `  ${name}: ${result.operations} operations, 0 findings, ${result.warnings} ` +
          `import warnings, ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
