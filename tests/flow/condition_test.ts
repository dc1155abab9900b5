/**
 * `When`, `Until` (with `Every` and `Times`) and `Delay` against a loopback
 * API. Waits go through the clock adapter: one test hands `runFlow` a clock
 * that records each wait and returns at once, so polling is checked without
 * timing anything.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import type { Clock } from "../../src/adapters/clock.ts";
import { runFlow } from "../../src/ops/flow/flow.ts";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { FLOW_ENDPOINTS, flowApi } from "./api.ts";
import { flowFile, type FlowJson, outcomes } from "./helpers.ts";

Deno.test("When skips a step (and what uses its captures) without failing the flow", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/f.md": flowFile([
      {
        name: "Admins only",
        endpoint: "apis/users/get-users.md",
        lines: ["When: `role: equals admin`", "Capture: `response.body.items` as `users`"],
      },
      { name: "Each", endpoint: "apis/users/get-user.md", lines: ["For each: `users` as `user`"] },
      { name: "Always", endpoint: "apis/users/get-empty.md" },
    ]),
  }));
  const member = await apispec([
    "flow",
    "api-docs/flows/f.md",
    "--var",
    "role=member",
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(member.code, 0, member.stderr);
  const output = json<FlowJson>(member);
  assertEquals(output.passed, true);
  assertEquals(outcomes(output.steps), ["Admins only: skipped", "Each: skipped", "Always: passed"]);
  assertEquals(output.steps.map((s) => s.passed), [true, true, true]);
  assertEquals(output.steps[0].hint, 'Skipped: when role: expected "admin", got "member"');
  assertStringIncludes(output.steps[1].hint!, 'needs "users" from step "Admins only"');
  assertEquals(server.requests.map((r) => r.path), ["/empty"]);

  const admin = await apispec(["flow", "api-docs/flows/f.md", "--var", "role=admin"], {
    cwd: ws.dir,
  });
  assertEquals(admin.code, 0, admin.stderr);
  assertStringIncludes(admin.stdout, "✓ Each [3]");
});

Deno.test("When inside a loop filters the elements; it reads fields of each element", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/f.md": flowFile([
      {
        name: "List",
        endpoint: "apis/users/get-users.md",
        lines: ["Capture: `response.body.items` as `users`"],
      },
      {
        name: "Admin",
        endpoint: "apis/users/get-user.md",
        lines: [
          "For each: `users` as `user`",
          "When: `user.role: in [admin, owner]`",
          "Capture: `response.body.name` as `admins`",
        ],
      },
    ]),
  }));
  const result = await apispec(["flow", "api-docs/flows/f.md", "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const output = json<FlowJson>(result);
  assertEquals(outcomes(output.steps), [
    "List: passed",
    "Admin [1]: passed",
    "Admin [2]: skipped",
    "Admin [3]: passed",
  ]);
  assertEquals(JSON.parse(output.captures.admins), ["Ada", "Grace"]);
  assertEquals(server.requests.map((r) => r.path), ["/users", "/users/1", "/users/3"]);
});

Deno.test("Until polls until the condition holds; never holding fails with the attempts", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/f.md": flowFile([{
      name: "Wait for job",
      endpoint: "apis/jobs/get-job.md",
      lines: ["Until: `body.status: equals done`", "Every: `10ms`", "Times: `4`"],
    }]),
  }));
  // Job 3 is done on its third poll.
  const done = await apispec([
    "flow",
    "api-docs/flows/f.md",
    "--var",
    "jobId=3",
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(done.code, 0, done.stderr);
  const step = json<FlowJson>(done).steps[0];
  assertEquals([step.passed, step.attempts, step.status], [true, 3, 200]);
  assertEquals(server.requests.map((r) => r.path), ["/jobs/3", "/jobs/3", "/jobs/3"]);

  // Job 9 is not done within four polls.
  const never = await apispec([
    "flow",
    "api-docs/flows/f.md",
    "--var",
    "jobId=9",
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(never.code, 1, never.stderr);
  const failed = json<FlowJson>(never).steps[0];
  assertEquals([failed.passed, failed.error_type, failed.attempts], [
    false,
    "CONTRACT_MISMATCH",
    4,
  ]);
  assertEquals(
    failed.hint,
    'Until `body.status: equals done` never held in 4 attempts (every 10 ms): body.status: expected "done", got "running"',
  );
  assertEquals(server.requests.filter((r) => r.path === "/jobs/9").length, 4);
});

Deno.test("Until and Delay wait through the clock adapter, never busy-waiting", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/f.md": flowFile([
      {
        name: "Wait",
        endpoint: "apis/jobs/get-job.md",
        lines: ["Until: `body.status: equals done`", "Every: `2s`", "Delay: `250ms`"],
      },
      {
        name: "Each",
        endpoint: "apis/users/delete-user.md",
        lines: ["For each: `ids` as `id`", "Delay: `1.5s`"],
      },
    ]),
  }));
  const waits: number[] = [];
  const clock: Clock = {
    now: () => Date.now(),
    monotonic: () => performance.now(),
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
  const result = await runFlow(
    { file: "api-docs/flows/f.md", cli: { jobId: "3", ids: "[1, 2]" } },
    { cwd: ws.dir, env: {}, clock },
  );
  assertEquals(result.passed, true, JSON.stringify(result.steps));
  // The delay, then two waits between three polls; then a delay before each run of the loop.
  assertEquals(waits, [250, 2000, 2000, 1500, 1500]);
  assertEquals(server.requests.map((r) => r.path), [
    "/jobs/3",
    "/jobs/3",
    "/jobs/3",
    "/users/1",
    "/users/2",
  ]);
});
