import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { parseEndpoint } from "../engine/parse/spec.ts";
import { createMockHandler, type MockLogEntry, type MockRoute, splitUrl } from "./handler.ts";
import { corsPolicy, originAllowed } from "./cors.ts";
import { buildRouteTable } from "../engine/routes/route_table.ts";

/** An endpoint file as text; `extra` is appended after the expected response. */
function specText(method: string, path: string, expected: string, extra = "", vars = ""): string {
  return `---\nresource: t\nprotocol: http\nmethod: ${method}\npath: ${path}\nversion: 1\n${vars}---\n` +
    `## Request\n\n\`\`\`http\n${method} {{baseUrl}}${path}\n\`\`\`\n\n` +
    `## Expected response\n\n\`\`\`http\n${expected}\n\`\`\`\n${extra}`;
}

function routeOf(file: string, text: string): MockRoute {
  const { spec, issues } = parseEndpoint(text, file);
  assert(spec, JSON.stringify(issues));
  return { method: spec.method, path: spec.path, file, spec };
}

const errorBlock = (block: string) => `\n## Error responses\n\n\`\`\`http\n${block}\n\`\`\`\n`;

function mock(routes: MockRoute[], latencyMs = 0) {
  const table = buildRouteTable(routes);
  const log: MockLogEntry[] = [];
  const handle = createMockHandler(() => table, { latencyMs, log: (e) => log.push(e) });
  const call = (method: string, path: string, headers: Record<string, string> = {}) =>
    handle(new Request(`http://127.0.0.1:4001${path}`, { method, headers }));
  return { call, log };
}

const users = routeOf(
  "apis/users/get-user.md",
  specText(
    "GET",
    "/users/:userId",
    'HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 3\nX-Total: {{userId}}\n\n{"id": "{{userId}}", "team": "{{team}}", "self": "{{baseUrl}}/users/{{userId}}", "other": "{{unknown}}"}',
    errorBlock(
      'HTTP/1.1 404 Not Found\nContent-Type: application/json\n\n{"error": "no user {{userId}}"}',
    ),
    "vars:\n  team: core\n  userId: 1\n",
  ),
);
const text = routeOf(
  "apis/misc/get-text.md",
  specText("GET", "/text", "HTTP/1.1 200 OK\n\nplain words"),
);
const json = routeOf(
  "apis/misc/get-json.md",
  specText("GET", "/json", 'HTTP/1.1 200 OK\n\n{"a": 1}'),
);
const deleted = routeOf(
  "apis/users/delete-user.md",
  specText("DELETE", "/users/:userId", "HTTP/1.1 204 No Content\nX-Deleted: {{userId}}"),
);

Deno.test("handler serves the expected response with :param values, vars and baseUrl filled in", async () => {
  const { call, log } = mock([users]);
  const response = await call("GET", "/users/42?verbose=1");
  assertEquals(response.status, 200);
  assertEquals(response.headers.get("content-type"), "application/json");
  assertEquals(response.headers.get("x-total"), "42");
  // The documented Content-Length no longer fits the filled-in body, so it is left out.
  assertEquals(response.headers.get("content-length"), null);
  assertEquals(await response.json(), {
    id: "42",
    team: "core",
    self: "http://127.0.0.1:4001/users/42",
    other: "{{unknown}}",
  });
  assertEquals(log, [{
    method: "GET",
    target: "/users/42?verbose=1",
    status: 200,
    file: "apis/users/get-user.md",
  }]);
});

Deno.test("handler serves the error block that Prefer: code= asks for", async () => {
  const { call } = mock([users]);
  const response = await call("GET", "/users/7", { prefer: "code=404" });
  assertEquals(response.status, 404);
  assertEquals(response.headers.get("preference-applied"), "code=404");
  assertEquals(await response.json(), { error: "no user 7" });
  const expected = await call("GET", "/users/7", { prefer: "respond-async, code=200" });
  assertEquals(expected.status, 200);
  await expected.body?.cancel();
});

Deno.test("handler answers 406 naming the documented statuses when Prefer names another", async () => {
  const { call } = mock([users]);
  const response = await call("GET", "/users/7", { prefer: "code=503" });
  assertEquals(response.status, 406);
  assertEquals(response.headers.get("content-type"), "application/problem+json");
  const body = await response.json();
  assertEquals(body.documented, [200, 404]);
  assertEquals(body.preferred, 503);
  assertStringIncludes(body.detail, "apis/users/get-user.md documents only 200, 404");
});

Deno.test("handler infers a JSON or text content type only when the block names none", async () => {
  const { call } = mock([text, json]);
  const plain = await call("GET", "/text");
  assertEquals(plain.headers.get("content-type"), "text/plain; charset=utf-8");
  assertEquals(await plain.text(), "plain words");
  const parsed = await call("GET", "/json");
  assertEquals(parsed.headers.get("content-type"), "application/json");
  assertEquals(await parsed.json(), { a: 1 });
});

Deno.test("handler answers HEAD like GET without a body, and 204 without a body", async () => {
  const { call, log } = mock([users, deleted]);
  const head = await call("HEAD", "/users/5");
  assertEquals(head.status, 200);
  assertEquals(head.headers.get("x-total"), "5");
  assertEquals(head.body, null);
  const get = await call("GET", "/users/5");
  assertEquals(head.headers.get("content-length"), String((await get.bytes()).length));
  const gone = await call("DELETE", "/users/5");
  assertEquals(gone.status, 204);
  assertEquals(gone.headers.get("x-deleted"), "5");
  assertEquals(gone.body, null);
  assertEquals(log.map((e) => e.file), [
    "apis/users/get-user.md",
    "apis/users/get-user.md",
    "apis/users/delete-user.md",
  ]);
});

Deno.test("handler answers an unknown path with a 404 problem listing nearby routes", async () => {
  const { call, log } = mock([users, deleted, text]);
  const response = await call("GET", "/users");
  assertEquals(response.status, 404);
  assertEquals(response.headers.get("content-type"), "application/problem+json");
  const body = await response.json();
  assertEquals(body.type, "urn:apispec:mock:route-not-found");
  assertEquals(body.total_routes, 3);
  assertEquals(body.routes.map((r: { method: string }) => r.method), ["GET", "DELETE"]);
  assertEquals(log[0].file, undefined);
  const elsewhere = await (await call("GET", "/nothing/here")).json();
  assertEquals(elsewhere.routes.length, 3);
});

Deno.test("handler answers a known path with another method 405 and an Allow header", async () => {
  const { call } = mock([users, deleted]);
  const response = await call("PUT", "/users/1");
  assertEquals(response.status, 405);
  assertEquals(response.headers.get("allow"), "GET, HEAD, DELETE, OPTIONS");
  const body = await response.json();
  assertEquals(body.allowed, ["GET", "HEAD", "DELETE", "OPTIONS"]);
  assertStringIncludes(body.detail, "PUT /users/1 is not documented");
});

Deno.test("handler answers a CORS preflight for any origin, path and requested headers", async () => {
  const { call } = mock([users]);
  const response = await call("OPTIONS", "/users/1", {
    origin: "http://localhost:5173",
    "access-control-request-method": "PATCH",
    "access-control-request-headers": "content-type, x-trace",
  });
  assertEquals(response.status, 204);
  assertEquals(response.headers.get("access-control-allow-origin"), "http://localhost:5173");
  assertEquals(response.headers.get("access-control-allow-credentials"), "true");
  assertStringIncludes(response.headers.get("access-control-allow-methods")!, "PATCH");
  assertEquals(response.headers.get("access-control-allow-headers"), "content-type, x-trace");
  assertStringIncludes(response.headers.get("vary")!, "Origin");
});

Deno.test("handler adds CORS headers to every answer, echoing a loopback Origin", async () => {
  const { call } = mock([users]);
  const anonymous = await call("GET", "/users/1");
  assertEquals(anonymous.headers.get("access-control-allow-origin"), "*");
  await anonymous.body?.cancel();
  const browser = await call("GET", "/users/1", { origin: "http://localhost:3000" });
  assertEquals(browser.headers.get("access-control-allow-origin"), "http://localhost:3000");
  assertEquals(browser.headers.get("access-control-expose-headers"), "x-total");
  assertEquals(browser.headers.get("vary"), "Origin");
  await browser.body?.cancel();
  const missing = await call("GET", "/none", { origin: "http://127.0.0.1:8080" });
  assertEquals(missing.headers.get("access-control-allow-origin"), "http://127.0.0.1:8080");
  await missing.body?.cancel();
});

Deno.test("handler refuses a page from another origin with a 403 and no CORS grant", async () => {
  const { call } = mock([users]);
  for (const origin of ["http://app.test", "https://localhost.evil.example", "null"]) {
    const response = await call("GET", "/users/1", { origin });
    assertEquals(response.status, 403, origin);
    assertEquals(response.headers.get("access-control-allow-origin"), null);
    const body = await response.json();
    assertEquals(body.type, "urn:apispec:mock:origin-not-allowed");
    assertStringIncludes(body.fix, origin === "null" ? "local server" : `--cors-origin=${origin}`);
  }
  const preflight = await call("OPTIONS", "/users/1", {
    origin: "http://app.test",
    "access-control-request-method": "POST",
    "access-control-request-private-network": "true",
  });
  assertEquals(preflight.status, 403);
  assertEquals(preflight.headers.get("access-control-allow-private-network"), null);
  await preflight.body?.cancel();
});

Deno.test("corsPolicy() reads --cors-origin values; a named origin is allowed, * allows all", () => {
  const named = corsPolicy(["https://App.Example.test:8443/"]);
  assert(!("invalid" in named));
  assert(originAllowed(named, "https://app.example.test:8443"));
  assert(!originAllowed(named, "https://app.example.test"));
  assert(originAllowed(named, "http://[::1]:5173"));
  assert(originAllowed(named, "http://dev.localhost:5173"));
  const any = corsPolicy(["*"]);
  assert(!("invalid" in any) && originAllowed(any, "https://anywhere.example"));
  for (
    const bad of ["app.example.test", "https://a.test/path", "ftp://a.test", "https://u:p@a.test"]
  ) {
    assertEquals(corsPolicy([bad]), { invalid: bad });
  }
});

Deno.test("handler answers a plain OPTIONS with the path's Allow list", async () => {
  const { call } = mock([users]);
  const response = await call("OPTIONS", "/users/1");
  assertEquals(response.status, 204);
  assertEquals(response.headers.get("allow"), "GET, HEAD, OPTIONS");
});

Deno.test("handler waits at least the latency before answering", async () => {
  const { call } = mock([text], 60);
  const started = performance.now();
  const response = await call("GET", "/text");
  assert(performance.now() - started >= 55, "answered before the latency passed");
  assertEquals(await response.text(), "plain words");
});

Deno.test("handler answers 500 naming the file when the documented response cannot be sent", async () => {
  const early = routeOf(
    "apis/misc/get-early.md",
    specText("GET", "/early", "HTTP/1.1 103 Early Hints"),
  );
  const { call } = mock([early]);
  const response = await call("GET", "/early");
  assertEquals(response.status, 500);
  assertStringIncludes((await response.json()).detail, "apis/misc/get-early.md");
});

Deno.test("splitUrl() separates origin, path and query", () => {
  assertEquals(splitUrl("http://h:1/a/b?x=1"), {
    origin: "http://h:1",
    path: "/a/b",
    target: "/a/b?x=1",
  });
  assertEquals(splitUrl("http://h:1"), { origin: "http://h:1", path: "/", target: "/" });
});

Deno.test("handler fills :param values JSON-aware, so a JSON body stays JSON", async () => {
  const route = routeOf(
    "apis/items/get-item.md",
    specText(
      "GET",
      "/items/:id",
      'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": {{id}}, "label": "item {{id}}"}',
    ),
  );
  const inferred = routeOf(
    "apis/items/get-tag.md",
    specText("GET", "/tags/:tag", 'HTTP/1.1 200 OK\n\n{"tag": {{tag}}}'),
  );
  const { call } = mock([route, inferred]);
  assertEquals(await (await call("GET", "/items/42")).json(), { id: 42, label: "item 42" });
  assertEquals(await (await call("GET", "/items/abc")).json(), { id: "abc", label: "item abc" });
  const quoted = await call("GET", `/items/${encodeURIComponent('a"b')}`);
  assertEquals(quoted.headers.get("content-type"), "application/json");
  assertEquals(await quoted.json(), { id: 'a"b', label: 'item a"b' });
  const tag = await call("GET", "/tags/new");
  assertEquals(tag.headers.get("content-type"), "application/json");
  assertEquals(await tag.json(), { tag: "new" });
});

/** A sequence of "random" numbers, repeating its last. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)];
}

Deno.test("handler --error-rate answers a documented 5xx block, else a plain 500", async () => {
  const flaky = routeOf(
    "apis/misc/get-flaky.md",
    specText(
      "GET",
      "/flaky/:id",
      'HTTP/1.1 200 OK\n\n{"id": {{id}}}',
      errorBlock("HTTP/1.1 404 Not Found") +
        '\n```http\nHTTP/1.1 503 Service Unavailable\nRetry-After: 1\n\n{"busy": {{id}}}\n```\n',
    ),
  );
  const table = buildRouteTable([flaky, text]);
  const log: MockLogEntry[] = [];
  // 0.1 < 0.5 faults the first request; 0.9 does not fault the second.
  const handle = createMockHandler(() => table, {
    errorRate: 0.5,
    random: sequence(0.1, 0, 0.9, 0.1, 0),
    log: (e) => log.push(e),
  });
  const get = (path: string, headers = {}) =>
    handle(new Request(`http://127.0.0.1:4001${path}`, { headers }));
  const faulted = await get("/flaky/4");
  assertEquals(faulted.status, 503);
  assertEquals(faulted.headers.get("retry-after"), "1");
  assertEquals(await faulted.json(), { busy: 4 });
  assertEquals((await get("/flaky/4")).status, 200);
  const generic = await get("/text");
  assertEquals(generic.status, 500);
  assertEquals((await generic.json()).type, "urn:apispec:mock:injected-fault");
  assertEquals(log.map((e) => e.note), ["injected fault", undefined, "injected fault"]);
  // An explicit Prefer: code= is never faulted.
  const always = createMockHandler(() => table, { errorRate: 1 });
  const preferred = await always(
    new Request("http://127.0.0.1:4001/flaky/1", { headers: { prefer: "code=404" } }),
  );
  assertEquals(preferred.status, 404);
});

Deno.test("handler honours Prefer: delay= and a latency range", async () => {
  const { call } = mock([text]);
  const started = performance.now();
  const delayed = await call("GET", "/text", { prefer: "delay=80" });
  assert(performance.now() - started >= 75, "answered before the preferred delay");
  assertEquals(delayed.headers.get("preference-applied"), "delay=80");
  await delayed.body?.cancel();

  const table = buildRouteTable([text]);
  const waits: number[] = [];
  for (const random of [0, 0.9999]) {
    const handle = createMockHandler(() => table, {
      latency: { min: 20, max: 60 },
      random: () => random,
    });
    const begun = performance.now();
    await (await handle(new Request("http://127.0.0.1:4001/text"))).body?.cancel();
    waits.push(performance.now() - begun);
  }
  assert(waits[0] >= 18 && waits[1] >= 58, `waited ${waits.map((w) => w.toFixed(0))} ms`);
});
