/**
 * A document whose schemas nest anyOf deep through recursive references:
 * import writes endpoint files of a bounded size (a response schema that
 * reaches megabytes is not copied into every file), and drift of the
 * collection against the document reports nothing.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";
import { nestedDocument } from "../helpers/nested_openapi.ts";

async function folderBytes(dir: string): Promise<number> {
  let bytes = 0;
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    bytes += entry.isDirectory ? await folderBytes(path) : (await Deno.stat(path)).size;
  }
  return bytes;
}

Deno.test("import and drift of anyOf nested deep through recursive refs stay bounded", async () => {
  await using ws = await workspace({
    "openapi.json": JSON.stringify(nestedDocument(40, 7, 10)),
  });
  const imported = await apispec(["import", "openapi", "openapi.json", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(imported.code, 0, imported.stderr);
  const report = json<{ written: string[]; warnings: string[] }>(imported);
  assertEquals(report.written.length, 20);
  assertStringIncludes(report.warnings.join("\n"), "it is not copied into the endpoint file");
  // Each file held every schema its response reaches: 1.4 MB apiece, 28 MB for these 20.
  const bytes = await folderBytes(ws.path("api-docs"));
  assert(bytes < 1_000_000, `${bytes} bytes of endpoint files`);
  const drift = await apispec(["drift", "openapi.json", "--report", "json"], { cwd: ws.dir });
  assertEquals(drift.code, 0, drift.stderr);
  assertEquals(json<{ findings: unknown[] }>(drift).findings, []);
});
