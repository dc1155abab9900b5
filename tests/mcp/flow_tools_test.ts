/**
 * `apispec_flow`, `apispec_diagnose`, `apispec_history` and
 * `apispec_exec_batch` through the real server against the demo API: each
 * returns the same object as its CLI command.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";
import { startMcp } from "../helpers/mcp.ts";
import { endpoint } from "../helpers/workspace.ts";

interface FlowResult {
  passed: boolean;
  captures: Record<string, string>;
  steps: {
    name: string;
    endpoint: string;
    passed: boolean;
    status: number;
    error_type: string | null;
  }[];
}

Deno.test("apispec_flow runs the onboarding flow: captures passed on, steps reported", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({
    cwd: demo.ws.dir,
    env: { APISPEC_AUTH_TOKEN: demo.api.token },
  });
  const result = await mcp.call<FlowResult>("apispec_flow", {
    pipeline_path: "flows/user-onboarding.md",
  });
  assertEquals(result.passed, true, JSON.stringify(result));
  assertEquals(result.steps.map((s) => [s.name, s.passed, s.status, s.error_type]), [
    ["Create user", true, 201, null],
    ["Read user", true, 200, null],
    ["Delete user", true, 204, null],
  ]);
  assertEquals(result.captures.userId, "3");
  const paths = demo.api.requests.map((r) => `${r.method} ${r.path}`);
  assertEquals(paths, ["POST /users", "GET /users/3", "DELETE /users/3"]);
  assertEquals(Object.keys(result).sort(), ["captures", "passed", "steps"]);
});

Deno.test("apispec_flow takes the session environment and returns the parser's error for a broken flow", async () => {
  await using demo = await demoProject({
    "api-docs/flows/broken.md": "---\ntype: pipeline\n---\n# No steps\n",
  });
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const broken = await mcp.raw("apispec_flow", { pipeline_path: "flows/broken.md" });
  assertEquals(broken.isError, true);
  assertStringIncludes(broken.content[0].text, 'Missing section "## Steps"');
  assertEquals(demo.api.requests.length, 0);
});

Deno.test("apispec_diagnose explains a failure with cause, next action and verify commands", async () => {
  await using demo = await demoProject({
    "api-docs/apis/users/get-missing-user.md": endpoint({
      path: "/users/999",
      expected: "HTTP/1.1 200 OK",
    }),
  });
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const diagnosis = await mcp.call<Record<string, unknown>>("apispec_diagnose", {
    spec_path: "apis/users/get-missing-user.md",
  });
  assertEquals([diagnosis.passed, diagnosis.status, diagnosis.error_type], [
    false,
    404,
    "CONTRACT_MISMATCH",
  ]);
  for (const key of ["summary", "likely_cause", "next_action"]) {
    assert((diagnosis[key] as string).length > 10, key);
  }
  assert((diagnosis.verify as string[]).some((command) => command.startsWith("apispec ")));
  assert(Array.isArray(diagnosis.inspect));
  const cli = json(
    await apispec(["diagnose", "api-docs/apis/users/get-missing-user.md", "--output=json"], {
      cwd: demo.ws.dir,
    }),
  );
  assertEquals(Object.keys(diagnosis).sort(), Object.keys(cli).sort());
  assertEquals(diagnosis.likely_cause, cli.likely_cause);
});

Deno.test("apispec_history reads what exec appended, with a trend", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  for (let i = 0; i < 3; i++) {
    await mcp.call("apispec_exec", { spec_path: "apis/health/get-health.md" });
  }
  const history = await mcp.call<
    {
      spec: string;
      trend: string;
      entries: { passed: boolean; status: number; timestamp: string }[];
    }
  >(
    "apispec_history",
    { spec_path: "apis/health/get-health.md", last: 2 },
  );
  assertEquals(history.trend, "stable");
  assertEquals(history.entries.length, 2);
  assertEquals(history.entries.map((e) => [e.passed, e.status]), [[true, 200], [true, 200]]);
  assert(!Number.isNaN(Date.parse(history.entries[0].timestamp)));
});

Deno.test("apispec_exec_batch runs several specs and summarises them", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({
    cwd: demo.ws.dir,
    env: { APISPEC_AUTH_TOKEN: demo.api.token },
  });
  const specs = [
    "apis/health/get-health.md",
    "apis/users/get-user-by-id.md",
    "apis/orders/get-order.md",
    "apis/users/delete-user.md",
  ];
  const batch = await mcp.call<
    {
      summary: Record<string, number>;
      results: { spec: string; passed: boolean; error_type?: string }[];
    }
  >(
    "apispec_exec_batch",
    { specs, vars: { userId: "2" } },
  );
  assertEquals([batch.summary.total, batch.summary.passed, batch.summary.failed], [4, 4, 0]);
  assertEquals(batch.results.map((r) => r.passed), [true, true, true, true]);
  assertEquals(demo.api.requests.filter((r) => r.method === "DELETE").map((r) => r.path), [
    "/users/2",
  ]);
});
