import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { parseEndpoint } from "../parse/spec.ts";
import type { EndpointRoute } from "../routes/route_table.ts";
import { compareExchange, type ObservedExchange } from "./compare_exchange.ts";

function route(path: string, expected: string, extra = "", frontmatter = ""): EndpointRoute {
  const text = `---\nresource: t\nprotocol: http\nmethod: GET\npath: ${path}\nversion: 1\n` +
    `${frontmatter}---\n## Request\n\n\`\`\`http\nGET {{baseUrl}}${path}\n\`\`\`\n\n` +
    `## Expected response\n\n\`\`\`http\n${expected}\n\`\`\`\n${extra}`;
  const { spec, issues } = parseEndpoint(text, "apis/t/get.md");
  assert(spec, JSON.stringify(issues));
  return { method: "GET", path, file: spec.file, spec };
}

function observed(status: number, body: string, extra: Partial<ObservedExchange> = {}) {
  return {
    method: "GET",
    url: "http://127.0.0.1:8080/users/7",
    response: {
      status,
      reason: "",
      headers: [["content-type", "application/json"]] as [string, string][],
      body,
    },
    bodyComplete: true,
    ...extra,
  };
}

const user = route(
  "/users/:id",
  'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": {{id}}, "name": "Ada"}',
  '\n## Error responses\n\n```http\nHTTP/1.1 404 Not Found\nContent-Type: application/json\n\n{"error": "no user {{id}}"}\n```\n',
);

Deno.test("compareExchange() compares in shape mode, with :param values filled JSON-aware", () => {
  const ok = compareExchange(user, { id: "7" }, observed(200, '{"id": 7, "name": "Bo", "x": 1}'));
  assertEquals(ok.passed, true);
  assertEquals(ok.error_type, null);
  const bad = compareExchange(user, { id: "7" }, observed(200, '{"id": "7"}'));
  assertEquals(bad.passed, false);
  assertEquals(bad.error_type, "CONTRACT_MISMATCH");
  assertStringIncludes(bad.diff.body!, "body.id: expected number, got string");
  assertStringIncludes(bad.diff.body!, "body.name: expected string, got missing");
});

Deno.test("compareExchange() meets a documented error status with its error block", () => {
  const documented = compareExchange(user, { id: "9" }, observed(404, '{"error": "gone"}'));
  assertEquals(documented.passed, true);
  assertEquals(documented.compared, "error response");
  const undocumented = compareExchange(user, { id: "9" }, observed(500, "oops"));
  assertEquals(undocumented.passed, false);
  assertEquals(undocumented.diff.status, "expected 200, got 500");
  const auth = compareExchange(user, { id: "9" }, observed(401, "{}"));
  assertEquals(auth.error_type, "AUTH_FAILED");
});

Deno.test("compareExchange() leaves the body out for HEAD and for a body cut short", () => {
  const head = compareExchange(user, { id: "1" }, { ...observed(200, ""), method: "HEAD" });
  assertEquals(head.passed, true);
  const cut = compareExchange(
    user,
    { id: "1" },
    observed(200, '{"id": "tru', { bodyComplete: false }),
  );
  assertEquals(cut.passed, true);
  const missingHeader = compareExchange(user, { id: "1" }, {
    ...observed(200, ""),
    method: "HEAD",
    response: { status: 200, reason: "", headers: [], body: "" },
  });
  assertEquals(missingHeader.diff.headers.length, 1);
});

Deno.test("compareExchange() compares strict values with vars filled", () => {
  const strict = route(
    "/config",
    'HTTP/1.1 200 OK\n\n{"region": "{{region}}", "at": "x"}',
    "",
    "vars:\n  region: eu\nresponse:\n  match: strict\n  ignore: [body.at]\n",
  );
  assertEquals(
    compareExchange(strict, {}, observed(200, '{"region": "eu", "at": "y"}')).passed,
    true,
  );
  const wrong = compareExchange(strict, {}, observed(200, '{"region": "us", "at": "y"}'));
  assertStringIncludes(wrong.diff.body!, 'body.region: expected "eu", got "us"');
});
