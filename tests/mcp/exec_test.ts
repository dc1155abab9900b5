/** `apispec_exec` and `apispec_vars` through the real server against the demo API. */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { demoProject } from "../helpers/demo.ts";
import { startMcp } from "../helpers/mcp.ts";
import { endpoint } from "../helpers/workspace.ts";

interface Record {
  passed: boolean;
  status: number;
  error_type: string | null;
  hint: string;
  hints: string[];
  diff: { status: string | null };
  request?: { headers: [string, string][] };
  response?: unknown;
  inferred_expected?: string;
}

Deno.test("apispec_exec runs a demo endpoint and returns the CLI's record as structured content", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const result = await mcp.raw("apispec_exec", { spec_path: "apis/users/get-user-by-id.md" });
  assertEquals(result.isError, undefined);
  const record = result.structuredContent as unknown as Record;
  assertEquals([record.passed, record.status, record.error_type], [true, 200, null]);
  assertEquals(JSON.parse(result.content[0].text), result.structuredContent);
  assertEquals(Object.keys(record).sort(), [
    "assertion_results",
    "diff",
    "duration_ms",
    "error_type",
    "hint",
    "hints",
    "passed",
    "status",
  ]);
  assertEquals(demo.api.requests.at(-1)?.path, "/users/1");
});

Deno.test("apispec_exec reports a status mismatch as CONTRACT_MISMATCH with hints and diff", async () => {
  await using demo = await demoProject({
    "api-docs/apis/users/get-missing-user.md": endpoint({
      path: "/users/999",
      expected: "HTTP/1.1 200 OK",
    }),
  });
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const record = await mcp.call<Record>("apispec_exec", {
    spec_path: "api-docs/apis/users/get-missing-user.md",
  });
  assertEquals([record.passed, record.status, record.error_type], [
    false,
    404,
    "CONTRACT_MISMATCH",
  ]);
  assertEquals(record.diff.status, "expected 200, got 404");
  assertMatch(record.hint, /404/);
  assert(record.hints.length > 0);
});

Deno.test("apispec_exec dry_run resolves the request and sends nothing", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const record = await mcp.call<Record & { request: { url: string } }>("apispec_exec", {
    spec_path: "apis/users/get-user-by-id.md",
    dry_run: true,
    vars: { userId: 2 },
  });
  assertEquals(record.passed, true);
  assertEquals(record.request.url, `${demo.api.url}/users/2`);
  assertEquals(demo.api.requests.length, 0);
});

Deno.test("apispec_exec verbose masks the bearer token; infer_expected writes an expected block", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({
    cwd: demo.ws.dir,
    env: { APISPEC_AUTH_TOKEN: demo.api.token },
  });
  const result = await mcp.raw("apispec_exec", {
    spec_path: "apis/users/post-create-user.md",
    verbose: true,
    infer_expected: true,
  });
  const record = result.structuredContent as unknown as Record;
  assertEquals(record.passed, true, record.hint);
  assert(!JSON.stringify(result).includes(demo.api.token), "token leaked");
  assertEquals(record.request?.headers.find(([n]) => n === "Authorization")?.[1], "Bearer ****");
  assert(record.response, "verbose includes the response");
  assertMatch(
    record.inferred_expected!,
    /^```http\nHTTP\/1\.1 201 Created\nContent-Type: application\/json/,
  );
  assertStringIncludes(record.inferred_expected!, '"name": "Grace Hopper"');
  assertStringIncludes(record.inferred_expected!, "Location: /users/3");
});

Deno.test("apispec_exec returns VAR_MISSING before any request, naming the variable", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const record = await mcp.call<Record>("apispec_exec", { spec_path: "apis/users/delete-user.md" });
  assertEquals(record.error_type, "VAR_MISSING");
  assertStringIncludes(record.hint, '"userId"');
  assertEquals(demo.api.requests.length, 0);
});

Deno.test("apispec_exec returns SPEC_PARSE_ERROR for an invalid spec; bad arguments are refused", async () => {
  await using demo = await demoProject({
    "api-docs/apis/users/broken.md": "---\nresource: users\nprotocol: http\nmethod: GET\n---\n",
  });
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const record = await mcp.call<Record>("apispec_exec", { spec_path: "apis/users/broken.md" });
  assertEquals(record.error_type, "SPEC_PARSE_ERROR");
  assertStringIncludes(record.hint, '"path"');
  // The SDK answers arguments that break the input schema with an error the agent reads.
  const bad = await mcp.raw("apispec_exec", { spec_path: 42 });
  assertEquals(bad.isError, true);
  assertStringIncludes(bad.content[0].text, "Input validation error");
});

Deno.test("apispec_vars reports each variable, its source, and readiness", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const report = await mcp.call<{
    spec: string;
    env: string;
    ready: boolean;
    variables: { name: string; kind: string; resolved: boolean; source?: string; hint?: string }[];
  }>("apispec_vars", { spec_path: "apis/users/delete-user.md" });
  assertEquals([report.spec, report.env, report.ready], [
    "api-docs/apis/users/delete-user.md",
    "dev",
    false,
  ]);
  const byName = Object.fromEntries(report.variables.map((v) => [v.name, v]));
  assertEquals(byName.baseUrl.source, "api-docs/_shared/env.template.md [dev]");
  assertEquals([byName.userId.kind, byName.userId.resolved], ["path_param", false]);
  assertStringIncludes(byName.authToken.hint!, "APISPEC_AUTH_TOKEN");
  assertEquals(demo.api.requests.length, 0);
  const invalid = await mcp.raw("apispec_vars", { spec_path: "apis/users/nope.md" });
  assertEquals(invalid.isError, true);
  assertStringIncludes(invalid.content[0].text, "does not exist");
});
