/**
 * Hints that fix what they name, through the real CLI against a real API:
 * the variable a VAR_MISSING hint names fills the variable, a 401 on an
 * `auth: basic` file asks for a username and password, and a 2xx status
 * documented beside the expected one is not called an error.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import type { Diagnosis } from "../../src/engine/diagnose/diagnose.ts";

const OK = 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": "main"}';

function api() {
  return startTestApi((request) => {
    const url = new URL(request.url);
    if (url.pathname === "/private") return jsonResponse({ error: "unauthorized" }, 401);
    if (url.pathname === "/buckets") return jsonResponse({ id: "new" }, 201);
    return jsonResponse({ id: url.pathname.split("/").pop() });
  });
}

Deno.test("the environment variable a VAR_MISSING hint names fills the variable", async () => {
  await using server = api();
  await using ws = await workspace(collectionFiles(server.url, {
    "apis/buckets/get-bucket.md": endpoint({
      resource: "buckets",
      path: "/buckets/:bucket_id",
      request: "GET {{baseUrl}}/buckets/{{bucket_id}}",
      expected: OK,
    }),
  }));
  const file = "api-docs/apis/buckets/get-bucket.md";
  const missing = await apispec(["exec", file], { cwd: ws.dir });
  assertEquals(missing.code, 2);
  const named = /environment variable (APISPEC_\w+)/.exec(missing.stderr);
  assert(named, missing.stderr);
  assertEquals(named[1], "APISPEC_BUCKET_ID");
  assertEquals(server.requests.length, 0);

  // Following the hint as written makes the run pass.
  const fixed = await apispec(["exec", file, "--output=json"], {
    cwd: ws.dir,
    env: { [named[1]]: "main" },
  });
  assertEquals(fixed.code, 0, fixed.stdout + fixed.stderr);
  assertEquals(server.requests.map((r) => r.path), ["/buckets/main"]);
});

Deno.test("a 401 on an auth: basic file asks for username and password, not a token", async () => {
  await using server = api();
  await using ws = await workspace(collectionFiles(server.url, {
    "apis/private/get-private.md": endpoint({
      resource: "private",
      path: "/private",
      frontmatter: "auth: basic\n",
      expected: OK,
    }),
  }));
  const file = "api-docs/apis/private/get-private.md";
  const env = { APISPEC_USERNAME: "alice", APISPEC_PASSWORD: "wrong-password-123" };
  const exec = await apispec(["exec", file, "--output=json"], { cwd: ws.dir, env });
  assertEquals(exec.code, 1);
  const record = json<{ error_type: string; hint: string }>(exec);
  assertEquals(record.error_type, "AUTH_FAILED");
  assertStringIncludes(
    record.hint,
    "username and password via APISPEC_USERNAME and APISPEC_PASSWORD",
  );
  assertEquals(record.hint.includes("authToken"), false, record.hint);

  const diagnosed = await apispec(["diagnose", file, "--output=json"], { cwd: ws.dir, env });
  const diagnosis = json<Diagnosis>(diagnosed);
  assertStringIncludes(diagnosis.next_action, "APISPEC_USERNAME and APISPEC_PASSWORD");
  assertStringIncludes(diagnosis.likely_cause, "username or password");
  assertEquals(JSON.stringify(diagnosis).includes("authToken"), false, JSON.stringify(diagnosis));

  // The project's default auth counts as the file's.
  await ws.write("api-docs/project.md", "---\nname: test\nversion: 1\nauth: basic\n---\n");
  await ws.write(
    file,
    endpoint({ resource: "private", path: "/private", expected: OK }),
  );
  const byDefault = json<{ hint: string }>(
    await apispec(["exec", file, "--output=json"], { cwd: ws.dir, env }),
  );
  assertStringIncludes(byDefault.hint, "APISPEC_USERNAME and APISPEC_PASSWORD");
});

Deno.test("201 Created documented beside an expected 200 is never called a documented error", async () => {
  await using server = api();
  await using ws = await workspace(collectionFiles(server.url, {
    "apis/buckets/create-bucket.md": endpoint({
      resource: "buckets",
      method: "POST",
      path: "/buckets",
      expected: OK,
      sections: "\n## Error responses\n\n```http\nHTTP/1.1 201 Created\n```\n\n" +
        "```http\nHTTP/1.1 409 Conflict\n```\n",
    }),
  }));
  const file = "api-docs/apis/buckets/create-bucket.md";
  const exec = json<{ hint: string }>(
    await apispec(["exec", file, "--output=json"], { cwd: ws.dir }),
  );
  assertEquals(exec.hint.includes("error"), false, exec.hint);
  assertStringIncludes(exec.hint, "make it the expected response");
  const diagnosed = json<Diagnosis>(
    await apispec(["diagnose", file, "--output=json"], { cwd: ws.dir }),
  );
  assertEquals(diagnosed.summary.includes("documented error"), false, diagnosed.summary);
  assertEquals(diagnosed.likely_cause.includes("error"), false, diagnosed.likely_cause);
  assertStringIncludes(diagnosed.next_action, "--update");
});
