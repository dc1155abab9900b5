/**
 * BEYOND §12: an expected status line may read `HTTP/1.1 200|201` or
 * `HTTP/1.1 2XX`. exec and check accept any alternative, the mock answers
 * with the first concrete one, export openapi documents each, drift finds
 * them documented, and validate accepts them.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const JSON_BODY = 'Content-Type: application/json\n\n{"id": 1}';

function files() {
  return {
    "apis/items/put-item.md": endpoint({
      method: "PUT",
      path: "/items/1",
      resource: "items",
      request: 'PUT {{baseUrl}}/items/1\nContent-Type: application/json\n\n{"name": "x"}',
      expected: `HTTP/1.1 200|201 OK\n${JSON_BODY}`,
    }),
    "apis/items/delete-item.md": endpoint({
      method: "DELETE",
      path: "/items/1",
      resource: "items",
      expected: "HTTP/1.1 2XX",
    }),
  };
}

Deno.test("exec passes any alternative of 200|201 and 2XX, and names them all when none came", async () => {
  let status = 201;
  await using api = startTestApi(() =>
    status === 204 ? new Response(null, { status }) : jsonResponse({ id: 1 }, status)
  );
  await using ws = await workspace(collectionFiles(api.url, files()));
  const put = "api-docs/apis/items/put-item.md";
  const remove = "api-docs/apis/items/delete-item.md";
  assertEquals((await apispec(["validate", "api-docs"], { cwd: ws.dir })).code, 0);
  for (const answer of [200, 201]) {
    status = answer;
    const result = await apispec(["exec", put], { cwd: ws.dir });
    assertEquals(result.code, 0, `${answer}: ${result.stdout}${result.stderr}`);
  }
  status = 204;
  assertEquals((await apispec(["exec", remove], { cwd: ws.dir })).code, 0);
  status = 202;
  const other = await apispec(["exec", put, "--output", "json"], { cwd: ws.dir });
  assertEquals(other.code, 1);
  assertEquals(json<{ diff: { status: string } }>(other).diff.status, "expected 200|201, got 202");
  status = 404;
  const missing = await apispec(["exec", remove, "--output", "json"], { cwd: ws.dir });
  assertEquals(missing.code, 1);
  assertEquals(json<{ diff: { status: string } }>(missing).diff.status, "expected 2XX, got 404");
});

Deno.test("the mock answers with the first concrete status; export openapi and drift treat alternatives as documented", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", files()));
  await using mock = await spawnApispec(["mock", "api-docs", "--port", "0"], {
    cwd: ws.dir,
    ready: /Listening on (http:\/\/\S+)/,
  });
  const put = await fetch(`${mock.url}/items/1`, { method: "PUT", body: '{"name": "x"}' });
  assertEquals(put.status, 200);
  await put.body?.cancel();
  const remove = await fetch(`${mock.url}/items/1`, { method: "DELETE" });
  assertEquals(remove.status, 200);
  await remove.body?.cancel();

  const exported = await apispec(["export", "openapi", "api-docs", "--json"], { cwd: ws.dir });
  assertEquals(exported.code, 0, exported.stderr);
  const doc = JSON.parse(exported.stdout) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  assertEquals(Object.keys(doc.paths["/items/1"].put.responses), ["200", "201"]);
  assertEquals(Object.keys(doc.paths["/items/1"].delete.responses), ["2XX"]);

  // A document that answers 201 to the PUT and 204 to the DELETE agrees with both files.
  const openapi = JSON.parse(exported.stdout);
  openapi.paths["/items/1"].put.responses = { 201: openapi.paths["/items/1"].put.responses["201"] };
  openapi.paths["/items/1"].delete.responses = { 204: { description: "Deleted" } };
  await ws.write("openapi.json", JSON.stringify(openapi));
  const drift = await apispec(["drift", "openapi.json", "--report", "json"], { cwd: ws.dir });
  const findings = json<{ findings: { kind: string; message: string }[] }>(drift).findings;
  assertEquals(findings.filter((f) => f.kind === "status"), [], drift.stdout);
  // One that documents neither alternative is drift, named as written.
  openapi.paths["/items/1"].put.responses = { 202: { description: "Accepted" } };
  await ws.write("openapi.json", JSON.stringify(openapi));
  const drifted = await apispec(["drift", "openapi.json", "--report", "json"], { cwd: ws.dir });
  const status = json<{ findings: { kind: string; message: string }[] }>(drifted).findings
    .filter((f) => f.kind === "status");
  assertEquals(status.length, 1, drifted.stdout);
  assertStringIncludes(status[0].message, "Expected status 200|201 is not documented");
});

Deno.test("validate refuses a status line that is no status or range", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/items/get.md": endpoint({ expected: "HTTP/1.1 200|2X" }),
    "apis/items/get-range.md": endpoint({ path: "/items/2", expected: "HTTP/1.1 200|999" }),
  }));
  const result = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(result.code, 2);
  assertStringIncludes(result.stdout + result.stderr, 'Cannot parse status line "HTTP/1.1 200|2X"');
  assert((result.stdout + result.stderr).includes("Status 999 is not an HTTP status code"));
});
