/**
 * BEYOND §12, issue 31 item 11: "create the bucket once, then one record per
 * CSV row". A step that runs a flow whose frontmatter has `data:` runs that
 * flow once per row; the parent's other steps run once.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile, type FlowJson } from "./helpers.ts";

function bucketsApi() {
  let next = 100;
  return startTestApi((request, body) => {
    const path = new URL(request.url).pathname;
    if (request.method === "POST" && path === "/buckets") return jsonResponse({ id: "b1" }, 201);
    if (request.method === "POST") {
      return jsonResponse({ id: next++, name: JSON.parse(body).name }, 201);
    }
    return jsonResponse({ id: "b1" });
  });
}

const FILES = {
  "apis/buckets/create.md": endpoint({
    method: "POST",
    path: "/buckets",
    resource: "buckets",
    request: 'POST {{baseUrl}}/buckets\nContent-Type: application/json\n\n{"name": "b"}',
    expected: 'HTTP/1.1 201 Created\nContent-Type: application/json\n\n{"id": "b1"}',
  }),
  "apis/buckets/get.md": endpoint({
    path: "/buckets/:bucketId",
    resource: "buckets",
    frontmatter: "standalone: false\n",
  }),
  "apis/records/create.md": endpoint({
    method: "POST",
    path: "/buckets/:bucketId/records",
    resource: "records",
    frontmatter: "standalone: false\n",
    request: "POST {{baseUrl}}/buckets/:bucketId/records\nContent-Type: application/json\n\n" +
      '{"name": "{{name}}"}',
    expected: 'HTTP/1.1 201 Created\nContent-Type: application/json\n\n{"id": 1, "name": "x"}',
  }),
  "data/records.csv": "name\nalpha\nbeta\ngamma\n",
  "flows/add-record.md": flowFile([{
    name: "Add",
    endpoint: "apis/records/create.md",
    lines: ["Capture: `response.body.id` as `recordId`", "Assert: `body.name: equals {{name}}`"],
  }], { data: "data/records.csv" }),
  "flows/fill-bucket.md": flowFile([
    {
      name: "Create bucket",
      endpoint: "apis/buckets/create.md",
      lines: ["Capture: `response.body.id` as `bucketId`"],
    },
    { name: "Records", endpoint: "flows/add-record.md" },
    { name: "Read bucket", endpoint: "apis/buckets/get.md" },
  ]),
};

Deno.test("a sub-flow with data: runs once per row between parent steps that run once", async () => {
  await using api = bucketsApi();
  await using ws = await workspace(collectionFiles(api.url, FILES));
  const validated = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validated.code, 0, validated.stdout + validated.stderr);

  const result = await apispec(["flow", "api-docs/flows/fill-bucket.md", "--output", "json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const report = json<FlowJson>(result);
  assertEquals(report.steps.map((s) => [s.name, s.passed]), [
    ["Create bucket", true],
    ["Records [row 1] › Add", true],
    ["Records [row 2] › Add", true],
    ["Records [row 3] › Add", true],
    ["Read bucket", true],
  ]);
  assertEquals(api.requests.map((r) => `${r.method} ${r.path} ${r.body}`), [
    'POST /buckets {"name": "b"}',
    'POST /buckets/b1/records {"name": "alpha"}',
    'POST /buckets/b1/records {"name": "beta"}',
    'POST /buckets/b1/records {"name": "gamma"}',
    "GET /buckets/b1 ",
  ]);
  // Captures of the rows come back as a list, as a loop's do.
  assertEquals(report.captures.recordId, "[100,101,102]");
});

Deno.test("a dry run of a per-row sub-flow sends nothing and checks its rows' variables", async () => {
  await using api = bucketsApi();
  await using ws = await workspace(collectionFiles(api.url, {
    ...FILES,
    "data/records.csv": "title\nalpha\n",
  }));
  const result = await apispec(["flow", "api-docs/flows/fill-bucket.md", "--dry-run"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 2, result.stdout + result.stderr);
  assertStringIncludes(result.stderr, 'Variable "name"');
  assertEquals(api.requests.length, 0);
});
