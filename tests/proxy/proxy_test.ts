/**
 * `apispec proxy` as a real process between real HTTP clients and a real
 * loopback API: it forwards unchanged and streaming, drops hop-by-hop
 * headers, compares each exchange with its endpoint file, reports it (masked)
 * on stderr, to a JSON Lines file and on its counts route, and records drafts
 * of undocumented routes.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { gzipSync } from "node:zlib";
import { apispec } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { eventually, spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const json = "Content-Type: application/json\n\n";

/** One documented endpoint, with a documented 404. */
function documented() {
  return collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint({
      path: "/users/:id",
      expected: `HTTP/1.1 200 OK\n${json}{"id": {{id}}, "name": "Ada"}`,
      sections: "\n## Error responses\n\n```http\nHTTP/1.1 404 Not Found\n" +
        `${json}{"error": "no user"}\n\`\`\`\n`,
    }),
  });
}

function startProxy(args: string[], cwd: string) {
  return spawnApispec(["proxy", "--port=0", ...args], {
    cwd,
    ready: /Listening on (http:\/\/\S+)/,
  });
}

/** Whole lines of a JSON Lines file, parsed. */
async function jsonLines(path: string): Promise<Record<string, unknown>[]> {
  const text = await Deno.readTextFile(path).catch(() => "");
  return text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

Deno.test("proxy forwards requests and responses unchanged, streaming, without hop-by-hop headers", async (t) => {
  const big = "x".repeat(2 * 1024 * 1024);
  const gzipped = new Uint8Array(gzipSync(new TextEncoder().encode(JSON.stringify({ id: 1 }))));
  let releaseStream!: () => void;
  const streamReleased = new Promise<void>((resolve) => releaseStream = resolve);
  await using api = startTestApi((request, body) => {
    const path = new URL(request.url).pathname;
    if (path === "/users/1") {
      const headers = new Headers({ "content-type": "application/json", "x-trace": "t-1" });
      headers.append("set-cookie", "a=1; Path=/");
      headers.append("set-cookie", "b=2; Path=/");
      return new Response(JSON.stringify({ id: 1, name: "Ada" }), { status: 200, headers });
    }
    if (path === "/echo") return jsonResponse({ got: body }, 201);
    if (path === "/moved") {
      return new Response(null, { status: 302, headers: { location: "/users/1" } });
    }
    if (path === "/big") return new Response(big, { headers: { "content-type": "text/plain" } });
    if (path === "/gzip") {
      return new Response(gzipped, {
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
      });
    }
    if (path === "/stream") {
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream({
          async start(controller) {
            controller.enqueue(encoder.encode("first;"));
            await streamReleased;
            controller.enqueue(encoder.encode("last"));
            controller.close();
          },
        }),
        { headers: { "content-type": "text/plain" } },
      );
    }
    return new Response("not here", { status: 404 });
  });
  await using ws = await workspace(documented());
  await using proxy = await startProxy([`--target=${api.url}`], ws.dir);

  await t.step("status, repeated headers and body come back as the API sent them", async () => {
    const response = await fetch(`${proxy.url}/users/1`);
    assertEquals(response.status, 200);
    assertEquals(response.headers.get("x-trace"), "t-1");
    assertEquals(response.headers.getSetCookie(), ["a=1; Path=/", "b=2; Path=/"]);
    assertEquals(await response.json(), { id: 1, name: "Ada" });
  });

  await t.step("request bodies and methods reach the API; redirects are not followed", async () => {
    const echoed = await fetch(`${proxy.url}/echo?q=1`, { method: "POST", body: "hello body" });
    assertEquals(echoed.status, 201);
    assertEquals(await echoed.json(), { got: "hello body" });
    assertEquals(api.requests.at(-1)!.path, "/echo?q=1");
    const moved = await fetch(`${proxy.url}/moved`, { redirect: "manual" });
    assertEquals(moved.status, 302);
    assertEquals(moved.headers.get("location"), "/users/1");
  });

  await t.step(
    "hop-by-hop headers stay on their hop; Via and X-Forwarded-* are added",
    async () => {
      const response = await fetch(`${proxy.url}/users/1`, {
        headers: {
          connection: "x-hop",
          "x-hop": "for the proxy only",
          "keep-alive": "timeout=5",
          "proxy-authorization": "Basic cHJveHk6cHJveHk=",
          "x-end-to-end": "kept",
        },
      });
      await response.body?.cancel();
      const seen = api.requests.at(-1)!.headers;
      assertEquals(seen["x-hop"], undefined);
      assertEquals(seen["keep-alive"], undefined);
      assertEquals(seen["proxy-authorization"], undefined);
      assertEquals(seen["x-end-to-end"], "kept");
      assertMatch(seen["via"], /^1\.1 apispec-[0-9a-f]{8}$/);
      assertEquals(seen["x-forwarded-for"], "127.0.0.1");
      assertEquals(seen["x-forwarded-proto"], "http");
    },
  );

  await t.step("compressed bodies pass as the same bytes, with their encoding", async () => {
    // Deno's fetch leaves an identity-requested body alone, so the bytes are the wire's.
    const response = await fetch(`${proxy.url}/gzip`, {
      headers: { "accept-encoding": "identity" },
    });
    assertEquals(response.headers.get("content-encoding"), "gzip");
    assertEquals(new Uint8Array(await response.arrayBuffer()), new Uint8Array(gzipped));
  });

  await t.step("a body larger than the comparison keeps is forwarded whole", async () => {
    const response = await fetch(`${proxy.url}/big`);
    assertEquals((await response.text()).length, big.length);
  });

  await t.step("a streamed body reaches the client before the API has finished it", async () => {
    const response = await fetch(`${proxy.url}/stream`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    assertEquals(new TextDecoder().decode(first.value), "first;");
    releaseStream();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    assertEquals(rest, "last");
  });
});

Deno.test("proxy compares each exchange with its endpoint file and reports it", async (t) => {
  await using api = startTestApi((request) => {
    const id = new URL(request.url).pathname.split("/").pop();
    if (id === "1") return jsonResponse({ id: 1, name: "Ada", extra: true });
    if (id === "2") return jsonResponse({ id: "2" });
    if (id === "9") return jsonResponse({ error: "no user" }, 404);
    return jsonResponse({ boom: true }, 500);
  });
  await using ws = await workspace(documented());
  const report = ws.path("out/exchanges.jsonl");
  await using proxy = await startProxy([`--target=${api.url}`, `--report=${report}`], ws.dir);
  for (const id of ["1", "2", "9", "3"]) await (await fetch(`${proxy.url}/users/${id}`)).text();
  await (await fetch(`${proxy.url}/health`)).text();
  await eventually(async () => (await jsonLines(report)).length === 5, "5 report lines");

  await t.step("stderr has one readable line per exchange, violations with their diff", () => {
    const err = proxy.stderr();
    assertStringIncludes(err, "pass GET /users/1 200 apis/users/get-user.md");
    assertStringIncludes(err, "FAIL GET /users/2 200 apis/users/get-user.md");
    assertStringIncludes(err, "· body.id: expected number, got string");
    // A documented error status is compared with its error block.
    assertStringIncludes(err, "pass GET /users/9 404 apis/users/get-user.md");
    assertStringIncludes(err, "FAIL GET /users/3 500 apis/users/get-user.md");
    assertStringIncludes(err, "· status: expected 200, got 500");
    assertStringIncludes(err, " new GET /health 500 (no endpoint file)");
    // NO_COLOR is set in tests: plain text, no escape codes.
    assertEquals(err.includes("\x1b["), false);
  });

  await t.step(
    "the report holds {timestamp, method, path, spec, status, passed, error_type, diff}",
    async () => {
      const lines = await jsonLines(report);
      assertEquals(Object.keys(lines[0]), [
        "timestamp",
        "method",
        "path",
        "spec",
        "status",
        "passed",
        "error_type",
        "diff",
      ]);
      assertMatch(String(lines[0].timestamp), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const byPath = Object.fromEntries(lines.map((l) => [l.path, l]));
      assertEquals(byPath["/users/1"].passed, true);
      assertEquals(byPath["/users/2"].error_type, "CONTRACT_MISMATCH");
      assertStringIncludes(
        (byPath["/users/2"].diff as { body: string }).body,
        "body.id: expected number, got string",
      );
      assertEquals(byPath["/users/9"].passed, true);
      assertEquals(byPath["/health"].spec, null);
      assertEquals(byPath["/health"].passed, null);
    },
  );

  await t.step(
    "GET /__apispec/proxy answers the counts; /exchanges lists violations first",
    async () => {
      const counts = await (await fetch(`${proxy.url}/__apispec/proxy`)).json();
      assertEquals(counts, { exchanges: 5, matched: 4, violations: 2, recorded: 0 });
      const { exchanges } = await (await fetch(`${proxy.url}/__apispec/proxy/exchanges`)).json();
      assertEquals(exchanges.slice(0, 2).map((e: { path: string }) => e.path), [
        "/users/3",
        "/users/2",
      ]);
      assertEquals(exchanges.length, 5);
      const post = await fetch(`${proxy.url}/__apispec/proxy`, { method: "POST" });
      assertEquals(post.status, 405);
      await post.body?.cancel();
    },
  );

  await t.step("stopping prints the totals and exits 0", async () => {
    const stopped = await proxy.stop("SIGINT");
    assertEquals(stopped.code, 0, stopped.stderr);
    assertStringIncludes(
      stopped.stdout,
      "Proxy stopped: 5 exchanges, 4 matched, 2 violations, 0 recorded",
    );
  });
});

Deno.test("proxy --record writes one draft per undocumented route, with no credential in any output", async (t) => {
  const token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2VjcmV0LXNpZ25hdHVyZS12YWx1ZQ";
  const apiKey = "key-plain-123";
  const password = "hunter2";
  const sessionCookie = "sess-cookie-value-777";
  // A token the API issues looks random; word-like values ("issued-token-abc") are judged dummies.
  const issued = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))
    .replace(/[+/=]/g, "x");
  await using api = startTestApi((request) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/orders")) {
      return jsonResponse(
        { id: 42, total: 3, accessToken: issued },
        request.method === "POST" ? 201 : 200,
        {
          "set-cookie": `session=${sessionCookie}; HttpOnly`,
        },
      );
    }
    if (path.startsWith("/v1/users/")) return jsonResponse({ id: 7 });
    return jsonResponse({ error: "nope" }, 404);
  });
  await using ws = await workspace(documented());
  await ws.write("drafts/apis/orders/get-orders-id.md", "kept as it was\n");
  const report = ws.path("report.jsonl");
  await using proxy = await startProxy(
    [`--target=${api.url}`, "--record=drafts", `--report=${report}`],
    ws.dir,
  );
  const credentials = {
    authorization: `Bearer ${token}`,
    cookie: `session=${sessionCookie}`,
    "x-api-key": apiKey,
    "content-type": "application/json",
  };
  const calls = [
    fetch(`${proxy.url}/orders?api_key=${apiKey}`, {
      method: "POST",
      headers: credentials,
      body: JSON.stringify({ item: "book", password }),
    }),
    fetch(`${proxy.url}/orders/42`, { headers: credentials }),
    fetch(`${proxy.url}/orders/43`, { headers: credentials }),
    fetch(`${proxy.url}/v1/users/7/tags/3`, { headers: credentials }),
    fetch(`${proxy.url}/v1/users/8/tags/4`, { headers: credentials }),
    fetch(`${proxy.url}/missing`, { headers: credentials }),
  ];
  for (const call of calls) await (await call).text();
  await eventually(async () => (await jsonLines(report)).length === 6, "6 report lines");

  await t.step("the API received the credentials: the proxy is transparent", () => {
    assertEquals(api.requests[0].headers.authorization, `Bearer ${token}`);
    assertEquals(api.requests[0].headers["x-api-key"], apiKey);
  });

  await t.step("one draft per route template, never over an existing file", async () => {
    const post = await ws.read("drafts/apis/orders/post-orders.md");
    assertStringIncludes(post, "POST {{baseUrl}}/orders?api_key={{apiKey}}");
    assertEquals(await ws.read("drafts/apis/orders/get-orders-id.md"), "kept as it was\n");
    const tags = await ws.read("drafts/apis/users/get-v1-users-userid-tags-id.md");
    assertStringIncludes(tags, "path: /v1/users/:userId/tags/:id");
    assertEquals(await ws.exists("drafts/apis/missing"), false, "a 404 is not recorded");
    const counts = await (await fetch(`${proxy.url}/__apispec/proxy`)).json();
    assertEquals(counts.recorded, 2);
    assertStringIncludes(proxy.stderr(), "a draft for GET /orders/:id exists already");
  });

  await t.step("drafts pass validate", async () => {
    for (
      const file of [
        "drafts/apis/orders/post-orders.md",
        "drafts/apis/users/get-v1-users-userid-tags-id.md",
      ]
    ) {
      const result = await apispec(["validate", file], { cwd: ws.dir });
      assertEquals(result.code, 0, `${file}: ${result.stdout}${result.stderr}`);
    }
  });

  await t.step("no credential reaches the drafts, the report or stderr", async () => {
    const outputs = {
      "post draft": await ws.read("drafts/apis/orders/post-orders.md"),
      "tags draft": await ws.read("drafts/apis/users/get-v1-users-userid-tags-id.md"),
      report: await Deno.readTextFile(report),
      stderr: proxy.stderr(),
      stdout: proxy.stdout(),
    };
    for (const [where, text] of Object.entries(outputs)) {
      for (const secret of [token, apiKey, password, sessionCookie, issued]) {
        assert(
          !text.includes(secret),
          `${where} holds a credential (${secret.slice(0, 6)}…):\n${text}`,
        );
      }
    }
    const post = outputs["post draft"];
    assertStringIncludes(post, "auth: bearer");
    assertStringIncludes(post, "X-Api-Key: {{xApiKey}}");
    assertStringIncludes(post, "Cookie: {{cookie}}");
    assertStringIncludes(post, '"password": "{{password}}"');
  });
});

Deno.test("proxy answers 502 when the target is down, and exits 3 on a busy port", async () => {
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  await using ws = await workspace(documented());
  {
    await using proxy = await startProxy([`--target=http://127.0.0.1:${port}`], ws.dir);
    const response = await fetch(`${proxy.url}/users/1`);
    assertEquals(response.status, 502);
    assertEquals(response.headers.get("content-type"), "application/problem+json");
    assertEquals((await response.json()).type, "urn:apispec:proxy:target-unreachable");
    await eventually(
      () => Promise.resolve(proxy.stderr().includes("FAIL GET /users/1 502")),
      "the 502 line",
    );

    const busy = await apispec(
      ["proxy", `--target=http://127.0.0.1:${port}`, `--port=${new URL(proxy.url).port}`],
      { cwd: ws.dir },
    );
    assertEquals(busy.code, 3);
    assertStringIncludes(busy.stderr, `Port ${new URL(proxy.url).port} is already in use`);
  }
  const missing = await apispec(["proxy"], { cwd: ws.dir });
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, "proxy needs --target");
  const bad = await apispec(["proxy", "--target=ftp://x"], { cwd: ws.dir });
  assertEquals(bad.code, 2);
});

Deno.test("proxy answers 504 after --timeout, and 508 when the target leads back to it", async () => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => release = resolve);
  await using api = startTestApi(async () => {
    await released;
    return jsonResponse({ late: true });
  });
  await using ws = await workspace(documented());
  {
    await using proxy = await startProxy([`--target=${api.url}`, "--timeout=300"], ws.dir);
    const response = await fetch(`${proxy.url}/users/1`);
    assertEquals(response.status, 504);
    assertEquals((await response.json()).type, "urn:apispec:proxy:target-timeout");
    release();
  }
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  await using loop = await startProxy(
    [`--port=${port}`, `--target=http://127.0.0.1:${port}`, "-q"],
    ws.dir,
  );
  const looped = await fetch(`${loop.url}/users/1`);
  assertEquals(looped.status, 508);
  assertStringIncludes((await looped.json()).detail, "leads back to this proxy");
});

Deno.test("proxy finishes an exchange whose target answers without reading the upload", async () => {
  // A target that refuses a large body at once, without reading it.
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () =>
      new Response('{"error": "too large"}', {
        status: 413,
        headers: { "content-type": "application/json" },
      }),
  );
  await using ws = await workspace(documented());
  await using proxy = await startProxy([`--target=http://127.0.0.1:${server.addr.port}`], ws.dir);
  const upload = new Uint8Array(16 * 1024 * 1024).fill(97);
  const response = await fetch(`${proxy.url}/uploads`, { method: "POST", body: upload })
    .catch(() => undefined);
  if (response) {
    assertEquals(response.status, 413);
    await response.body?.cancel();
  }
  await eventually(
    () => Promise.resolve(proxy.stderr().includes("POST /uploads 413")),
    "the exchange's line",
  );
  const stopped = await proxy.stop("SIGINT");
  assertEquals(stopped.code, 0, stopped.stderr);
  assertStringIncludes(stopped.stdout, "Proxy stopped: 1 exchanges");
  await server.shutdown();
});
