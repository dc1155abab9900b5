/**
 * The Coverage view's routes against the real preview server, the demo
 * collection and the demo API: coverage with the OpenAPI document
 * `project.md` names, another one the user names, none, or one that cannot be
 * read; runs changing it; and "Draft spec" writing one endpoint file for an
 * uncovered operation through the write guards, never twice, never over a
 * documented operation, never with the credential of the document's example.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { startDemoApi } from "../../src/demo/api.ts";
import { writeDemoCollection } from "../../src/demo/collection.ts";
import { apispec } from "../helpers/cli.ts";
import { nameProjectOpenApi } from "../helpers/openapi_project.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { workspace } from "../helpers/workspace.ts";

const HEALTH = "apis/health/get-health.md";
const INVOICE = { method: "GET", path: "/invoices/{invoiceId}" };

interface CoverageView {
  report: {
    endpoints: { spec: string; last_run: { passed: boolean } | null; stale: boolean }[];
    operations?: { total: number; covered: number; uncovered: { method: string; path: string }[] };
    summary: { endpoints: number; run: number; passing: number; coverage_pct: number };
  };
  openapi: { path: string | null; source: string; error?: { message: string } } | null;
  uncovered: { method: string; path: string; files: string[] }[];
}

async function demo() {
  const api = startDemoApi();
  const ws = await workspace();
  await writeDemoCollection(ws.dir, api.url);
  await nameProjectOpenApi(ws.dir);
  const preview = await startTestPreview(ws.dir, { env: { APISPEC_AUTH_TOKEN: api.token } });
  const coverage = async (query = "") => {
    const { status, body } = await preview.send("GET", `/api/coverage${query}`);
    assertEquals(status, 200, JSON.stringify(body));
    return body as unknown as CoverageView;
  };
  return {
    api,
    ws,
    preview,
    coverage,
    async [Symbol.asyncDispose]() {
      await preview[Symbol.asyncDispose]();
      await api.close();
      await ws[Symbol.asyncDispose]();
    },
  };
}

Deno.test("GET /api/coverage counts the operations of the document project.md names", async () => {
  await using t = await demo();
  const before = await t.coverage();
  assertEquals(before.openapi, { path: "openapi.json", source: "project" });
  assertEquals(before.report.summary.endpoints, 7);
  assertEquals(before.report.endpoints.map((e) => e.spec).includes(HEALTH), true);
  assertEquals(before.report.operations?.covered, 0);
  const total = before.report.operations!.total;
  assertEquals(before.uncovered.length, total);
  const files = (path: string) => before.uncovered.find((o) => o.path === path)?.files;
  assertEquals(files("/health"), [HEALTH], "a documented operation names its file");
  assertEquals(files("/invoices/{invoiceId}"), []);
  assertEquals(files("/refunds"), []);

  assertEquals((await t.preview.send("POST", "/api/run", { path: HEALTH })).status, 200);
  const after = await t.coverage();
  assertEquals(after.report.operations?.covered, 1);
  assertEquals(after.report.summary.run, 1);
  assert(!after.uncovered.some((o) => o.path === "/health"));
  assertEquals(after.report.summary.coverage_pct, Math.round(1000 / total) / 10);

  // The same report as `apispec coverage`, which reads project.md's document too.
  const cli = await apispec(["coverage", "--output", "json"], { cwd: t.ws.dir });
  assertEquals(cli.code, 0, cli.stderr);
  const printed = JSON.parse(cli.stdout);
  assertEquals(printed.operations, after.report.operations);
  assertEquals(printed.summary, after.report.summary);
});

Deno.test("GET /api/coverage takes another document from the workspace, or none", async () => {
  await using t = await demo();
  await t.ws.write("specs/other.json", await t.ws.read("openapi.json"));
  const other = await t.coverage("?openapi=specs/other.json");
  assertEquals(other.openapi, { path: "specs/other.json", source: "given" });
  assert(other.report.operations!.total > 0);
  const none = await t.coverage("?openapi=");
  assertEquals([none.openapi, none.report.operations, none.uncovered], [null, undefined, []]);

  const missing = await t.coverage("?openapi=nope.yaml");
  assertEquals(missing.openapi?.path, "nope.yaml");
  assertStringIncludes(missing.openapi!.error!.message, "does not exist");
  assertEquals(missing.report.summary.endpoints, 7, "the endpoints are still shown");

  for (const outside of ["../openapi.json", "/etc/passwd", "%2e%2e/x.json"]) {
    const { status } = await t.preview.send("GET", `/api/coverage?openapi=${outside}`);
    assertEquals(status, 403, outside);
  }
  const url = await t.preview.send("GET", "/api/coverage?openapi=http://127.0.0.1:9/o.json");
  assertEquals(url.status, 400);
});

Deno.test("POST /api/coverage/draft writes one endpoint file for an uncovered operation", async () => {
  await using t = await demo();
  // The write guards first: no cookie, a foreign origin.
  const bare = await fetch(`${t.preview.url}/api/coverage/draft`, {
    method: "POST",
    body: JSON.stringify(INVOICE),
  });
  assertEquals([bare.status, (await bare.json()).error.code], [403, "WRITE_TOKEN_REQUIRED"]);
  const foreign = await t.preview.call("/api/coverage/draft", {
    method: "POST",
    headers: { origin: "http://evil.example" },
    body: JSON.stringify(INVOICE),
  });
  assertEquals([foreign.status, (await foreign.json()).error.code], [403, "FORBIDDEN_ORIGIN"]);

  const drafted = await t.preview.send("POST", "/api/coverage/draft", INVOICE);
  assertEquals(drafted.status, 200, JSON.stringify(drafted.body));
  const file = drafted.body.file as string;
  assertEquals(file, "apis/invoices/get-invoice.md");
  const text = await t.ws.read(`api-docs/${file}`);
  assertStringIncludes(text, "GET {{baseUrl}}/invoices/:invoiceId");
  assert(!text.includes("sk_live_51HxQe2Cj9vQpW3rT8yZ4aB6c"), "the example key is not written");
  assertEquals((drafted.body.secrets as unknown[]).length, 1);
  const validate = await apispec(["validate", `api-docs/${file}`], { cwd: t.ws.dir });
  assertEquals(validate.code, 0, validate.stdout + validate.stderr);

  // Now documented: refused, as is an operation with a file from the start.
  const again = await t.preview.send("POST", "/api/coverage/draft", INVOICE);
  assertEquals([again.status, (again.body.error as { code: string }).code], [409, "EXISTS"]);
  assertStringIncludes((again.body.error as { message: string }).message, file);
  const health = await t.preview.send("POST", "/api/coverage/draft", {
    method: "GET",
    path: "/health",
  });
  assertEquals(health.status, 409);
  assertStringIncludes(JSON.stringify(health.body), HEALTH);
  const unknown = await t.preview.send("POST", "/api/coverage/draft", {
    method: "DELETE",
    path: "/refunds",
  });
  assertEquals(unknown.status, 404);
  const view = await t.coverage();
  assertEquals(view.uncovered.find((o) => o.path === INVOICE.path)?.files, [file]);
});

Deno.test("POST /api/coverage/draft without a document, or with one outside, is refused", async () => {
  await using t = await demo();
  const none = await t.preview.send("POST", "/api/coverage/draft", { ...INVOICE, openapi: "" });
  assertEquals(none.status, 400);
  const outside = await t.preview.send("POST", "/api/coverage/draft", {
    ...INVOICE,
    openapi: "../openapi.json",
  });
  assertEquals(outside.status, 403);
  assertEquals(await t.ws.exists("api-docs/apis/invoices"), false);
});
