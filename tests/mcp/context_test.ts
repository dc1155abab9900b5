/** `apispec_context` through the real server: structured content, budget, schema mode. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { demoProject } from "../helpers/demo.ts";
import { startMcp } from "../helpers/mcp.ts";

interface Context {
  text: string;
  target: string | null;
  mode: string;
  intent: string;
  token_budget: number;
  contract?: { endpoints: { file: string; method: string }[] };
}

Deno.test("apispec_context returns text with the SPEC's lines and its metadata", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const context = await mcp.call<Context>("apispec_context", { target: "users/post-create-user" });
  assertEquals(
    { ...context, text: undefined },
    {
      text: undefined,
      target: "users/post-create-user",
      mode: "surgical",
      intent: "implement",
      token_budget: 600,
    },
  );
  const lines = context.text.split("\n");
  assertEquals(lines.slice(0, 2), [
    "## implement: POST /users",
    "file: api-docs/apis/users/post-create-user.md",
  ]);
  assertStringIncludes(
    context.text,
    "request: body.name:string, body.email:string, body.role:string",
  );
  assertStringIncludes(context.text, "response: 201 headers.location:string, body.id:number");
  assertStringIncludes(context.text, "errors: 401 unauthorized, 422 validation_failed");
  assertStringIncludes(context.text, "vars: baseUrl, newUserName, authToken");
  assertStringIncludes(
    context.text,
    "verify: apispec exec api-docs/apis/users/post-create-user.md --env=dev",
  );
  assert(Math.ceil(context.text.length / 4) <= 600);
});

Deno.test("apispec_context uses the session env in commands and keeps a tiny budget", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  await mcp.call("apispec_session", { action: "set", env: "staging" });
  const context = await mcp.call<Context>("apispec_context", {
    target: "get-order",
    token_budget: 40,
  });
  assert(Math.ceil(context.text.length / 4) <= 40, context.text);
  const full = await mcp.call<Context>("apispec_context", {
    target: "get-order",
    include: "verify",
  });
  assertStringIncludes(full.text, "--env=staging");
});

Deno.test("apispec_context schema mode returns parseable JSON, also as contract", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const context = await mcp.call<Context>("apispec_context", {
    target: "flow user-onboarding",
    mode: "schema",
    intent: "test",
  });
  assertEquals(JSON.parse(context.text), context.contract);
  assertEquals(context.contract!.endpoints.map((e) => e.method), ["POST", "GET", "DELETE"]);
  const unknown = await mcp.raw("apispec_context", { target: "no-such-endpoint" });
  assertEquals(unknown.isError, true);
  assertStringIncludes(unknown.content[0].text, 'No endpoint or flow matches "no-such-endpoint"');
});
