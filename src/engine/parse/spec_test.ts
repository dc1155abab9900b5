import { assert, assertEquals, assertMatch } from "@std/assert";
import { parseEndpoint, SECTIONS } from "./spec.ts";

const FILE = "apis/users/get-user.md";

function spec(options: { frontmatter?: string; body?: string } = {}): string {
  const frontmatter = options.frontmatter ??
    "resource: users\nprotocol: http\nmethod: GET\npath: /users/:id\nversion: 1\n";
  const body = options.body ??
    "# Get user\n\nOne user.\n\n## Request\n\n```http\nGET {{baseUrl}}/users/:id\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n";
  return `---\n${frontmatter}---\n${body}`;
}

function errorsOf(text: string) {
  return parseEndpoint(text, FILE).issues.filter((i) => i.severity === "error");
}

Deno.test("parseEndpoint() reads every field with its default", () => {
  const { spec: parsed, issues } = parseEndpoint(spec(), FILE);
  assertEquals(issues, []);
  assert(parsed);
  assertEquals(parsed.title, "Get user");
  assertEquals(parsed.description, "One user.");
  assertEquals([parsed.resource, parsed.protocol, parsed.method, parsed.path, parsed.version], [
    "users",
    "http",
    "GET",
    "/users/:id",
    1,
  ]);
  assertEquals(parsed.tags, []);
  assertEquals(parsed.env, []);
  assertEquals(parsed.auth, undefined);
  assertEquals(parsed.timeout, undefined);
  assertEquals(parsed.retry, { attempts: undefined, backoff: undefined });
  assertEquals(parsed.match, "shape");
  assertEquals(parsed.ignore, []);
  assertEquals(parsed.vars, {});
  assertEquals(parsed.request.line, 15);
  assertEquals(parsed.expected.status, 200);
});

Deno.test("parseEndpoint() reads nested and dotted optional fields", () => {
  const nested = spec({
    frontmatter:
      "resource: users\nprotocol: http\nmethod: GET\npath: /u\nversion: 1\ntags: [a, b]\nenv: [dev]\n" +
      "auth: bearer\ntimeout: 750\nretry:\n  attempts: 2\n  backoff: exponential\nresponse:\n  match: strict\n  ignore: [body.at]\n" +
      "vars:\n  id: 42\n  flag: true\n",
  });
  const a = parseEndpoint(nested, FILE).spec!;
  assertEquals([a.tags, a.env, a.auth, a.timeout], [["a", "b"], ["dev"], "bearer", 750]);
  assertEquals(a.retry, { attempts: 2, backoff: "exponential" });
  assertEquals([a.match, a.ignore], ["strict", ["body.at"]]);
  assertEquals(a.vars, { id: "42", flag: "true" });
  const dotted = spec({
    frontmatter:
      "resource: users\nprotocol: http\nmethod: GET\npath: /u\nversion: 1\nresponse.match: strict\nretry.attempts: 1\n",
  });
  const b = parseEndpoint(dotted, FILE);
  assertEquals(b.issues, []);
  assertEquals([b.spec!.match, b.spec!.retry.attempts], ["strict", 1]);
});

Deno.test("parseEndpoint() requires each required field, naming its line and a fix", () => {
  for (const field of ["resource", "protocol", "method", "path", "version"]) {
    const frontmatter = "resource: users\nprotocol: http\nmethod: GET\npath: /u\nversion: 1\n"
      .split("\n").filter((l) => !l.startsWith(`${field}:`)).join("\n");
    const [error] = errorsOf(spec({ frontmatter }));
    assertEquals(error.code, "SPEC_PARSE_ERROR", field);
    assertEquals(error.message, `Missing required field "${field}"`);
    assertEquals(error.file, FILE);
    assert(error.line && error.fix, field);
  }
});

Deno.test("parseEndpoint() rejects wrong enum values and types at the key's line", () => {
  const cases: [string, string, RegExp][] = [
    ["protocol: grpc", "protocol", /invalid value "grpc"/],
    ["method: get", "method", /invalid value "get"/],
    ["auth: oauth", "auth", /invalid value "oauth"/],
    ["version: 2", "version", /must be 1/],
    ["timeout: fast", "timeout", /must be an integer/],
    ["tags: {a: 1}", "tags", /list of strings/],
    ["path: users", "path", /must start with "\/"/],
  ];
  for (const [line, key, message] of cases) {
    const base = "resource: users\nprotocol: http\nmethod: GET\npath: /u\nversion: 1\n";
    const frontmatter = base.split("\n").filter((l) => !l.startsWith(`${key}:`)).join("\n") + line +
      "\n";
    const errors = errorsOf(spec({ frontmatter }));
    assertEquals(errors.length, 1, line);
    assertMatch(errors[0].message, message);
    assertEquals(errors[0].line, frontmatter.split("\n").indexOf(line) + 2, line);
  }
  const near = errorsOf(
    spec({ frontmatter: "resource: users\nprotocol: http\nmethod: get\npath: /u\nversion: 1\n" }),
  )[0];
  assertEquals(near.fix, 'Did you mean "GET"?');
});

Deno.test("parseEndpoint() warns about unknown keys and ignores them", () => {
  const { spec: parsed, issues } = parseEndpoint(
    spec({
      frontmatter:
        "resource: users\nprotocol: http\nmethod: GET\npath: /u\nversion: 1\nowner: team-a\nretry:\n  tries: 3\n",
    }),
    FILE,
  );
  assert(parsed);
  assertEquals(issues.map((i) => [i.severity, i.message, i.line]), [
    ["warning", 'Unknown frontmatter key "retry.tries" is ignored', 9],
    ["warning", 'Unknown frontmatter key "owner" is ignored', 7],
  ]);
});

Deno.test("parseEndpoint() reports broken YAML with the file line", () => {
  const [error] = errorsOf("---\nresource: users\nmethod: [GET\n---\n");
  assertEquals(error.code, "SPEC_PARSE_ERROR");
  assertMatch(error.message, /^Cannot parse YAML/);
  assert(error.line! >= 3);
});

Deno.test("parseEndpoint() requires frontmatter and both required sections", () => {
  assertEquals(
    errorsOf("# No frontmatter\n")[0].message,
    "Missing frontmatter at the top of the endpoint file",
  );
  assertEquals(errorsOf("---\nresource: x\n")[0].message, "Frontmatter is not closed");
  const noExpected = spec({ body: "## Request\n\n```http\nGET /u\n```\n" });
  assertEquals(errorsOf(noExpected).map((e) => e.message), [
    'Missing section "## Expected response"',
  ]);
});

Deno.test("parseEndpoint() enforces exactly one http block per required section", () => {
  const two = spec({
    body:
      "## Request\n\n```http\nGET /u\n```\n\n```http\nGET /v\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n",
  });
  const [error] = errorsOf(two);
  assertMatch(error.message, /exactly one ```http block, found 2/);
  assertEquals(error.line, 14);
  const none = spec({
    body: "## Request\n\nGET /u\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n",
  });
  assertMatch(errorsOf(none)[0].message, /found 0/);
});

Deno.test("parseEndpoint() enforces the section order and flags duplicates", () => {
  const misordered = spec({
    body:
      "## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n\n## Request\n\n```http\nGET /u\n```\n",
  });
  assertEquals(
    errorsOf(misordered)[0].message,
    'Section "## Request" must come before "## Expected response"',
  );
  const twice = spec({
    body:
      "## Request\n\n```http\nGET /u\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n\n## Notes\n\na\n\n## Notes\n\nb\n",
  });
  assertEquals(errorsOf(twice)[0].message, 'Section "## Notes" appears twice');
  assertEquals(SECTIONS.length, 11);
});

Deno.test("parseEndpoint() requires ## Schema with a JSON block in schema mode", () => {
  const frontmatter =
    "resource: users\nprotocol: http\nmethod: GET\npath: /u\nversion: 1\nresponse:\n  match: schema\n";
  assertMatch(errorsOf(spec({ frontmatter }))[0].message, /"## Schema" is required/);
  const body =
    '## Request\n\n```http\nGET /u\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n\n## Schema\n\n```json\n{"type": "object",}\n```\n';
  const [error] = errorsOf(spec({ frontmatter, body }));
  assertMatch(error.message, /^Cannot parse schema JSON/);
  assertEquals(error.line, 25);
  const good = body.replace('{"type": "object",}', '{"type": "object"}');
  assertEquals(parseEndpoint(spec({ frontmatter, body: good }), FILE).spec?.schema?.value, {
    type: "object",
  });
});

Deno.test("parseEndpoint() accepts the three request-line forms", () => {
  for (const target of ["{{baseUrl}}/users", "/users", "https://api.example.com/users"]) {
    const text = spec({
      body:
        `## Request\n\n\`\`\`http\nGET ${target}\n\`\`\`\n\n## Expected response\n\n\`\`\`http\nHTTP/1.1 200 OK\n\`\`\`\n`,
    });
    assertEquals(parseEndpoint(text, FILE).spec?.request.target, target);
  }
  const bad = spec({
    body:
      "## Request\n\n```http\nGET users\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n",
  });
  assertEquals(errorsOf(bad)[0].code, "VALIDATION_ERROR");
});

Deno.test("parseEndpoint() requires the request method to match the frontmatter", () => {
  const text = spec({
    body:
      "## Request\n\n```http\nPOST /u\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n",
  });
  assertEquals(errorsOf(text)[0].message, "Request line says POST but frontmatter says GET");
});

Deno.test("parseEndpoint() reads error responses, assertions and the agent task", () => {
  const body =
    "## Request\n\n```http\nGET /u\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n\n" +
    "## Error responses\n\n```http\nHTTP/1.1 404 Not Found\n\n{}\n```\n\n```http\nHTTP/1.1 500 Internal Server Error\n```\n\n" +
    "## Assertions\n\n- status: 200\n- `body.id: exists`\n\n## Tests\n\n```agent-task\nTry ids.\n```\n\n## Notes\n\nFree {{ text.\n";
  const { spec: parsed, issues } = parseEndpoint(spec({ body }), FILE);
  assertEquals(issues, []);
  assertEquals(parsed!.errorResponses.map((r) => r.status), [404, 500]);
  assertEquals(parsed!.assertions.map((a) => [a.source, a.line]), [["status: 200", 34], [
    "body.id: exists",
    35,
  ]]);
  assertEquals(parsed!.tests, "Try ids.");
  assertEquals(parsed!.notes, "Free {{ text.");
});

Deno.test("parseEndpoint() flags malformed placeholders in executable sections only", () => {
  const body =
    "## Request\n\n```http\nGET /u/{{id\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n";
  const [error] = errorsOf(spec({ body }));
  assertEquals([error.code, error.line], ["VALIDATION_ERROR", 11]);
});

Deno.test("parseEndpoint() reads a ws script, and needs one", () => {
  const frontmatter = "resource: users\nprotocol: ws\nmethod: GET\npath: /u\nversion: 1\n";
  const body = "## Request\n\n```http\nGET ws://h/feed\n```\n\n## Messages\n\n```ws\n" +
    '> {"op": "sub"}\n< {"ok": true}\nclose: 1000\n```\n';
  const { spec: parsed, issues } = parseEndpoint(spec({ frontmatter, body }), FILE);
  assertEquals(issues, []);
  assertEquals(parsed?.protocol, "ws");
  assertEquals(parsed?.expected.status, 101);
  assertEquals(parsed?.messages?.steps.map((s) => s.kind), ["send", "expect", "close"]);
  assertEquals(errorsOf(spec({ frontmatter })).map((i) => i.message), [
    'A protocol: ws file needs a "## Messages" section',
  ]);
});

Deno.test("parseEndpoint() uses METHOD path as title when there is no heading", () => {
  const text = spec({
    body:
      "## Request\n\n```http\nGET /u\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n",
  });
  assertEquals(parseEndpoint(text, FILE).spec?.title, "GET /users/:id");
});

Deno.test("parseEndpoint() handles CRLF line endings and a BOM", () => {
  const text = "\uFEFF" + spec().replace(/\n/g, "\r\n");
  const { spec: parsed, issues } = parseEndpoint(text, FILE);
  assertEquals(issues, []);
  assertEquals(parsed?.request.target, "{{baseUrl}}/users/:id");
});

Deno.test("parseEndpoint() reads standalone: false without a warning, and refuses a non-boolean", () => {
  const base = "resource: users\nprotocol: http\nmethod: GET\npath: /u\nversion: 1\n";
  const inFlow = parseEndpoint(spec({ frontmatter: base + "standalone: false\n" }), FILE);
  assertEquals(inFlow.issues, []);
  assertEquals(inFlow.spec?.standalone, false);
  assertEquals(
    parseEndpoint(spec({ frontmatter: base + "standalone: true\n" }), FILE).spec?.standalone,
    undefined,
  );
  const [error] = errorsOf(spec({ frontmatter: base + "standalone: no-thanks\n" }));
  assertEquals([error.message, error.line], ['Field "standalone" must be true or false', 7]);
});
