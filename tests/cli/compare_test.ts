/** SPEC.md's comparison and assertion tables through the real CLI against a real loopback API. */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

interface Case {
  name: string;
  frontmatter?: string;
  expected: string;
  sections?: string;
  response: () => Response;
  args?: string[];
  code: number;
  diff?: { status?: string | null; headers?: string[]; body?: string | null };
}

const json200 = (body: unknown, headers: Record<string, string> = {}) => () =>
  jsonResponse(body, 200, headers);

const CASES: Case[] = [
  { name: "status equal in shape", expected: "HTTP/1.1 200 OK", response: json200({}), code: 0 },
  {
    name: "status differs in shape",
    expected: "HTTP/1.1 201 Created",
    response: json200({}),
    code: 1,
    diff: { status: "expected 201, got 200" },
  },
  {
    name: "status differs in strict",
    frontmatter: "response:\n  match: strict\n",
    expected: "HTTP/1.1 204 No Content",
    response: json200({}),
    code: 1,
    diff: { status: "expected 204, got 200" },
  },
  {
    name: "listed headers present, extra allowed",
    expected: "HTTP/1.1 200 OK\nContent-Type: text/html\nX-Request-Id: anything",
    response: json200({}, { "x-request-id": "abc", "x-extra": "1" }),
    code: 0,
  },
  {
    name: "listed header missing",
    expected: "HTTP/1.1 200 OK\nX-Request-Id: a",
    response: json200({}),
    code: 1,
    diff: { headers: ["X-Request-Id: expected present, got missing"] },
  },
  {
    name: "strict header values, Content-Type by media type",
    frontmatter: "response:\n  match: strict\n",
    expected: "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Version: 2",
    response: () =>
      new Response("{}", {
        headers: { "content-type": "application/json; charset=utf-8", "x-version": "3" },
      }),
    code: 1,
    diff: { headers: ['X-Version: expected "2", got "3"'] },
  },
  {
    name: "shape: same keys and types",
    expected: 'HTTP/1.1 200 OK\n\n{"id": 1, "tags": ["a"]}',
    response: json200({ id: 9, tags: ["x", "y"], more: 1 }),
    code: 0,
  },
  {
    name: "shape: type differs",
    expected: 'HTTP/1.1 200 OK\n\n{"items": [{"id": 1}]}',
    response: json200({ items: [{ id: 1 }, { id: "2" }] }),
    code: 1,
    diff: { body: "body.items[1].id: expected number, got string" },
  },
  {
    name: "text bodies match exactly",
    expected: "HTTP/1.1 200 OK\n\nhello world",
    response: () => new Response("hello world\n"),
    code: 0,
  },
  {
    name: "text bodies differ",
    expected: "HTTP/1.1 200 OK\n\nhello",
    response: () => new Response("goodbye"),
    code: 1,
    diff: { body: 'body line 1: expected "hello", got "goodbye"' },
  },
  {
    name: "strict: exact except response.ignore",
    frontmatter: "response:\n  match: strict\n  ignore:\n    - body.at\n    - body.items[*].id\n",
    expected: 'HTTP/1.1 200 OK\n\n{"name": "a", "at": "t0", "items": [{"id": 1, "n": 1}]}',
    response: json200({ name: "a", at: "t9", items: [{ id: 77, n: 1 }] }),
    code: 0,
  },
  {
    name: "strict: a value differs",
    frontmatter: "response:\n  match: strict\n",
    expected: 'HTTP/1.1 200 OK\n\n{"name": "a"}',
    response: json200({ name: "b", extra: true }),
    code: 1,
    diff: { body: 'body.name: expected "a", got "b"\nbody.extra: unexpected key with true' },
  },
  {
    name: "schema: body validates",
    frontmatter: "response:\n  match: schema\n",
    expected: "HTTP/1.1 200 OK",
    sections:
      '\n## Schema\n\n```json\n{"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}, "email": {"format": "email"}}}\n```\n',
    response: json200({ id: 3, email: "a@b.co" }),
    code: 0,
  },
  {
    name: "schema: body does not validate",
    frontmatter: "response:\n  match: schema\n",
    expected: "HTTP/1.1 200 OK",
    sections:
      '\n## Schema\n\n```json\n{"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}, "email": {"format": "email"}}}\n```\n',
    response: json200({ id: "3", email: "no" }),
    code: 1,
    diff: { body: 'body.id: must be integer\nbody.email: must match format "email"' },
  },
];

Deno.test("comparison table: status, headers and body in each match mode", async () => {
  for (const c of CASES) {
    await using api = startTestApi(c.response);
    await using ws = await workspace(collectionFiles(api.url, {
      "apis/users/get-user.md": endpoint({
        frontmatter: c.frontmatter,
        expected: c.expected,
        sections: c.sections,
      }),
    }));
    const result = await apispec([
      "exec",
      "api-docs/apis/users/get-user.md",
      "--output=json",
      ...(c.args ?? []),
    ], { cwd: ws.dir });
    assertEquals(result.code, c.code, `${c.name}: ${result.stdout}${result.stderr}`);
    const diff = json(result).diff as Record<string, unknown>;
    assertEquals(diff.passed, c.code === 0, c.name);
    if (c.diff?.status !== undefined) assertEquals(diff.status, c.diff.status, c.name);
    if (c.diff?.headers !== undefined) assertEquals(diff.headers, c.diff.headers, c.name);
    if (c.diff?.body !== undefined) assertEquals(diff.body, c.diff.body, c.name);
  }
});

const ASSERTIONS = `
## Assertions

- status: 200
- body.name: equals "Ada"
- body.id: exists
- headers.content-type: contains json
- body.role: in [admin, member]
- body.email: matches ^[^@]+@example\\.com$
`;

Deno.test("assertions: each operator reported in assertion_results", async () => {
  await using api = startTestApi(() =>
    jsonResponse({ id: 1, name: "Ada", role: "admin", email: "ada@example.com" })
  );
  await using ws = await workspace(
    collectionFiles(api.url, { "apis/users/get-user.md": endpoint({ sections: ASSERTIONS }) }),
  );
  const result = await apispec(["exec", "api-docs/apis/users/get-user.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0);
  const results = json(result).assertion_results as {
    rule: string;
    passed: boolean;
    message: string;
  }[];
  assertEquals(results.map((r) => [r.rule, r.passed]), [
    ["status: 200", true],
    ['body.name: equals "Ada"', true],
    ["body.id: exists", true],
    ["headers.content-type: contains json", true],
    ["body.role: in [admin, member]", true],
    ["body.email: matches ^[^@]+@example\\.com$", true],
  ]);
});

Deno.test("assertions: a failing rule fails the run only with --strict-assertions", async () => {
  await using api = startTestApi(() =>
    jsonResponse({ id: null, name: "Bob", role: "guest", email: "bob@other.org" }, 200, {
      "content-type": "text/plain",
    })
  );
  await using ws = await workspace(
    collectionFiles(api.url, { "apis/users/get-user.md": endpoint({ sections: ASSERTIONS }) }),
  );
  const lenient = await apispec(["exec", "api-docs/apis/users/get-user.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(lenient.code, 0);
  const results = json(lenient).assertion_results as { passed: boolean; message: string }[];
  assertEquals(results.map((r) => r.passed), [true, false, false, false, false, false]);
  assertEquals(results[1].message, 'body.name: expected "Ada", got "Bob"');
  assertEquals(json(lenient).passed, true);
  const strict = await apispec([
    "exec",
    "api-docs/apis/users/get-user.md",
    "--output=json",
    "--strict-assertions",
  ], { cwd: ws.dir });
  assertEquals(strict.code, 1);
  assertEquals(json(strict).error_type, "CONTRACT_MISMATCH");
  assertStringIncludes(json(strict).hint as string, "5 assertion(s) failed");
});

Deno.test("assertions: operands take variables", async () => {
  await using api = startTestApi(() => jsonResponse({ name: "Grace" }));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({
      sections: "\n## Assertions\n\n- body.name: equals {{who}}\n",
    }),
  }));
  const result = await apispec([
    "exec",
    "api-docs/apis/users/get-user.md",
    "--output=json",
    "--strict-assertions",
    "--var",
    "who=Grace",
  ], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stdout);
});

Deno.test("AUTH_FAILED when the API answers 401 or 403 to an endpoint that expects success", async () => {
  for (const status of [401, 403]) {
    await using api = startTestApi(() => jsonResponse({ error: "no" }, status));
    await using ws = await workspace(
      collectionFiles(api.url, {
        "apis/users/get-user.md": endpoint({ frontmatter: "auth: bearer\n" }),
      }),
    );
    const result = await apispec(["exec", "api-docs/apis/users/get-user.md", "--output=json"], {
      cwd: ws.dir,
      env: { APISPEC_AUTH_TOKEN: "expired-token-1" },
    });
    assertEquals(result.code, 1);
    assertEquals(json(result).error_type, "AUTH_FAILED");
    assertStringIncludes(json(result).hint as string, "APISPEC_AUTH_TOKEN");
  }
});
