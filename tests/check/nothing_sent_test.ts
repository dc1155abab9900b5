/**
 * BEYOND §12, issue 31 item 3: a run that will stop with exit 2 sends
 * nothing. `check`, Run all and `apispec_exec_batch` resolve every file
 * first; when one is invalid or has an unresolved variable, the API receives
 * no request at all (a DELETE above all) and every such file is listed.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";
import { startMcp } from "../helpers/mcp.ts";
import { demoPreview } from "../helpers/preview.ts";

interface CheckJson {
  passed: boolean;
  summary: { total: number; passed: number; failed: number; skipped: number };
  endpoints: { file: string; passed: boolean; skipped?: boolean; error_type: string | null }[];
  flows: { file: string; passed: boolean }[];
  issues: { code: string; message: string }[];
}

const DELETE_KEEPME = endpoint({
  method: "DELETE",
  path: "/buckets/keepme",
  resource: "buckets",
  expected: "HTTP/1.1 204 No Content",
});

function bucketsApi() {
  return startTestApi((request) =>
    request.method === "DELETE" ? new Response(null, { status: 204 }) : jsonResponse({ id: "k" })
  );
}

Deno.test("check sends nothing, not even a valid DELETE, when another file has an unresolved variable; it lists every such file", async () => {
  await using api = bucketsApi();
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/buckets/delete-keepme.md": DELETE_KEEPME,
    "apis/accounts/get-account.md": endpoint({
      path: "/accounts/:accountId",
      resource: "accounts",
    }),
    "apis/records/get-record.md": endpoint({
      path: "/buckets/{{bucketId}}/records",
      resource: "records",
    }),
    "apis/users/get-user.md": endpoint({ path: "/users/1" }),
    "flows/records.md": flowFile([
      { name: "Records", endpoint: "apis/records/get-record.md" },
    ]),
    "flows/users.md": flowFile([{ name: "User", endpoint: "apis/users/get-user.md" }]),
  }));
  const result = await apispec(["check", "api-docs", "--report", "json"], { cwd: ws.dir });
  assertEquals(result.code, 2, result.stdout + result.stderr);
  assertEquals(api.requests.length, 0, JSON.stringify(api.requests));
  const report = json<CheckJson>(result);
  const rows = report.endpoints.map((e) => [e.file, e.skipped ?? false, e.error_type]);
  assertEquals(rows, [
    ["api-docs/apis/accounts/get-account.md", false, "VAR_MISSING"],
    ["api-docs/apis/buckets/delete-keepme.md", true, null],
    ["api-docs/apis/records/get-record.md", false, "VAR_MISSING"],
    ["api-docs/apis/users/get-user.md", true, null],
  ]);
  assertEquals(report.flows.map((f) => f.file), [
    "api-docs/flows/records.md",
    "api-docs/flows/users.md",
  ]);
  assertEquals(report.summary, { total: 6, passed: 0, failed: 3, skipped: 3 });
  const messages = report.issues.map((i) => i.message);
  assert(messages.includes("Nothing was sent: 3 of 6 files cannot run"), messages.join("\n"));
  assert(messages.some((m) => m.includes('"accountId"')));
  assert(messages.some((m) => m.includes('"bucketId"') && m.includes('step "Records"')));

  // With the variables given, the same check runs, the DELETE included.
  const given = await apispec(
    ["check", "api-docs", "--var", "accountId=7", "--var", "bucketId=b1"],
    { cwd: ws.dir },
  );
  assertEquals(given.code, 0, given.stdout + given.stderr);
  assert(api.requests.some((r) => r.method === "DELETE" && r.path === "/buckets/keepme"));
});

Deno.test("check sends nothing when one file is invalid, and says which and where", async () => {
  await using api = bucketsApi();
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/buckets/delete-keepme.md": DELETE_KEEPME,
    "apis/buckets/get-broken.md": endpoint({ path: "/buckets", expected: "HTTP/1.1 OK" }),
  }));
  const result = await apispec(["check", "api-docs"], { cwd: ws.dir });
  assertEquals(result.code, 2, result.stdout + result.stderr);
  assertEquals(api.requests.length, 0, JSON.stringify(api.requests));
  assertStringIncludes(result.stderr, "get-broken.md");
  assertStringIncludes(result.stderr, "Cannot parse status line");
  assertStringIncludes(result.stderr, "Nothing was sent: 1 of 2 files cannot run");
});

Deno.test("apispec_exec_batch sends nothing when one spec cannot run, and lists it", async () => {
  await using api = bucketsApi();
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/buckets/delete-keepme.md": DELETE_KEEPME,
    "apis/accounts/get-account.md": endpoint({
      path: "/accounts/:accountId",
      resource: "accounts",
    }),
  }));
  await using mcp = await startMcp({ cwd: ws.dir });
  const specs = ["api-docs/apis/buckets/delete-keepme.md", "api-docs/apis/accounts/get-account.md"];
  const out = await mcp.call<{
    summary: Record<string, unknown>;
    results: { spec: string; passed: boolean; skipped?: boolean; error_type?: string }[];
  }>("apispec_exec_batch", { specs });
  assertEquals(api.requests.length, 0, JSON.stringify(api.requests));
  assertEquals(out.results.map((r) => [r.spec, r.skipped ?? false, r.error_type ?? null]), [
    [specs[0], true, null],
    [specs[1], false, "VAR_MISSING"],
  ]);
  assertStringIncludes(String(out.summary.nothing_sent), "Nothing was sent: 1 of 2 files");
});

Deno.test("Run all sends nothing when one file of the collection cannot run", async () => {
  await using t = await demoPreview();
  await t.ws.write(
    "api-docs/apis/orders/delete-order.md",
    endpoint({
      method: "DELETE",
      path: "/orders/:orderId",
      resource: "orders",
      expected: "HTTP/1.1 204 No Content",
    }),
  );
  const response = await t.preview.call("/api/run-all", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const messages = (await response.text()).trim().split("\n").map((line) => JSON.parse(line));
  const done = messages.at(-1);
  assertEquals(done.type, "done");
  assertEquals(done.exit_code, 2);
  assertEquals(t.api.requests.length, 0);
  const failed = messages.filter((m) =>
    m.type === "result" && !m.result.passed && !m.result.skipped
  );
  assertEquals(failed.map((m) => [m.result.file, m.result.error_type]), [
    ["apis/orders/delete-order.md", "VAR_MISSING"],
  ]);
  assertStringIncludes(JSON.stringify(done.issues), "Nothing was sent");
});
