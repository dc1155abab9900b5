/**
 * OpenAPI both ways: a collection's own export reports no drift, and real
 * OpenAPI documents imported into a fresh collection report none against
 * themselves; Swagger 2.0 is converted on the way in.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";
import { CORPORA, FIXTURES, openApiOperations, writtenOperations } from "../helpers/corpus.ts";

interface DriftJson {
  findings: { kind: string; spec: string | null; message: string }[];
  summary: { operations: number; specs: number; matched: number; findings: number };
}

async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    if (entry.isDirectory) await copyDir(`${from}/${entry.name}`, `${to}/${entry.name}`);
    else await Deno.copyFile(`${from}/${entry.name}`, `${to}/${entry.name}`);
  }
}

Deno.test("export openapi, then drift of the same collection against it, reports nothing", async () => {
  await using ws = await workspace({});
  await copyDir(`${FIXTURES}/demo/api-docs`, ws.path("api-docs"));
  const exported = await apispec(["export", "openapi", "api-docs", "--out", "openapi.yaml"], {
    cwd: ws.dir,
  });
  assertEquals(exported.code, 0, exported.stderr);
  const result = await apispec(["drift", "openapi.yaml", "api-docs", "--report", "json"], {
    cwd: ws.dir,
  });
  const report = json<DriftJson>(result);
  assertEquals(report.findings, []);
  assertEquals(result.code, 0);
  assertEquals(report.summary.matched, report.summary.operations);
  assertEquals(report.summary.specs, report.summary.operations);
  assert(report.summary.operations >= 7);
});

/** Real documents from the shared corpora: OAI's examples and ReadMe's test documents. */
const REAL_DOCUMENTS = [
  "oai-examples/v3.0/petstore-expanded.yaml",
  "oai-examples/v3.0/api-with-examples.yaml",
  "oai-examples/v3.0/link-example.yaml",
  "oai-examples/v3.0/uspto.yaml",
  "oai-examples/v3.1/non-oauth-scopes.yaml",
  "oai-examples/v3.1/tictactoe.yaml",
  "readme/3.0/star-trek.json",
  "readme/3.0/response-schemas.json",
  "readme/3.0/schema-circular.json",
  "readme/3.1/parameters-style.json",
  "readme/3.1/security.json",
];

Deno.test("import openapi of real documents, then drift against the same file, reports nothing", async () => {
  for (const name of REAL_DOCUMENTS) {
    await using ws = await workspace({});
    const file = name.split("/").pop()!;
    await Deno.copyFile(`${CORPORA}/openapi/${name}`, ws.path(file));
    const imported = await apispec(["import", "openapi", file, "--output=json"], { cwd: ws.dir });
    assertEquals(imported.code, 0, `${name}: ${imported.stderr}`);
    const result = await apispec(["drift", file, "--report", "json"], { cwd: ws.dir });
    const report = json<DriftJson>(result);
    assertEquals(report.findings, [], name);
    assertEquals(result.code, 0, name);
    assertEquals(report.summary.matched, report.summary.operations, name);
  }
});

Deno.test("Swagger 2.0: import converts it and writes valid endpoint files; drift reads it too", async () => {
  await using ws = await workspace({});
  const source = `${CORPORA}/openapi/oai-examples/v2.0/json/petstore-expanded.json`;
  await Deno.copyFile(source, ws.path("swagger.json"));
  const imported = await apispec(["import", "openapi", "swagger.json"], { cwd: ws.dir });
  assertEquals(imported.code, 0, imported.stderr);
  assertStringIncludes(
    imported.stderr,
    "Converted Swagger 2.0 to OpenAPI 3.1.1 with @scalar/openapi-upgrader",
  );
  // The same operations as the Swagger document names (the helper reads only `paths`).
  const swagger = JSON.parse(await Deno.readTextFile(source));
  assertEquals(await writtenOperations(ws.path("api-docs/apis")), openApiOperations(swagger));
  const validated = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validated.code, 0, validated.stdout + validated.stderr);
  const env = await ws.read("api-docs/_shared/env.template.md");
  assertStringIncludes(env, "baseUrl: http://petstore.swagger.io/api");
  const drift = await apispec(["drift", "swagger.json", "--report", "json"], { cwd: ws.dir });
  assertStringIncludes(drift.stderr, "note: Converted Swagger 2.0 to OpenAPI 3.1.1");
  assertEquals(json<DriftJson>(drift).findings, []);
  assertEquals(drift.code, 0);
});
