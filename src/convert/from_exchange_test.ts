import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { parseEndpoint } from "../engine/parse/spec.ts";
import { scanSecrets } from "../engine/secrets/scan.ts";
import { draftFromExchange, type LiveExchange, renderExchangeDraft } from "./from_exchange.ts";

const token =
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
const apiKey = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";

function exchange(extra: Partial<LiveExchange> = {}): LiveExchange {
  return {
    method: "POST",
    template: "/v1/orders/:id/items",
    params: { id: "42" },
    query: `page=2&api_key=${apiKey}`,
    requestHeaders: [
      ["authorization", `Bearer ${token}`],
      ["x-api-key", apiKey],
      ["cookie", "session=s3cr3tsessionvalue1234"],
      ["content-type", "application/json"],
      ["user-agent", "curl/8"],
      ["x-forwarded-for", "10.0.0.1"],
    ],
    requestBody: JSON.stringify({ sku: "A1", password: "hunter2hunter2" }),
    response: {
      status: 201,
      reason: "Created",
      headers: [["content-type", "application/json"], ["set-cookie", "session=abcdef123456789"]],
      body: JSON.stringify({ id: 9, accessToken: token, total: 3 }),
    },
    ...extra,
  };
}

Deno.test("draftFromExchange() writes a valid endpoint file that holds no credential", () => {
  const drafted = draftFromExchange(exchange(), "apispec proxy");
  assertEquals(drafted.file, "apis/orders/post-v1-orders-id-items.md");
  const text = renderExchangeDraft(drafted);
  for (
    const secret of [token, apiKey, "s3cr3tsessionvalue1234", "hunter2hunter2", "abcdef123456789"]
  ) {
    assertEquals(text.includes(secret), false, `${secret} leaked:\n${text}`);
  }
  assertEquals(scanSecrets(text, "draft"), []);
  const { spec, issues } = parseEndpoint(text, "draft.md");
  assert(spec, JSON.stringify(issues));
  assertEquals(issues.filter((i) => i.severity === "error"), []);
  assertEquals(spec.auth, "bearer");
  assertEquals(spec.path, "/v1/orders/:id/items");
  assertEquals(spec.vars, { id: "42" });
  assertEquals(spec.expected.status, 201);
  assertStringIncludes(
    spec.request.target,
    "{{baseUrl}}/v1/orders/:id/items?page=2&api_key={{apiKey}}",
  );
  const names = spec.request.headers.map((h) => `${h.name}: ${h.value}`);
  assertEquals(names, [
    "X-Api-Key: {{xApiKey}}",
    "Cookie: {{cookie}}",
    "Content-Type: application/json",
  ]);
  assertEquals(JSON.parse(spec.request.body), { sku: "A1", password: "{{password}}" });
  assertEquals(JSON.parse(spec.expected.body), { id: 9, accessToken: "****", total: 3 });
  assertEquals(
    drafted.secrets.map((s) => s.variable).sort(),
    ["apiKey", "authToken", "cookie", "password", "xApiKey"],
  );
});

Deno.test("draftFromExchange() leaves binary and very long bodies out", () => {
  const drafted = draftFromExchange(
    exchange({
      method: "GET",
      template: "/files/:id",
      query: "",
      requestHeaders: [],
      requestBody: "",
      response: {
        status: 200,
        reason: "OK",
        headers: [["content-type", "application/octet-stream"]],
        body: "\u0000\u0001binary",
      },
    }),
    "apispec proxy",
  );
  assertEquals(drafted.draft.expected.body, undefined);
  assertEquals(drafted.draft.request.body, undefined);
  const text = renderExchangeDraft(drafted);
  assertStringIncludes(text, "HTTP/1.1 200 OK\nContent-Type: application/octet-stream\n```");
});

Deno.test("draftFromExchange() replaces values under credential names even when they look plain", () => {
  const drafted = draftFromExchange(
    exchange({
      method: "POST",
      template: "/login",
      params: {},
      query: "api_key=plainkey1&page=1",
      requestHeaders: [["x-api-key", "key-123"], ["x-session-id", "abc"], ["x-request-id", "r-1"]],
      requestBody: "username=ada&password=pw1&author=Ada",
      response: { status: 200, reason: "OK", headers: [], body: "" },
    }),
    "apispec proxy",
  );
  const text = renderExchangeDraft(drafted);
  for (const secret of ["plainkey1", "key-123", "pw1"]) {
    assertEquals(text.includes(secret), false, `${secret} leaked:\n${text}`);
  }
  assertStringIncludes(text, "POST {{baseUrl}}/login?api_key={{apiKey}}&page=1");
  assertStringIncludes(text, "X-Api-Key: {{xApiKey}}");
  assertStringIncludes(text, "X-Session-Id: {{xSessionId}}");
  assertStringIncludes(text, "X-Request-Id: r-1");
  assertStringIncludes(text, "username=ada&password={{password}}&author=Ada");
  const { spec } = parseEndpoint(text, "draft.md");
  assert(spec);
});
