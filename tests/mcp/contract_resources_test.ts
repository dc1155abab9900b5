/** Drift and coverage for agents: `apispec://coverage` and `apispec://drift/<openapi>` over stdio. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";
import { listAllTools, startMcp } from "../helpers/mcp.ts";
import { workspace } from "../helpers/workspace.ts";
import { shopCollection, shopOpenApi } from "../contract/_shop.ts";
import { EXTRA_OPERATIONS, nameProjectOpenApi } from "../helpers/openapi_project.ts";

Deno.test("apispec://coverage is listed and reads the coverage object, runs included", async () => {
  await using demo = await demoProject();
  const cwd = demo.ws.dir;
  assertEquals((await apispec(["exec", "api-docs/apis/health/get-health.md"], { cwd })).code, 0);
  await using mcp = await startMcp({ cwd });
  const { resources } = await mcp.client.listResources();
  const coverage = resources.find((r: { uri: string }) => r.uri === "apispec://coverage");
  assertEquals(coverage?.mimeType, "application/json");
  const read = await mcp.client.readResource({ uri: "apispec://coverage" });
  const report = JSON.parse(read.contents[0].text as string);
  assertEquals(report.summary, { endpoints: 7, run: 1, passing: 1, stale: 0, coverage_pct: 14.3 });
  const health = report.endpoints.find((e: { spec: string }) => e.spec.endsWith("get-health.md"));
  assertEquals(health.last_run.passed, true);
  // The same object as the CLI's JSON.
  const cli = JSON.parse((await apispec(["coverage", "--output=json"], { cwd })).stdout);
  assertEquals(report, cli);
});

Deno.test("apispec://coverage counts the operations of the document project.md names", async () => {
  await using demo = await demoProject();
  const doc = await nameProjectOpenApi(demo.ws.dir);
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const read = await mcp.client.readResource({ uri: "apispec://coverage" });
  const report = JSON.parse(read.contents[0].text as string);
  const total = Object.values(doc.paths as Record<string, object>)
    .reduce((n, item) => n + Object.keys(item).length, 0);
  assertEquals(report.operations.total, total);
  const extra = Object.keys(EXTRA_OPERATIONS);
  assert(
    extra.every((path) =>
      report.operations.uncovered.some((o: { path: string }) => o.path === path)
    ),
  );
  const cli = JSON.parse(
    (await apispec(["coverage", "--output=json"], { cwd: demo.ws.dir })).stdout,
  );
  assertEquals(report, cli);
});

Deno.test("apispec://drift/<openapi> returns drift's JSON report; paths outside the project are refused", async () => {
  await using ws = await workspace({ ...shopCollection(), "spec/openapi.yaml": shopOpenApi() });
  await using mcp = await startMcp({ cwd: ws.dir });
  const templates = (await mcp.client.listResourceTemplates()).resourceTemplates.map(
    (t: { uriTemplate: string }) => t.uriTemplate,
  );
  assert(templates.includes("apispec://drift/{+openapi}"), templates.join(", "));
  assert(templates.includes("apispec://coverage/{+openapi}"), templates.join(", "));
  const read = await mcp.client.readResource({ uri: "apispec://drift/spec/openapi.yaml" });
  const report = JSON.parse(read.contents[0].text as string);
  assertEquals(report.summary, { operations: 4, specs: 6, matched: 3, findings: 7 });
  const cli = JSON.parse(
    (await apispec(["drift", "spec/openapi.yaml", "--report", "json"], { cwd: ws.dir })).stdout,
  );
  assertEquals(report, cli);
  const withDoc = await mcp.client.readResource({ uri: "apispec://coverage/spec/openapi.yaml" });
  assertEquals(JSON.parse(withDoc.contents[0].text as string).operations.total, 4);
  const outside = await mcp.client.readResource({
    uri: "apispec://drift/spec%2F..%2F..%2Foutside.yaml",
  })
    .then(() => "read", (error: Error) => error.message);
  assertStringIncludes(outside, "outside the project");
  const missing = await mcp.client.readResource({ uri: "apispec://drift/nope.yaml" })
    .then(() => "read", (error: Error) => error.message);
  assertStringIncludes(missing, "nope.yaml does not exist");
});

Deno.test("tools/list is unchanged by the contract resources and stays within 3,000 tokens", async () => {
  const { tools, json } = await listAllTools();
  assertEquals(tools.length, 11);
  assert(Math.ceil(json.length / 4) <= 3000);
});
