/** `apispec request`: ad-hoc requests, output forms and --save. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

Deno.test("request prints the status line with reason and duration, then the body; writes nothing", async () => {
  await using api = startTestApi(() => jsonResponse({ id: 1, name: "Ada" }));
  await using ws = await workspace();
  const result = await apispec(["request", "GET", `${api.url}/users/1`], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const [status, ...body] = result.stdout.trim().split("\n");
  assertStringIncludes(status, "200 OK");
  assertStringIncludes(status, " ms");
  assertEquals(JSON.parse(body.join("\n")), { id: 1, name: "Ada" });
  assertEquals([...Deno.readDirSync(ws.dir)].length, 0);
});

Deno.test("request sends headers and a body from -d or @file, with {{var}} in the URL", async () => {
  await using api = startTestApi((_, body) => jsonResponse({ got: body }, 201));
  await using ws = await workspace(collectionFiles(api.url, { "body.json": '{"name": "Grace"}' }));
  const inline = await apispec([
    "request",
    "POST",
    "{{baseUrl}}/users",
    "-H",
    "Content-Type: application/json",
    "-d",
    '{"a": 1}',
  ], { cwd: ws.dir });
  assertEquals(inline.code, 0, inline.stderr);
  const fromFile = await apispec([
    "request",
    "POST",
    "/users",
    "-d",
    "@api-docs/body.json",
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(json<{ response: { status: number } }>(fromFile).response.status, 201);
  assertEquals(api.requests.map((r) => [r.path, r.body, r.headers["content-type"] ?? ""]), [
    ["/users", '{"a": 1}', "application/json"],
    ["/users", '{"name": "Grace"}', "text/plain;charset=UTF-8"],
  ]);
});

Deno.test("request --verbose shows both messages with credentials masked", async () => {
  await using api = startTestApi(() =>
    jsonResponse({ ok: true }, 200, { "set-cookie": "sid=abc123456" })
  );
  const result = await apispec([
    "request",
    "GET",
    `${api.url}/me`,
    "-H",
    "Authorization: Bearer live-token-987",
    "-v",
  ]);
  assertEquals(result.code, 0);
  assertStringIncludes(result.stdout, `> GET ${api.url}/me`);
  assertStringIncludes(result.stdout, "> Authorization: Bearer ****");
  assertStringIncludes(result.stdout, "< set-cookie: ****");
  assertEquals(
    result.stdout.includes("live-token-987") || result.stdout.includes("abc123456"),
    false,
  );
  assertEquals(api.requests[0].headers.authorization, "Bearer live-token-987");
});

Deno.test("request --save <path> writes a spec that validates and never holds the credential", async () => {
  await using api = startTestApi(() =>
    jsonResponse({
      id: 7,
      // Joined at run time: no whole token sits in the repository.
      accessToken: [
        "eyJhbGciOiJIUzI1NiJ9",
        "eyJzdWIiOiIxMjM0NTY3ODkwIn0",
        "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
      ].join("."),
    }, 201)
  );
  await using ws = await workspace(collectionFiles(api.url));
  const result = await apispec(
    [
      "request",
      "POST",
      "{{baseUrl}}/users",
      "-H",
      "Authorization: Bearer live-token-987",
      "-d",
      '{"n": 1}',
      "--save",
      "api-docs/apis/users/post-users.md",
    ],
    { cwd: ws.dir },
  );
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stderr, "saved  api-docs/apis/users/post-users.md");
  const text = await ws.read("api-docs/apis/users/post-users.md");
  assertEquals(text.includes("live-token-987") || text.includes("eyJhbGci"), false);
  assertStringIncludes(text, "POST {{baseUrl}}/users");
  // As the importers and the proxy write it: the engine adds Bearer {{authToken}}.
  assertStringIncludes(text, "auth: bearer");
  assertEquals(text.includes("Authorization:"), false, text);
  assertStringIncludes(text, "HTTP/1.1 201 Created");
  assertStringIncludes(text, "resource: users");
  assertEquals(
    (await apispec(["validate", "api-docs/apis/users/post-users.md"], { cwd: ws.dir })).code,
    0,
  );
  const again = await apispec([
    "request",
    "GET",
    "{{baseUrl}}/users",
    "--save",
    "api-docs/apis/users/post-users.md",
  ], { cwd: ws.dir });
  assertEquals(again.code, 3);
  assertStringIncludes(again.stderr, "already exists");
});

Deno.test("request --save without a path writes to apis/scratch/ of the git repository's collection", async () => {
  await using api = startTestApi(() => jsonResponse([{ id: 1 }]));
  await using ws = await workspace({ "src/app.ts": "" });
  await new Deno.Command("git", { args: ["init", "-q"], cwd: ws.dir }).output();
  const result = await apispec(["request", "GET", `${api.url}/users`, "--save"], {
    cwd: `${ws.dir}/src`,
  });
  assertEquals(result.code, 0, result.stderr);
  assert(await ws.exists("api-docs/apis/scratch/get-users.md"));
  await apispec(["request", "GET", `${api.url}/users`, "--save"], { cwd: ws.dir });
  assert(await ws.exists("api-docs/apis/scratch/get-users-2.md"), "a second save never overwrites");
  assertEquals((await apispec(["validate", "api-docs"], { cwd: ws.dir })).code, 0);
});

Deno.test("request --save outside a git repository uses the per-user workspace", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace();
  const result = await apispec(["request", "GET", `${api.url}/ping`, "--save"], {
    cwd: ws.dir,
    env: { XDG_DATA_HOME: `${ws.dir}/data` },
  });
  assertEquals(result.code, 0, result.stderr);
  assert(await ws.exists("data/apispec/workspace/api-docs/apis/scratch/get-ping.md"));
});
