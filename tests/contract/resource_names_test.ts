/**
 * Resource folders named like build outputs (`build`, `dist`, `target`,
 * `vendor`) are part of the collection: an OpenAPI document with such
 * resources is imported, and every command that walks the collection sees
 * them (validate, check, drift, coverage, mock, the preview's index).
 */
import { assert, assertEquals } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { workspace } from "../helpers/workspace.ts";

const NAMES = ["build", "dist", "target", "vendor"];

async function markdownFiles(dir: string): Promise<number> {
  let count = 0;
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) count += await markdownFiles(`${dir}/${entry.name}`);
    else if (entry.name.endsWith(".md")) count++;
  }
  return count;
}

function document(server: string) {
  const paths: Record<string, unknown> = {};
  for (const name of NAMES) {
    paths[`/${name}/{id}`] = {
      get: {
        tags: [name],
        operationId: `get-${name}`,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id", "kind"],
                  properties: { id: { type: "integer" }, kind: { const: name } },
                },
              },
            },
          },
        },
      },
    };
  }
  return {
    openapi: "3.0.3",
    info: { title: "CI", version: "1" },
    servers: [{ url: server }],
    paths,
  };
}

Deno.test("resources named build, dist, target and vendor are seen by every command", async (t) => {
  await using api = startTestApi((request) => {
    const [, name, id] = new URL(request.url).pathname.split("/");
    return jsonResponse({ id: Number(id), kind: name });
  });
  await using ws = await workspace({ "openapi.json": JSON.stringify(document(api.url)) });
  const imported = await apispec(["import", "openapi", "openapi.json"], { cwd: ws.dir });
  assertEquals(imported.code, 0, imported.stderr);
  const files = NAMES.map((name) => `apis/${name}/get-${name}.md`);
  for (const file of files) assert(await ws.exists(`api-docs/${file}`), file);

  await t.step("validate reads every markdown file of the collection", async () => {
    const result = await apispec(["validate", "api-docs", "--output=json"], { cwd: ws.dir });
    assertEquals(result.code, 0, result.stdout + result.stderr);
    assertEquals(json<{ files: number }>(result).files, await markdownFiles(ws.path("api-docs")));
  });

  await t.step("check runs them against the API", async () => {
    const result = await apispec(["check", "api-docs", "--report", "json", "--var", "id=1"], {
      cwd: ws.dir,
    });
    assertEquals(result.code, 0, result.stdout + result.stderr);
    const sent = api.requests.map((r) => r.path).sort();
    assertEquals(sent, NAMES.map((name) => `/${name}/1`).sort());
  });

  await t.step("drift and coverage find their files", async () => {
    const drift = await apispec(["drift", "openapi.json", "--report", "json"], { cwd: ws.dir });
    const report = json<{ findings: unknown[]; summary: { matched: number; specs: number } }>(
      drift,
    );
    assertEquals(report.findings, []);
    assertEquals(report.summary.matched, NAMES.length);
    assertEquals(report.summary.specs, NAMES.length);
    const coverage = await apispec(
      ["coverage", "api-docs", "--openapi", "openapi.json", "--output", "json"],
      { cwd: ws.dir },
    );
    const covered = json<{ endpoints: { spec: string }[]; operations: { covered: number } }>(
      coverage,
    );
    assertEquals(covered.endpoints.length, NAMES.length);
    assertEquals(covered.operations.covered, NAMES.length);
  });

  await t.step("mock serves them", async () => {
    await using mock = await spawnApispec(["mock", "--port=0"], {
      cwd: ws.dir,
      ready: /Listening on (http:\/\/\S+)/,
    });
    for (const name of NAMES) {
      const response = await fetch(`${mock.url}/${name}/7`);
      assertEquals(response.status, 200, name);
      assertEquals((await response.json()).kind, name);
    }
  });

  await t.step("the preview's index lists them", async () => {
    await using preview = await startTestPreview(ws.dir);
    const index = await preview.send("GET", "/api/index");
    const listed = (index.body.endpoints as { path: string }[]).map((e) => e.path);
    for (const name of NAMES) assert(listed.includes(`/${name}/:id`), `${name}: ${listed}`);
  });
});
