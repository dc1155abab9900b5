/**
 * The preview API against the real server and the demo API: read, validate
 * and save specs and flows, Send (real and --mock), ad-hoc requests saved as
 * specs, and the live-reload stream.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import type { ExecRecord } from "../../src/engine/model.ts";
import { parseEndpoint } from "../../src/engine/parse/spec.ts";
import { parseFlow } from "../../src/engine/parse/flow.ts";
import { demoPreview } from "../helpers/preview.ts";

const USER = "apis/users/get-user-by-id.md";

Deno.test("GET /api/spec gives the markdown, the parsed spec and its issues", async () => {
  await using t = await demoPreview();
  const { status, body } = await t.preview.send("GET", `/api/spec?path=${USER}`);
  assertEquals(status, 200);
  assertEquals(body.file, USER);
  assertEquals(body.text, await t.ws.read(`api-docs/${USER}`));
  assertEquals((body.spec as { method: string }).method, "GET");
  assertEquals(body.issues, []);
  const missing = await t.preview.send("GET", "/api/spec?path=apis/users/nope.md");
  assertEquals(missing.status, 404);
});

Deno.test("PUT /api/spec validates first: an invalid file is refused (422) and the disk is unchanged", async () => {
  await using t = await demoPreview();
  const before = await t.ws.read(`api-docs/${USER}`);
  const broken = before.replace("method: GET", "method: FETCH");
  const refused = await t.preview.send("PUT", "/api/spec", { path: USER, text: broken });
  assertEquals(refused.status, 422);
  const issues = refused.body.issues as { message: string; line: number; fix: string }[];
  assertStringIncludes(issues[0].message, "method");
  assertEquals(issues[0].line, 4);
  assert(issues[0].fix);
  assertEquals(await t.ws.read(`api-docs/${USER}`), before);

  const edited = before.replace("# Get user by id", "# Get one user");
  const saved = await t.preview.send("PUT", "/api/spec", { path: USER, text: edited });
  assertEquals(saved.status, 200);
  assertEquals(saved.body.created, false);
  assertEquals(await t.ws.read(`api-docs/${USER}`), edited);
  const index = await t.preview.send("GET", "/api/index");
  assert((index.body.endpoints as { title: string }[]).some((e) => e.title === "Get one user"));

  const clash = await t.preview.send("PUT", "/api/spec", {
    path: USER,
    text: edited,
    create: true,
  });
  assertEquals(clash.status, 409);
  const secret = await t.preview.send("PUT", "/api/spec", {
    path: "apis/users/leak.md",
    text: edited.replace(
      "Accept: application/json",
      "Authorization: Bearer sk-live-9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    ),
  });
  assertEquals(secret.status, 422);
  assertEquals((secret.body.issues as { code: string }[])[0].code, "SECRET_DETECTED");
  assertEquals(await t.ws.exists("api-docs/apis/users/leak.md"), false);
  const flowAsSpec = await t.preview.send("PUT", "/api/spec", {
    path: "flows/user-onboarding.md",
    text: edited,
  });
  assertEquals(flowAsSpec.status, 400);
});

Deno.test("POST /api/validate reports issues of unsaved text and writes nothing", async () => {
  await using t = await demoPreview();
  const { status, body } = await t.preview.send("POST", "/api/validate", {
    path: "apis/users/draft.md",
    text: "---\nresource: users\n---\n",
  });
  assertEquals(status, 200);
  assert((body.issues as unknown[]).length > 0);
  assertEquals(await t.ws.exists("api-docs/apis/users/draft.md"), false);
});

Deno.test("POST /api/run sends through execSpec: a passing and a failing diff, masked, verbose", async () => {
  await using t = await demoPreview();
  const pass = await t.preview.send("POST", "/api/run", { path: USER, env: "dev" });
  assertEquals(pass.status, 200);
  const record = pass.body.record as ExecRecord;
  assertEquals(record.passed, true);
  assertEquals(record.status, 200);
  assertEquals(record.request!.url, `${t.api.url}/users/1`);
  assertEquals(JSON.parse(record.response!.body).id, 1);
  assertEquals(pass.body.exit_code, 0);

  const fail = await t.preview.send("POST", "/api/run", { path: USER, vars: { userId: "999" } });
  const failed = fail.body.record as ExecRecord;
  assertEquals(failed.passed, false);
  assertEquals(failed.error_type, "CONTRACT_MISMATCH");
  assertEquals(failed.diff.status, "expected 200, got 404");
  assertEquals(fail.body.exit_code, 1);

  const create = await t.preview.send("POST", "/api/run", {
    path: "apis/users/post-create-user.md",
  });
  const created = create.body.record as ExecRecord;
  assertEquals(created.passed, true);
  const auth = created.request!.headers.find(([n]) => n === "Authorization");
  assertEquals(auth?.[1], "Bearer ****");
  assert(!JSON.stringify(create.body).includes(t.api.token), "token leaked");

  const unknownEnv = await t.preview.send("POST", "/api/run", { path: USER, env: "nowhere" });
  assertEquals(unknownEnv.body.exit_code, 2);
  assertStringIncludes((unknownEnv.body.issues as { message: string }[])[0].message, "nowhere");
});

Deno.test("serve --mock: Send answers with the expected response and sends nothing", async () => {
  await using t = await demoPreview({ mock: true });
  const { body } = await t.preview.send("POST", "/api/run", { path: USER });
  const record = body.record as ExecRecord;
  assertEquals(body.mock, true);
  assertEquals(record.passed, true);
  assertEquals(record.status, 200);
  assertEquals(JSON.parse(record.response!.body).name, "Ada Lovelace");
  assertEquals(t.api.requests.length, 0);
  const current = await t.preview.send("GET", "/api/workspace/current");
  assertEquals(current.body.mock, true);
});

Deno.test("GET /api/vars and /api/environments show what Send will resolve, secrets masked", async () => {
  await using t = await demoPreview();
  const vars = await t.preview.send("GET", `/api/vars?path=apis/users/delete-user.md&env=dev`);
  assertEquals(vars.body.ready, false);
  const names = (vars.body.variables as { name: string; resolved: boolean }[]).map((
    v,
  ) => [v.name, v.resolved]);
  assertEquals(names, [["baseUrl", true], ["userId", false], ["authToken", true]]);
  const envs = await t.preview.send("GET", "/api/environments");
  const dev =
    (envs.body.environments as { name: string; variables: Record<string, { value: string }> }[])[0];
  assertEquals(dev.name, "dev");
  assertEquals(dev.variables.baseUrl.value, t.api.url);
});

Deno.test("POST /api/request sends ad hoc and saves a valid spec inside the workspace", async () => {
  await using t = await demoPreview();
  const { status, body } = await t.preview.send("POST", "/api/request", {
    method: "GET",
    url: "{{baseUrl}}/orders/7",
    headers: [["Accept", "application/json"]],
    save: "apis/orders/get-order-7.md",
  });
  assertEquals(status, 200);
  assertEquals((body.response as { status: number }).status, 200);
  assertEquals(body.saved, "apis/orders/get-order-7.md");
  const text = await t.ws.read("api-docs/apis/orders/get-order-7.md");
  assertEquals(parseEndpoint(text, "x.md").issues.filter((i) => i.severity === "error"), []);
  assertStringIncludes(text, "GET {{baseUrl}}/orders/7");
  const atBody = await t.preview.send("POST", "/api/request", {
    method: "POST",
    url: "{{baseUrl}}/echo",
    body: "@/etc/hostname",
  });
  assertEquals((atBody.body.response as { body: string }).body, "@/etc/hostname");
  const outside = await t.preview.send("POST", "/api/request", {
    method: "GET",
    url: "{{baseUrl}}/health",
    save: "../evil.md",
  });
  assertEquals(outside.status, 403);
});

Deno.test("GET and PUT /api/flow: steps with their endpoints; a canvas edit saved round-trips", async () => {
  await using t = await demoPreview();
  const flowFile = "flows/user-onboarding.md";
  const { body } = await t.preview.send("GET", `/api/flow?path=${flowFile}`);
  const steps = body.steps as { method: string; uses: string[] }[];
  assertEquals(steps.map((s) => s.method), ["POST", "GET", "DELETE"]);
  assert(steps[1].uses.includes("userId"));
  const text = body.text as string;
  const reordered = text.replace(
    /2\. \*\*Read user\*\*[\s\S]*?(?=3\.)/,
    "",
  ).replace("3. **Delete user**", "2. **Delete user**");
  const saved = await t.preview.send("PUT", "/api/flow", { path: flowFile, text: reordered });
  assertEquals(saved.status, 200);
  const parsed = parseFlow(await t.ws.read(`api-docs/${flowFile}`), flowFile);
  assertEquals(parsed.flow?.steps.map((s) => s.name), ["Create user", "Delete user"]);
  const dangling = await t.preview.send("PUT", "/api/flow", {
    path: flowFile,
    text: text.replace("   - Capture: `response.body.id` as `userId`\n", ""),
  });
  assertEquals(dangling.status, 422);
});

Deno.test("POST /api/flow/run streams each step record, then the flow result", async () => {
  await using t = await demoPreview();
  const response = await t.preview.call("/api/flow/run", {
    method: "POST",
    body: JSON.stringify({ path: "flows/user-onboarding.md", env: "dev" }),
  });
  assertEquals(response.status, 200);
  assertEquals(response.headers.get("content-type"), "application/x-ndjson; charset=utf-8");
  const lines = (await response.text()).trim().split("\n").map((l) => JSON.parse(l));
  const steps = lines.filter((l) => l.type === "step").map((l) => l.step);
  assertEquals(steps.map((s) => [s.name, s.passed, s.status]), [
    ["Create user", true, 201],
    ["Read user", true, 200],
    ["Delete user", true, 204],
  ]);
  assert(steps[0].record, "verbose step records");
  const done = lines.at(-1);
  assertEquals(done.type, "done");
  assertEquals(done.result.passed, true);
  assertEquals(done.result.exit_code, 0);
  assertEquals(done.result.captures.userId, "3");
  assertEquals(t.api.requests.map((r) => `${r.method} ${r.path}`), [
    "POST /users",
    "GET /users/3",
    "DELETE /users/3",
  ]);
  assert(!JSON.stringify(lines).includes(t.api.token), "token leaked");
});

Deno.test("GET /api/events pushes a change event when a file changes on disk", async () => {
  await using t = await demoPreview();
  const response = await fetch(`${t.preview.url}/api/events`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("event: hello")) text += (await reader.read()).value ?? "";
  const original = await t.ws.read(`api-docs/${USER}`);
  await t.ws.write(`api-docs/${USER}`, original.replace("# Get user by id", "# Renamed on disk"));
  while (!text.includes("event: change")) text += (await reader.read()).value ?? "";
  while (!text.slice(text.indexOf("event: change")).includes("\n\n")) {
    text += (await reader.read()).value ?? "";
  }
  await reader.cancel();
  const data = JSON.parse(
    text.slice(text.indexOf("event: change")).split("\n")[1].slice("data: ".length),
  );
  assert(data.paths.includes(USER), JSON.stringify(data));
  const index = await t.preview.send("GET", "/api/index");
  assert((index.body.endpoints as { title: string }[]).some((e) => e.title === "Renamed on disk"));
});
