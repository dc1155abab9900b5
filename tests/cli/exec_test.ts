import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { closedPort, jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("exec passes when status, headers and body shape match (exit 0)", async () => {
  await using api = startTestApi(() => jsonResponse({ id: 7, name: "Ada", extra: true }));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({
      expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": 1, "name": "x"}',
    }),
  }));
  const result = await apispec(["exec", "api-docs/apis/users/get-user.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const record = json(result);
  assertEquals(record.passed, true);
  assertEquals(record.status, 200);
  assertEquals(record.error_type, null);
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
  assertEquals(api.requests.length, 1);
  assertEquals(api.requests[0].path, "/users/1");
});

Deno.test("exec reports a status mismatch as CONTRACT_MISMATCH (exit 1)", async () => {
  await using api = startTestApi(() => jsonResponse({ error: "nope" }, 404));
  await using ws = await workspace(
    collectionFiles(api.url, { "apis/users/get-user.md": endpoint() }),
  );
  const result = await apispec(["exec", "api-docs/apis/users/get-user.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 1);
  const record = json(result);
  assertEquals(record.error_type, "CONTRACT_MISMATCH");
  assertEquals((record.diff as { status: string }).status, "expected 200, got 404");
  assertMatch(record.hint as string, /404/);
});

Deno.test("exec exits 4 with NETWORK_ERROR when nothing listens", async () => {
  await using ws = await workspace(collectionFiles(`http://127.0.0.1:${closedPort()}`, {
    "apis/users/get-user.md": endpoint(),
  }));
  const result = await apispec(["exec", "api-docs/apis/users/get-user.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 4);
  assertEquals(json(result).error_type, "NETWORK_ERROR");
});

Deno.test("exec exits 2 on an unresolved variable before any request", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({ path: "/users/:userId" }),
  }));
  const result = await apispec(["exec", "api-docs/apis/users/get-user.md"], { cwd: ws.dir });
  assertEquals(result.code, 2);
  assertStringIncludes(result.stderr, 'Variable "userId" is not defined');
  assertStringIncludes(result.stderr, "APISPEC_USER_ID");
  assertEquals(api.requests.length, 0);
});

Deno.test("exec exits 5 on a secret in a versioned file before any request", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({
      request:
        "GET {{baseUrl}}/users/1\nAuthorization: Bearer sk-live-9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    }),
  }));
  const result = await apispec(["exec", "api-docs/apis/users/get-user.md"], { cwd: ws.dir });
  assertEquals(result.code, 5);
  assertStringIncludes(result.stderr, "SECRET_DETECTED");
  assertStringIncludes(result.stderr, "get-user.md:14");
  assertEquals(api.requests.length, 0);
});

Deno.test("exec masks the bearer token taken from APISPEC_AUTH_TOKEN", async () => {
  const token = "tok_6f1d9a0b7c2e4f8a";
  await using api = startTestApi((request) =>
    request.headers.get("authorization") === `Bearer ${token}`
      ? jsonResponse({ echoed: token })
      : jsonResponse({}, 401)
  );
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({ frontmatter: "auth: bearer\n" }),
  }));
  const result = await apispec(["exec", "api-docs/apis/users/get-user.md", "--output=json", "-v"], {
    cwd: ws.dir,
    env: { APISPEC_AUTH_TOKEN: token },
  });
  assertEquals(result.code, 0, result.stderr);
  assert(!result.stdout.includes(token), "token leaked into output");
  const record = json<{ request: { headers: [string, string][] } }>(result);
  assertEquals(record.request.headers.find(([n]) => n === "Authorization")?.[1], "Bearer ****");
});
