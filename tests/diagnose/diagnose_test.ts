import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { closedPort, jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import type { Diagnosis } from "../../src/engine/diagnose/diagnose.ts";

const USER =
  'HTTP/1.1 200 OK\nContent-Type: application/json\nETag: "v1"\n\n{"id": 1, "name": "Ada"}';
const ERRORS = "\n## Error responses\n\n```http\nHTTP/1.1 404 Not Found\n```\n";

/** The API under test: one route per failure the diagnosis must tell apart. */
function api() {
  return startTestApi(async (request) => {
    const path = new URL(request.url).pathname;
    switch (path) {
      case "/users/404":
        return jsonResponse({ error: "not_found" }, 404);
      case "/users/500":
        return jsonResponse({ error: "boom" }, 500);
      case "/users/201":
        return jsonResponse({ id: 1, name: "Ada" }, 201, { etag: '"v1"' });
      case "/users/typed":
        return jsonResponse({ id: "1", name: "Ada" }, 200, { etag: '"v1"' });
      case "/users/noetag":
        return jsonResponse({ id: 1, name: "Ada" });
      case "/users/401":
        return jsonResponse({ error: "unauthorized" }, 401);
      case "/users/403":
        return jsonResponse({ error: "forbidden" }, 403);
      case "/users/slow":
        await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return jsonResponse({ id: 1, name: "Grace" }, 200, { etag: '"v1"' });
  });
}

function files(baseUrl: string) {
  return collectionFiles(baseUrl, {
    "apis/users/get-user.md": endpoint({
      path: "/users/:userId",
      expected: USER,
      sections: ERRORS,
    }),
    "apis/users/get-named.md": endpoint({
      path: "/users/1",
      expected: USER,
      sections: "\n## Assertions\n\n- body.name: equals Ada\n",
    }),
    "apis/users/get-secure.md": endpoint({ path: "/users/:userId", frontmatter: "auth: bearer\n" }),
    "apis/users/get-staging.md": endpoint({ frontmatter: "env: [staging]\n" }),
    "apis/users/ws-feed.md": endpoint({ frontmatter: "" }).replace(
      "protocol: http",
      "protocol: ws",
    ),
    "apis/users/broken.md": "---\nresource: users\nmethod: GET\n---\n# Broken\n",
    "apis/users/bad-block.md": endpoint({ expected: "HTTP/1.1 abc OK" }),
  });
}

async function diagnoseJson(cwd: string, args: string[], env: Record<string, string> = {}) {
  const result = await apispec(["diagnose", ...args, "--output=json"], { cwd, env });
  assertEquals(result.code, 0, result.stderr + result.stdout);
  return json<Diagnosis>(result);
}

Deno.test("diagnose explains each contract mismatch and exits 0", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url));
  const file = "api-docs/apis/users/get-user.md";

  const documented = await diagnoseJson(ws.dir, [file, "--var", "userId=404"]);
  assertEquals(Object.keys(documented), [
    "passed",
    "status",
    "error_type",
    "summary",
    "likely_cause",
    "next_action",
    "inspect",
    "verify",
    "diff",
  ]);
  assertEquals(documented.error_type, "CONTRACT_MISMATCH");
  assertStringIncludes(documented.likely_cause, "documented error 404");
  assertStringIncludes(documented.inspect[0], `${file}:`);
  assertStringIncludes(documented.inspect[0], "## Error responses 404");
  assertEquals(documented.diff.status, "expected 200, got 404");
  assertEquals(documented.verify, [`apispec exec ${file} --env=dev --var userId=404 -v`]);

  const crashed = await diagnoseJson(ws.dir, [file, "--var", "userId=500"]);
  assertStringIncludes(crashed.likely_cause, "The server failed");
  const otherSuccess = await diagnoseJson(ws.dir, [file, "--var", "userId=201"]);
  assertStringIncludes(otherSuccess.likely_cause, "another status (201 instead of 200)");
  const typed = await diagnoseJson(ws.dir, [file, "--var", "userId=typed"]);
  assertStringIncludes(
    typed.likely_cause,
    "A field changed type (body.id: expected number, got string)",
  );
  assertEquals(typed.diff.body, "body.id: expected number, got string");
  const header = await diagnoseJson(ws.dir, [file, "--var", "userId=noetag"]);
  assertStringIncludes(header.likely_cause, "ETag: expected present, got missing");
  assertStringIncludes(header.inspect[0], "## Expected response header ETag");
});

Deno.test("diagnose reports assertion failures: warnings by default, causes when strict", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url));
  const file = "api-docs/apis/users/get-named.md";
  const lenient = await diagnoseJson(ws.dir, [file]);
  assertEquals(lenient.passed, true);
  assertStringIncludes(lenient.summary, "1 assertion(s) failed as warnings");
  assertEquals(lenient.diff.assertions, ['body.name: expected "Ada", got "Grace"']);
  const strict = await diagnoseJson(ws.dir, [file, "--strict-assertions"]);
  assertEquals(strict.passed, false);
  assertEquals(strict.error_type, "CONTRACT_MISMATCH");
  assertStringIncludes(strict.likely_cause, 'Assertion failed: body.name: expected "Ada"');
  assertEquals(strict.verify, [`apispec exec ${file} --env=dev --strict-assertions`]);
});

Deno.test("diagnose tells a rejected credential from a missing permission", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url));
  const file = "api-docs/apis/users/get-secure.md";
  const env = { APISPEC_AUTH_TOKEN: "tok_91b2c3d4e5f6a7b8" };
  const unauthorized = await diagnoseJson(ws.dir, [file, "--var", "userId=401"], env);
  assertEquals(unauthorized.error_type, "AUTH_FAILED");
  assertStringIncludes(unauthorized.likely_cause, "rejected the credentials");
  assertStringIncludes(unauthorized.next_action, "APISPEC_AUTH_TOKEN");
  assertStringIncludes(unauthorized.inspect.join("\n"), "authToken (from APISPEC_AUTH_TOKEN)");
  const forbidden = await diagnoseJson(ws.dir, [file, "--var", "userId=403"], env);
  assertEquals(forbidden.error_type, "AUTH_FAILED");
  assertStringIncludes(forbidden.likely_cause, "lack permission");
});

Deno.test("diagnose names the network failure: refused, timeout, unknown host", async () => {
  await using server = api();
  const refusedAt = `http://127.0.0.1:${closedPort()}`;
  await using ws = await workspace(files(refusedAt));
  const file = "api-docs/apis/users/get-user.md";
  const refused = await diagnoseJson(ws.dir, [file, "--var", "userId=1"]);
  assertEquals(refused.error_type, "NETWORK_ERROR");
  assertEquals(refused.summary, `Connection refused at ${refusedAt}`);
  assertStringIncludes(refused.inspect[0], "baseUrl (from api-docs/_shared/env.template.md [dev])");
  assertEquals(refused.verify[0], `apispec exec ${file} --env=dev --dry-run`);

  const timeout = await diagnoseJson(ws.dir, [
    file,
    "--var",
    `baseUrl=${server.url}`,
    "--var",
    "userId=slow",
    "--timeout=100",
  ]);
  assertEquals(timeout.summary, `Timed out after 100 ms: no response from ${server.url}`);
  assertStringIncludes(timeout.verify[0], "--timeout=200");

  const dns = await diagnoseJson(ws.dir, [
    file,
    "--var",
    "baseUrl=http://apispec-test.invalid",
    "--var",
    "userId=1",
  ]);
  assertEquals(dns.summary, "Host of http://apispec-test.invalid was not found");
  assertStringIncludes(dns.likely_cause, "does not resolve");
});

Deno.test("diagnose explains runs stopped before any request", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url));
  const missing = await diagnoseJson(ws.dir, ["api-docs/apis/users/get-user.md"]);
  assertEquals(missing.error_type, "VAR_MISSING");
  assertStringIncludes(missing.likely_cause, "path parameter :userId has no value");
  assertEquals(missing.verify, [
    "apispec exec api-docs/apis/users/get-user.md --env=dev --var userId=<value> --dry-run",
  ]);
  const parse = await diagnoseJson(ws.dir, ["api-docs/apis/users/broken.md"]);
  assertEquals(parse.error_type, "SPEC_PARSE_ERROR");
  assertStringIncludes(parse.summary, "does not parse");
  assertStringIncludes(parse.verify[0], "apispec validate api-docs/apis/users/broken.md");
  const block = await diagnoseJson(ws.dir, ["api-docs/apis/users/bad-block.md"]);
  assertEquals(block.error_type, "VALIDATION_ERROR");
  assertStringIncludes(block.likely_cause, "syntax error");
  const staging = await diagnoseJson(ws.dir, ["api-docs/apis/users/get-staging.md"]);
  assertEquals(staging.error_type, "VALIDATION_ERROR");
  assertStringIncludes(staging.likely_cause, 'allows only staging; "dev" is not one of them');
  // A WebSocket file without its ## Messages script does not parse.
  const protocol = await diagnoseJson(ws.dir, ["api-docs/apis/users/ws-feed.md"]);
  assertEquals(protocol.error_type, "SPEC_PARSE_ERROR");
  assertStringIncludes(protocol.summary, "does not parse");
  assertEquals(server.requests.length, 0);
});

Deno.test("diagnose prints every part on the console", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url));
  const result = await apispec([
    "diagnose",
    "api-docs/apis/users/get-user.md",
    "--var",
    "userId=404",
  ], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  for (
    const part of [
      "passed",
      "status",
      "error_type",
      "summary",
      "likely_cause",
      "next_action",
      "inspect",
      "verify",
      "diff",
    ]
  ) {
    assertStringIncludes(result.stdout, part);
  }
  assertStringIncludes(result.stdout, "$ apispec exec api-docs/apis/users/get-user.md");
});

Deno.test("diagnose exits non-zero only for setup errors", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url));
  const badVar = await apispec(["diagnose", "api-docs/apis/users/get-user.md", "--var", "oops"], {
    cwd: ws.dir,
  });
  assertEquals(badVar.code, 2);
  const production = await apispec(["diagnose", "api-docs/apis/users/get-user.md", "--env=prod"], {
    cwd: ws.dir,
  });
  assertEquals(production.code, 2);
  assertStringIncludes(production.stderr, 'Refusing to run against "prod"');
  const nofile = await apispec(["diagnose", "api-docs/apis/users/nope.md"], { cwd: ws.dir });
  assertEquals(nofile.code, 2);
  assertEquals(server.requests.length, 0);
});
