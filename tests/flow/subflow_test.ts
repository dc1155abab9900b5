/**
 * A flow as a step of another: the real CLI against a loopback API. Captures
 * flow in and out, names nest, a failure inside stops the parent, a cycle is
 * refused before anything is sent.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { FLOW_ENDPOINTS, flowApi } from "./api.ts";
import { flowFile, type FlowJson, outcomes } from "./helpers.ts";

const LOGIN = flowFile([
  {
    name: "Token",
    endpoint: "apis/auth/post-login.md",
    lines: ["Capture: `response.body.token` as `sessionToken`"],
  },
  { name: "Who am I", endpoint: "flows/whoami.md" },
], { title: "Log in" });

const WHOAMI = flowFile([{
  name: "Me",
  endpoint: "apis/auth/get-me.md",
  lines: ["Capture: `response.body.name` as `me`"],
}]);

Deno.test("a sub-flow runs inside its parent: nested names, captures in and out", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/login.md": LOGIN,
    "flows/whoami.md": WHOAMI,
    "flows/main.md": flowFile([
      {
        name: "First user",
        endpoint: "apis/users/get-users.md",
        lines: ["Capture: `response.body.items[0].id` as `userId`"],
      },
      { name: "Log in", endpoint: "flows/login.md" },
      // The parent uses a capture made two levels down.
      { name: "Me again", endpoint: "apis/auth/get-me.md" },
      { name: "Read", endpoint: "apis/users/get-user-by-id.md", lines: ["Inject: `userId`"] },
    ]),
  }));
  const result = await apispec(["flow", "api-docs/flows/main.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const output = json<FlowJson>(result);
  assertEquals(outcomes(output.steps), [
    "First user: passed",
    "Log in › Token: passed",
    "Log in › Who am I › Me: passed",
    "Me again: passed",
    "Read: passed",
  ]);
  assertEquals(output.captures.me, "Ada");
  assertEquals(output.captures.sessionToken, "****");
  assertEquals(server.requests.map((r) => `${r.method} ${r.path}`), [
    "GET /users",
    "POST /login",
    "GET /me",
    "GET /me",
    "GET /users/1",
  ]);
  // The token never reaches the output, though it went out in two requests.
  assertEquals(result.stdout.includes("tok-0123456789"), false);
});

Deno.test("a sub-flow sees the parent's captures, and its failure stops the parent", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/read.md": flowFile([
      { name: "Read", endpoint: "apis/users/get-user-by-id.md" },
      { name: "Read again", endpoint: "apis/users/get-user-by-id.md" },
    ]),
    "flows/main.md": flowFile([
      {
        name: "Missing id",
        endpoint: "apis/users/get-users.md",
        lines: ["Capture: `response.body.items[2].id` as `userId`"],
      },
      { name: "Check", endpoint: "flows/read.md" },
      { name: "After", endpoint: "apis/users/get-users.md" },
    ]),
  }));
  const ok = await apispec(["flow", "api-docs/flows/main.md", "--output=json"], { cwd: ws.dir });
  assertEquals(ok.code, 0, ok.stderr);
  assertEquals(server.requests.map((r) => r.path), ["/users", "/users/3", "/users/3", "/users"]);

  // A user id the API does not know: the first sub-flow step fails, the rest is skipped.
  await ws.write(
    "api-docs/flows/main.md",
    flowFile([
      { name: "Check", endpoint: "flows/read.md" },
      { name: "After", endpoint: "apis/users/get-users.md" },
    ]),
  );
  const stopped = await apispec([
    "flow",
    "api-docs/flows/main.md",
    "--var",
    "userId=99",
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(stopped.code, 1, stopped.stderr);
  assertEquals(outcomes(json<FlowJson>(stopped).steps), [
    "Check › Read: failed CONTRACT_MISMATCH",
    "Check › Read again: skipped",
    "After: skipped",
  ]);
  assertStringIncludes(
    json<FlowJson>(stopped).steps[2].hint!,
    'step "Check › Read" failed and continue-on-error is off',
  );
});

Deno.test("a flow that includes itself is refused by validate and flow, naming the cycle (exit 2)", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/a.md": flowFile([
      { name: "List", endpoint: "apis/users/get-users.md" },
      { name: "B", endpoint: "flows/b.md" },
    ]),
    "flows/b.md": flowFile([{ name: "Back to A", endpoint: "./a.md" }]),
  }));
  for (const command of ["validate", "flow"]) {
    const result = await apispec([command, "api-docs/flows/a.md"], { cwd: ws.dir });
    assertEquals(result.code, 2, `${command}: ${result.stderr}`);
    assertStringIncludes(
      result.stderr,
      "Flow includes itself: api-docs/flows/a.md → api-docs/flows/b.md → api-docs/flows/a.md",
    );
    assertStringIncludes(result.stderr, "--> api-docs/flows/b.md:12");
    assertStringIncludes(result.stderr, "= fix: Remove the step");
  }
  assertEquals(server.requests.length, 0);
});

Deno.test("flow --dry-run shows sub-flows expanded and sends nothing", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/login.md": LOGIN,
    "flows/whoami.md": WHOAMI,
    "flows/main.md": flowFile([{ name: "Log in", endpoint: "flows/login.md" }]),
  }));
  const result = await apispec(["flow", "api-docs/flows/main.md", "--dry-run"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stdout, "○ Log in › Token  POST " + server.url + "/login");
  assertStringIncludes(result.stdout, "○ Log in › Who am I › Me  GET " + server.url + "/me");
  assertStringIncludes(result.stdout, "Authorization: Bearer ****");
  assertStringIncludes(
    result.stdout,
    "○ Dry run: 2 requests planned and resolved; nothing was sent",
  );
  assertEquals(result.stdout.includes("passed"), false);
  assertEquals(server.requests.length, 0);
});
