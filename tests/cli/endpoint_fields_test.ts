/**
 * SPEC.md's endpoint-file table, row by row, through the real CLI against a
 * real loopback API. Rows that must stop before any request also prove that
 * no request arrived.
 */
import {
  assert,
  assertEquals,
  assertGreater,
  assertMatch,
  assertStringIncludes,
} from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const SPEC = "api-docs/apis/users/get-user.md";

async function execWith(
  file: string,
  handler: (request: Request) => Response | Promise<Response> = () => jsonResponse({ id: 1 }),
  args: string[] = [],
  extra: Record<string, string> = {},
  env: Record<string, string> = {},
) {
  const api = startTestApi(handler);
  const ws = await workspace(
    collectionFiles(api.url, { "apis/users/get-user.md": file, ...extra }),
  );
  try {
    const result = await apispec(["exec", SPEC, "--output=json", ...args], { cwd: ws.dir, env });
    return { result, requests: api.requests, ws };
  } finally {
    await api[Symbol.asyncDispose]();
    await ws[Symbol.asyncDispose]();
  }
}

Deno.test("required fields: a missing one is exit 2 with SPEC_PARSE_ERROR and no request", async () => {
  for (const field of ["resource", "protocol", "method", "path", "version"]) {
    const file = endpoint().split("\n").filter((line) => !line.startsWith(`${field}:`)).join("\n");
    const { result, requests } = await execWith(file);
    assertEquals(result.code, 2, field);
    assertEquals(json(result).error_type, "SPEC_PARSE_ERROR", field);
    assertStringIncludes(json(result).hint as string, `Missing required field "${field}"`);
    assertEquals(requests.length, 0, field);
  }
});

Deno.test("protocol: sse and ws execute; a ws file without ## Messages is exit 2 with no request", async () => {
  const sse = endpoint().replace("protocol: http", "protocol: sse");
  const ran = await execWith(sse);
  assertEquals(ran.result.code, 0, ran.result.stdout);
  assertEquals(json(ran.result).events_received, 0);
  assertEquals(ran.requests.length, 1);
  const ws = endpoint().replace("protocol: http", "protocol: ws");
  const { result, requests } = await execWith(ws);
  assertEquals(result.code, 2);
  assertEquals(json(result).error_type, "SPEC_PARSE_ERROR");
  assertStringIncludes(json(result).hint as string, '"## Messages"');
  assertEquals(requests.length, 0);
});

Deno.test("method: every SPEC method is sent as written", async () => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]) {
    const { result, requests } = await execWith(
      endpoint({ method }),
      () => new Response(null, { status: 200 }),
    );
    assertEquals(result.code, 0, `${method}: ${result.stdout}${result.stderr}`);
    assertEquals(requests[0].method, method);
  }
});

Deno.test("version: anything but 1 is exit 2", async () => {
  const { result, requests } = await execWith(endpoint().replace("version: 1", "version: 2"));
  assertEquals(result.code, 2);
  assertMatch(json(result).hint as string, /must be 1/);
  assertEquals(requests.length, 0);
});

Deno.test("tags: a string list; other types are exit 2", async () => {
  assertEquals((await execWith(endpoint({ frontmatter: "tags: [users, read]\n" }))).result.code, 0);
  assertEquals((await execWith(endpoint({ frontmatter: "tags: {a: 1}\n" }))).result.code, 2);
});

Deno.test("env: running in an environment the endpoint does not list is refused before any request", async () => {
  const { result, requests } = await execWith(endpoint({ frontmatter: "env: [staging]\n" }));
  assertEquals(result.code, 2);
  const record = json(result);
  assertEquals(record.error_type, "VALIDATION_ERROR");
  assertStringIncludes(record.hint as string, "valid only in staging");
  assertEquals(requests.length, 0);
  assertEquals((await execWith(endpoint({ frontmatter: "env: [dev, staging]\n" }))).result.code, 0);
});

Deno.test("auth: bearer and basic add Authorization; none and custom add nothing; default is the project's", async () => {
  const seen: (string | null)[] = [];
  const capture = (request: Request) => {
    seen.push(request.headers.get("authorization"));
    return jsonResponse({ id: 1 });
  };
  const env = { APISPEC_AUTH_TOKEN: "tkn-123456", APISPEC_USERNAME: "ada", APISPEC_PASSWORD: "pw" };
  for (const auth of ["bearer", "basic", "none", "custom"]) {
    const { result } = await execWith(
      endpoint({ frontmatter: `auth: ${auth}\n` }),
      capture,
      [],
      {},
      env,
    );
    assertEquals(result.code, 0, auth);
  }
  const project = { "api-docs/project.md": "---\nname: t\nversion: 1\nauth: bearer\n---\n" };
  await execWith(endpoint(), capture, [], project, env);
  assertEquals(seen, [
    "Bearer tkn-123456",
    `Basic ${btoa("ada:pw")}`,
    null,
    null,
    "Bearer tkn-123456",
  ]);
});

Deno.test("timeout: the endpoint's timeout ends a slow request as NETWORK_ERROR (exit 4); --timeout beats it", async () => {
  const slow = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return jsonResponse({ id: 1 });
  };
  const short = await execWith(endpoint({ frontmatter: "timeout: 100\n" }), slow);
  assertEquals(short.result.code, 4);
  assertEquals(json(short.result).error_type, "NETWORK_ERROR");
  assertMatch(json(short.result).hint as string, /Timed out after 100 ms/);
  const overridden = await execWith(endpoint({ frontmatter: "timeout: 100\n" }), slow, [
    "--timeout=5000",
  ]);
  assertEquals(overridden.result.code, 0);
  const project = await execWith(endpoint(), slow, [], {
    "api-docs/project.md": "---\nname: t\nversion: 1\ntimeout: 100\n---\n",
  });
  assertEquals(project.result.code, 4);
});

Deno.test("retry.attempts: a 503 is retried and the run passes when a retry succeeds", async () => {
  let calls = 0;
  const flaky = () => ++calls < 3 ? jsonResponse({ error: "busy" }, 503) : jsonResponse({ id: 1 });
  const { result, requests } = await execWith(
    endpoint({ frontmatter: "retry:\n  attempts: 2\n  backoff: exponential\n" }),
    flaky,
  );
  assertEquals(result.code, 0, result.stdout);
  assertEquals(requests.length, 3);
  calls = 0;
  const none = await execWith(endpoint(), flaky);
  assertEquals(none.result.code, 1);
  assertEquals(none.requests.length, 1);
});

Deno.test("retry.attempts: a 4xx is not retried", async () => {
  const { requests } = await execWith(
    endpoint({ frontmatter: "retry:\n  attempts: 3\n" }),
    () => jsonResponse({}, 404),
  );
  assertEquals(requests.length, 1);
});

Deno.test("retry.backoff: only fixed or exponential", async () => {
  const { result } = await execWith(endpoint({ frontmatter: "retry:\n  backoff: linear\n" }));
  assertEquals(result.code, 2);
  assertMatch(json(result).hint as string, /Use one of: fixed, exponential/);
});

Deno.test("response.match: only shape, strict or schema", async () => {
  const { result } = await execWith(endpoint({ frontmatter: "response:\n  match: loose\n" }));
  assertEquals(result.code, 2);
});

Deno.test("unknown frontmatter keys warn on stderr and are ignored", async () => {
  const api = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(
    collectionFiles(api.url, {
      "apis/users/get-user.md": endpoint({ frontmatter: "owner: team-a\n" }),
    }),
  );
  const result = await apispec(["exec", SPEC], { cwd: ws.dir });
  await api[Symbol.asyncDispose]();
  assertEquals(result.code, 0);
  assertStringIncludes(result.stderr, 'warning: Unknown frontmatter key "owner" is ignored');
  assertStringIncludes(result.stderr, "get-user.md:7");
});

Deno.test("sections: a missing ## Request or two http blocks is exit 2 with the line", async () => {
  const missing = endpoint().replace(/## Request[\s\S]*?```\n\n/, "");
  assertEquals((await execWith(missing)).result.code, 2);
  const two = endpoint({
    request: "GET {{baseUrl}}/users/1\n```\n\n```http\nGET {{baseUrl}}/users/2",
  });
  const { result, requests } = await execWith(two);
  assertEquals(result.code, 2);
  assertMatch(json(result).hint as string, /exactly one ```http block, found 2/);
  assertEquals(requests.length, 0);
});

Deno.test("sections: error responses, tests and notes are never executed", async () => {
  const file = endpoint({
    sections:
      "\n## Error responses\n\n```http\nHTTP/1.1 404 Not Found\n```\n\n## Tests\n\n```agent-task\nGET /danger\n```\n\n## Notes\n\n```http\nDELETE /everything\n```\n",
  });
  const { result, requests } = await execWith(file);
  assertEquals(result.code, 0, result.stdout);
  assertEquals(requests.map((r) => `${r.method} ${r.path}`), ["GET /users/1"]);
});

Deno.test("request line: {{baseUrl}}, relative (joined keeping the base path) and absolute forms", async () => {
  const api = startTestApi(() => jsonResponse({}));
  const forms = [`GET {{baseUrl}}/a`, "GET /b", `GET ${api.url}/c`];
  await using ws = await workspace({
    "api-docs/_shared/env.template.md": `## dev\n\n\`\`\`yaml\nbaseUrl: ${api.url}/v1\n\`\`\`\n`,
    ...Object.fromEntries(
      forms.map((request, i) => [`api-docs/apis/users/f${i}.md`, endpoint({ request })]),
    ),
  });
  for (let i = 0; i < forms.length; i++) {
    const result = await apispec(["exec", `api-docs/apis/users/f${i}.md`], { cwd: ws.dir });
    assertEquals(result.code, 0, result.stderr);
  }
  await api[Symbol.asyncDispose]();
  assertEquals(api.requests.map((r) => r.path), ["/v1/a", "/v1/b", "/c"]);
});

Deno.test("placeholders: {{name}} in request and expected blocks; :param from the same sources", async () => {
  const file = endpoint({
    path: "/users/:userId",
    request: 'POST {{baseUrl}}/users/:userId?v={{version}}\nX-Tag: {{tag}}\n\n{"tag": "{{tag}}"}',
    expected: "HTTP/1.1 200 OK\nX-Echo: {{tag}}",
    method: "POST",
  });
  const { result, requests } = await execWith(
    file,
    (request) => new Response("{}", { headers: { "x-echo": request.headers.get("x-tag") ?? "" } }),
    ["--var", "userId=42", "--var", "version=3", "--var", "tag=blue"],
  );
  assertEquals(result.code, 0, result.stdout);
  assertEquals(requests[0].path, "/users/42?v=3");
  assertEquals(requests[0].headers["x-tag"], "blue");
  assertEquals(requests[0].body, '{"tag": "blue"}');
});

Deno.test("placeholders: single pass; a value holding {{...}} is exit 2 before any request", async () => {
  const { result, requests } = await execWith(
    endpoint({ request: "GET {{baseUrl}}/users/{{id}}" }),
    undefined,
    ["--var", "id={{other}}", "--var", "other=1"],
  );
  assertEquals(result.code, 2);
  assertMatch(json(result).hint as string, /resolves to a value that holds \{\{\.\.\.\}\}/);
  assertEquals(requests.length, 0);
});

Deno.test("a redirect is not followed: a documented 302 passes", async () => {
  const { result, requests } = await execWith(
    endpoint({ expected: "HTTP/1.1 302 Found\nLocation: /elsewhere" }),
    () => new Response(null, { status: 302, headers: { location: "/elsewhere" } }),
  );
  assertEquals(result.code, 0, result.stdout);
  assertEquals(requests.length, 1);
});

Deno.test("the record's duration is measured", async () => {
  const { result } = await execWith(endpoint(), async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return jsonResponse({});
  });
  assertGreater(json(result).duration_ms as number, 40);
  assert(Number.isInteger(json(result).duration_ms));
});
