/**
 * BEYOND §12, issue 31 item 3: imported deletes wait for review. Import then
 * check, as a new user does against a real service: the imported DELETEs are
 * `standalone: false`, so `check` never sends them, and while a variable is
 * missing it sends nothing at all. Every importer writes them so (the shared
 * writer does it; importers_test checks each corpus input).
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { workspace } from "../helpers/workspace.ts";
import { CORPORA } from "../helpers/corpus.ts";

/** A JSON storage service's description (as Kinto's): buckets and accounts, two deletes. */
function storageDescription(baseUrl: string): string {
  const list = {
    description: "OK",
    content: {
      "application/json": {
        schema: { type: "object", properties: { data: { type: "array", items: {} } } },
      },
    },
  };
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "storage", version: "1" },
    servers: [{ url: baseUrl }],
    paths: {
      "/buckets": {
        get: { operationId: "listBuckets", responses: { 200: list } },
        delete: { operationId: "deleteBuckets", responses: { 200: list } },
      },
      "/buckets/{bucket_id}": {
        get: {
          operationId: "getBucket",
          parameters: [{
            name: "bucket_id",
            in: "path",
            required: true,
            schema: { type: "string" },
          }],
          responses: { 200: list },
        },
      },
      "/accounts": {
        delete: { operationId: "deleteAccounts", responses: { 200: list } },
      },
    },
  });
}

Deno.test("import openapi then check never sends the imported DELETEs: nothing while a variable is missing, the reads once given", async () => {
  await using api = startTestApi(() => jsonResponse({ data: [] }));
  await using ws = await workspace({ "storage.json": storageDescription(api.url) });
  const imported = await apispec(["import", "openapi", "storage.json"], { cwd: ws.dir });
  assertEquals(imported.code, 0, imported.stderr);
  assertStringIncludes(
    imported.stdout,
    "held     2 DELETE operation(s) written with `standalone: false`",
  );
  for (const file of ["accounts/delete-accounts.md", "buckets/delete-buckets.md"]) {
    assertStringIncludes(await ws.read(`api-docs/apis/${file}`), "\nstandalone: false\n");
  }

  const first = await apispec(["check", "api-docs"], { cwd: ws.dir });
  assertEquals(first.code, 2, first.stdout + first.stderr);
  assertStringIncludes(first.stderr, 'Variable "bucket_id" is not defined');
  assertEquals(api.requests.length, 0, "check sent requests before exiting 2");

  const second = await apispec(["check", "api-docs", "--var", "bucket_id=b1", "--report", "json"], {
    cwd: ws.dir,
  });
  const checked = json<{ endpoints: { file: string; skipped?: boolean; hint: string }[] }>(second);
  assertEquals(
    checked.endpoints.filter((e) => e.skipped).map((e) => e.hint),
    [
      "Skipped: runs only inside flows (standalone: false)",
      "Skipped: runs only inside flows (standalone: false)",
    ],
  );
  assertEquals(api.requests.map((r) => `${r.method} ${r.path}`).sort(), [
    "GET /buckets",
    "GET /buckets/b1",
  ]);
});

Deno.test("import of a Bruno collection, an Arazzo workflow and a project holds their DELETEs too", async () => {
  await using ws = await workspace({
    "bruno/bruno.json": '{"version": "1", "name": "shop", "type": "collection"}',
    "bruno/remove item.bru":
      "meta {\n  name: remove item\n  type: http\n  seq: 1\n}\n\ndelete {\n  url: {{host}}/items/1\n  body: none\n  auth: none\n}\n",
    "bruno/list items.bru":
      "meta {\n  name: list items\n  type: http\n  seq: 2\n}\n\nget {\n  url: {{host}}/items\n  body: none\n  auth: none\n}\n",
    "remove.arazzo.yaml": [
      "arazzo: 1.0.0",
      "info: {title: Remove a pet, version: 1.0.0}",
      "sourceDescriptions:",
      `  - {name: pets, url: ${CORPORA}/arazzo/pet-coupons.openapi.yaml, type: openapi}`,
      "workflows:",
      "  - workflowId: remove-pet",
      "    steps:",
      "      - stepId: remove",
      "        operationId: deletePet",
      "        parameters:",
      "          - {name: petId, in: path, value: 1}",
      "        successCriteria:",
      "          - condition: $statusCode == 200",
      "",
    ].join("\n"),
    "service/openapi.json": storageDescription("http://127.0.0.1:9"),
  });
  const held = async (args: string[], cwd = ws.dir) => {
    const result = await apispec([...args, "--output", "json"], { cwd });
    assertEquals(result.code, 0, result.stdout + result.stderr);
    const report = json<{ written: string[]; held_for_review: string[] }>(result);
    for (const file of report.held_for_review) {
      const text = await Deno.readTextFile(`${cwd}/${file}`);
      assert(/^standalone: false$/m.test(text), `${file} is not held`);
    }
    return report.held_for_review;
  };
  assertEquals(await held(["import", "collection", "bruno"]), [
    "api-docs/apis/items/delete-remove-item.md",
  ]);
  const arazzo = await held(["import", "arazzo", "remove.arazzo.yaml"]);
  assertEquals(arazzo.length, 1);
  assertStringIncludes(arazzo[0], "delete");
  const project = await held(["import", "project", "."], ws.path("service"));
  assertEquals(project.length, 2);
  // The Arazzo flow still runs its held DELETE: a flow is where a delete belongs.
  const validated = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validated.code, 0, validated.stdout + validated.stderr);
});
