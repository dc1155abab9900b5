/** `apispec context` and `apispec agent pack` through the real CLI. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";
import { endpoint } from "../helpers/workspace.ts";
import { git } from "../helpers/git.ts";

Deno.test("context prints markdown for a target; the CLI default is 8 fields per section", async () => {
  await using demo = await demoProject();
  const result = await apispec(["context", "get-order", "--env", "staging"], { cwd: demo.ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const lines = result.stdout.trimEnd().split("\n");
  assertEquals(lines[0], "## implement: GET /orders/:orderId");
  assertEquals(lines[1], "file: api-docs/apis/orders/get-order.md");
  // Eight of the nine response fields, then a count of the rest.
  assertStringIncludes(result.stdout, "body.lines[].sku:string, (+1 more)");
  assertStringIncludes(
    result.stdout,
    "verify: apispec exec api-docs/apis/orders/get-order.md --env=staging",
  );
});

Deno.test("context --output json wraps the text with env, root, target and budget", async () => {
  await using demo = await demoProject();
  const result = await apispec(
    [
      "context",
      "users/get-user-by-id",
      "flow",
      "user-onboarding",
      "--output",
      "json",
      "--token-budget",
      "300",
    ],
    { cwd: demo.ws.dir },
  );
  assertEquals(result.code, 0, result.stderr);
  const out = json<Record<string, unknown>>(result);
  assertEquals(Object.keys(out).sort(), [
    "env",
    "intent",
    "mode",
    "root",
    "target",
    "text",
    "token_budget",
    "tokens",
  ]);
  assertEquals([out.env, out.root, out.target, out.token_budget], [
    "dev",
    "api-docs",
    "users/get-user-by-id, flow user-onboarding",
    300,
  ]);
  assert(
    (out.tokens as number) <= 300 && Math.ceil((out.text as string).length / 4) === out.tokens,
  );
  assertStringIncludes(out.text as string, "## implement: flow user-onboarding");
});

Deno.test("context --mode schema prints JSON that parses, and --include picks the parts", async () => {
  await using demo = await demoProject();
  const result = await apispec(
    ["context", "POST /users", "--mode", "schema", "--include", "request,verify"],
    { cwd: demo.ws.dir },
  );
  assertEquals(result.code, 0, result.stderr);
  const doc = JSON.parse(result.stdout);
  assertEquals(Object.keys(doc.endpoints[0]), ["file", "method", "path", "request", "verify"]);
  assertEquals(doc.endpoints[0].verify, [
    "apispec exec api-docs/apis/users/post-create-user.md --env=dev",
  ]);
});

Deno.test("context --changed-from lists only specs changed since the ref, new files included", async () => {
  await using demo = await demoProject();
  const dir = demo.ws.dir;
  await git(dir, "init", "-q");
  await git(dir, "add", ".");
  await git(dir, "commit", "-qm", "base");
  await git(dir, "tag", "base");
  const order = await demo.ws.read("api-docs/apis/orders/get-order.md");
  await demo.ws.write(
    "api-docs/apis/orders/get-order.md",
    order.replace("# Get order", "# Get one order"),
  );
  await demo.ws.write("api-docs/apis/users/get-me.md", endpoint({ path: "/me", title: "Me" }));
  const result = await apispec(["context", "--changed-from", "base", "--intent", "review"], {
    cwd: dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const headings = result.stdout.split("\n").filter((l) => l.startsWith("#"));
  assertEquals(headings, [
    "# review context · env dev · 2 specs changed since base",
    "## review: GET /orders/:orderId",
    "## review: GET /me",
  ]);
  assertStringIncludes(result.stdout, "verify: apispec check api-docs --changed-from base");
  const bad = await apispec(["context", "--changed-from", "no-such-ref"], { cwd: dir });
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, 'Cannot list the files changed since "no-such-ref"');
});

Deno.test("context without a target gives a collection overview; an unknown target exits 2", async () => {
  await using demo = await demoProject();
  const overview = await apispec(["context"], { cwd: demo.ws.dir });
  assertEquals(overview.code, 0, overview.stderr);
  assertStringIncludes(overview.stdout, "collection demo-shop (7 endpoints, 2 flows)");
  assertStringIncludes(
    overview.stdout,
    "GET /users/:userId · Get user by id · api-docs/apis/users/get-user-by-id.md",
  );
  const unknown = await apispec(["context", "get-usr"], { cwd: demo.ws.dir });
  assertEquals(unknown.code, 2);
  assertStringIncludes(unknown.stderr, 'No endpoint or flow matches "get-usr"');
  const badPart = await apispec(["context", "--include", "bodies"], { cwd: demo.ws.dir });
  assertEquals(badPart.code, 2);
  assertStringIncludes(badPart.stderr, 'Unknown context part "bodies"');
  const noBudget = await apispec(["context", "get-order", "--token-budget", "0"], {
    cwd: demo.ws.dir,
  });
  assertEquals(noBudget.code, 2);
});

Deno.test("agent pack writes .apispec/agent-context.md within 1600 tokens", async () => {
  await using demo = await demoProject();
  const result = await apispec(["agent", "pack", "flow", "user-onboarding"], { cwd: demo.ws.dir });
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stdout, "Wrote .apispec/agent-context.md");
  const pack = await demo.ws.read(".apispec/agent-context.md");
  for (const heading of ["## Scope", "## Guardrails", "## Verify", "## Context"]) {
    assertStringIncludes(pack, `\n${heading}\n`);
  }
  assertStringIncludes(pack, "### implement: flow user-onboarding");
  assertStringIncludes(pack, "- `apispec validate api-docs`");
  assert(Math.ceil(pack.length / 4) <= 1600);
  const entries = [...Deno.readDirSync(demo.ws.path(".apispec"))].map((e) => e.name);
  assertEquals(entries, ["agent-context.md"]);
});

Deno.test("agent pack --out and a small budget: the whole file fits", async () => {
  await using demo = await demoProject();
  const result = await apispec(
    ["agent", "pack", "--out", "ctx/pack.md", "--token-budget", "300", "--mode", "compact"],
    { cwd: demo.ws.dir },
  );
  assertEquals(result.code, 0, result.stderr);
  const pack = await demo.ws.read("ctx/pack.md");
  assert(Math.ceil(pack.length / 4) <= 300, `${Math.ceil(pack.length / 4)} tokens`);
  assertStringIncludes(pack, "over the token budget)");
  assertEquals(await demo.ws.exists(".apispec/agent-context.md"), false);
});
