import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { eventually, spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const json = "HTTP/1.1 200 OK\nContent-Type: application/json\n\n";

/** `apispec mock` running in `cwd`, once it prints its URL. */
function startMock(args: string[], options: { cwd: string }) {
  return spawnApispec(["mock", ...args], { ...options, ready: /Listening on (http:\/\/\S+)/ });
}

/** A small users API: a static route beside a :param route, an error block, two methods. */
function usersApi(): Record<string, string> {
  return collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint({
      path: "/users/:userId",
      expected: `${json}{"id": "{{userId}}", "name": "Ada"}`,
      sections: "\n## Error responses\n\n```http\nHTTP/1.1 404 Not Found\n" +
        'Content-Type: application/json\n\n{"error": "no user {{userId}}"}\n```\n',
    }),
    "apis/users/get-me.md": endpoint({ path: "/users/me", expected: `${json}{"id": "me"}` }),
    "apis/users/delete-user.md": endpoint({
      method: "DELETE",
      path: "/users/:userId",
      expected: "HTTP/1.1 204 No Content",
    }),
    "apis/users/post-user.md": endpoint({
      method: "POST",
      path: "/users",
      expected: 'HTTP/1.1 201 Created\nContent-Type: application/json\n\n{"id": 3}',
    }),
  });
}

Deno.test("mock serves the collection it finds, by route, with the documented responses", async (t) => {
  await using ws = await workspace(usersApi());
  await using mock = await startMock(["--port=0"], { cwd: ws.dir });
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${mock.url}${path}`, { method, headers });

  await t.step("prints the route table before listening", () => {
    const table = mock.stdout().split("Listening on")[0];
    assertStringIncludes(table, "4 routes from api-docs");
    assertMatch(table, /GET\s+\/users\/:userId\s+apis\/users\/get-user\.md/);
    assertMatch(table, /POST\s+\/users\s+apis\/users\/post-user\.md/);
    assertMatch(mock.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  await t.step("a static segment wins over a :param", async () => {
    assertEquals(await (await get("/users/me")).json(), { id: "me" });
  });

  await t.step(":param values are substituted into the body", async () => {
    const response = await get("/users/42");
    assertEquals(response.status, 200);
    assertEquals(await response.json(), { id: "42", name: "Ada" });
  });

  await t.step("Prefer: code= serves the matching error block", async () => {
    const response = await get("/users/7", { prefer: "code=404" });
    assertEquals(response.status, 404);
    assertEquals(await response.json(), { error: "no user 7" });
  });

  await t.step(
    "Prefer: code= with no documented block is a 406 naming the documented ones",
    async () => {
      const response = await get("/users/7", { prefer: "code=500" });
      assertEquals(response.status, 406);
      const body = await response.json();
      assertEquals(body.documented, [200, 404]);
    },
  );

  await t.step("an unknown path is a JSON 404 listing routes", async () => {
    const response = await get("/orders/1");
    assertEquals(response.status, 404);
    assertEquals(response.headers.get("content-type"), "application/problem+json");
    const body = await response.json();
    assertEquals(body.total_routes, 4);
    assert(body.routes.some((r: { path: string }) => r.path === "/users/:userId"));
  });

  await t.step("a known path with another method is a JSON 405 with Allow", async () => {
    const response = await get("/users/1", {}, "PUT");
    assertEquals(response.status, 405);
    assertEquals(response.headers.get("allow"), "GET, HEAD, DELETE, OPTIONS");
    assertEquals((await response.json()).allowed, ["GET", "HEAD", "DELETE", "OPTIONS"]);
  });

  await t.step(
    "a CORS preflight is answered for any origin, echoing the requested headers",
    async () => {
      const response = await get("/users/1", {
        origin: "http://localhost:5173",
        "access-control-request-method": "DELETE",
        "access-control-request-headers": "authorization, x-request-id",
      }, "OPTIONS");
      assertEquals(response.status, 204);
      await response.body?.cancel();
      assertEquals(response.headers.get("access-control-allow-origin"), "http://localhost:5173");
      assertStringIncludes(response.headers.get("access-control-allow-methods")!, "DELETE");
      assertEquals(
        response.headers.get("access-control-allow-headers"),
        "authorization, x-request-id",
      );
    },
  );

  await t.step("a simple request from a page on this machine gets CORS headers", async () => {
    const withOrigin = await get("/users/1", { origin: "http://localhost:5173" });
    assertEquals(withOrigin.headers.get("access-control-allow-origin"), "http://localhost:5173");
    assertEquals(withOrigin.headers.get("access-control-allow-credentials"), "true");
    await withOrigin.body?.cancel();
    const without = await get("/users/1");
    assertEquals(without.headers.get("access-control-allow-origin"), "*");
    await without.body?.cancel();
  });

  await t.step("HEAD answers like GET without a body", async () => {
    const response = await get("/users/5", {}, "HEAD");
    assertEquals(response.status, 200);
    assertEquals(response.headers.get("content-length"), '{"id": "5", "name": "Ada"}'.length + "");
    assertEquals(await response.text(), "");
  });

  await t.step("each request is logged with method, path, status and file", async () => {
    await mock.waitFor("HEAD /users/5 200 apis/users/get-user.md");
    assertStringIncludes(mock.stdout(), "GET /users/me 200 apis/users/get-me.md");
    assertStringIncludes(mock.stdout(), "GET /orders/1 404 (no route)");
  });

  await t.step("Ctrl-C stops it cleanly with exit 0", async () => {
    const stopped = await mock.stop("SIGINT");
    assertEquals(stopped.code, 0, stopped.stderr);
    assertStringIncludes(stopped.stdout, "Mock server stopped");
  });
});

Deno.test("mock --latency delays every response by at least that long", async () => {
  await using ws = await workspace(usersApi());
  await using mock = await startMock(["api-docs", "--port=0", "--latency=300", "-q"], {
    cwd: ws.dir,
  });
  for (const path of ["/users/me", "/missing"]) {
    const started = performance.now();
    const response = await fetch(`${mock.url}${path}`);
    await response.body?.cancel();
    const elapsed = performance.now() - started;
    assert(elapsed >= 295, `${path} answered after ${elapsed.toFixed(0)} ms, before 300 ms`);
  }
  // --quiet (-q) keeps the request log off.
  assert(!mock.stdout().includes("GET /users/me"), mock.stdout());
});

Deno.test("mock reloads endpoint files that change, appear or go away on disk", async () => {
  await using ws = await workspace(usersApi());
  await using mock = await startMock(["--port=0"], { cwd: ws.dir });
  const body = async (path: string) => {
    const response = await fetch(`${mock.url}${path}`);
    return response.status === 200 ? await response.text() : `status ${response.status}`;
  };
  assertEquals(await body("/users/me"), '{"id": "me"}');

  await ws.write(
    "api-docs/apis/users/get-me.md",
    endpoint({ path: "/users/me", expected: `${json}{"id": "me", "edited": true}` }),
  );
  await eventually(async () => (await body("/users/me")).includes("edited"), "the edited body");

  await ws.write(
    "api-docs/apis/teams/get-teams.md",
    endpoint({ path: "/teams", expected: `${json}[]` }),
  );
  await eventually(async () => (await body("/teams")) === "[]", "the new route");

  await Deno.remove(ws.path("api-docs/apis/users/post-user.md"));
  await eventually(async () => {
    const response = await fetch(`${mock.url}/users`, { method: "POST" });
    await response.body?.cancel();
    return response.status === 404;
  }, "the removed route to 404");
  await mock.waitFor("+ GET     /teams");
  assertStringIncludes(mock.stdout(), "Reloaded");
});

Deno.test("mock reports an invalid endpoint file with file and line, and serves the others", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-me.md": endpoint({ path: "/users/me", expected: `${json}{"id": "me"}` }),
    "apis/users/get-broken.md": endpoint({ path: "/broken", expected: "HTTP/1.1 abc" }),
    "apis/users/get-copy.md": endpoint({ path: "/users/me", expected: `${json}{"copy": 1}` }),
  }));
  await using mock = await startMock(["--port=0"], { cwd: ws.dir });
  const lineOf = async (file: string, text: string) =>
    (await ws.read(file)).split("\n").findIndex((line) => line.startsWith(text)) + 1;
  const brokenLine = await lineOf("api-docs/apis/users/get-broken.md", "HTTP/1.1 abc");
  const pathLine = await lineOf("api-docs/apis/users/get-me.md", "path:");
  await mock.waitFor(`api-docs/apis/users/get-broken.md:${brokenLine}`, "stderr");
  await mock.waitFor(`api-docs/apis/users/get-me.md:${pathLine}`, "stderr");
  const stderr = mock.stderr();
  assertStringIncludes(stderr, 'Cannot parse status line "HTTP/1.1 abc"');
  assertStringIncludes(stderr, "Route GET /users/me is already served from apis/users/get-copy.md");
  assertStringIncludes(mock.stdout(), "1 route from api-docs");
  const broken = await fetch(`${mock.url}/broken`);
  assertEquals(broken.status, 404);
  await broken.body?.cancel();
  // Files are taken in path order, so get-copy.md (c) is served and get-me.md (m) reported.
  assertEquals(await (await fetch(`${mock.url}/users/me`)).json(), { copy: 1 });
});

Deno.test("mock on a busy port exits 3 naming the port, without moving to another", async () => {
  await using ws = await workspace(usersApi());
  using listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const result = await apispec(["mock", `--port=${port}`], { cwd: ws.dir });
  assertEquals(result.code, 3, result.stderr);
  assertStringIncludes(result.stderr, `Port ${port} is already in use`);
  assert(!result.stdout.includes("Listening on"), result.stdout);
});

Deno.test("mock exits 2 for a folder that does not exist or a port out of range", async () => {
  await using ws = await workspace();
  const missing = await apispec(["mock", "nowhere", "--port=0"], { cwd: ws.dir });
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, "Folder nowhere does not exist");
  const port = await apispec(["mock", ".", "--port=70000"], { cwd: ws.dir });
  assertEquals(port.code, 2);
  assertStringIncludes(port.stderr, "Port 70000 is out of range");
});

Deno.test("mock of a folder of the collection serves its endpoints; flows there are not endpoints", async () => {
  await using ws = await workspace({
    ...usersApi(),
    "api-docs/flows/read-me.md":
      "---\ntype: pipeline\n---\n## Steps\n\n1. **Me** -> `apis/users/get-me.md`\n",
  });
  await using users = await startMock(["api-docs/apis/users", "--port=0"], { cwd: ws.dir });
  assertEquals((await (await fetch(`${users.url}/users/me`)).json()).id, "me");
  await using flows = await startMock(["api-docs/flows", "--port=0"], { cwd: ws.dir });
  assertStringIncludes(flows.stdout(), "0 routes from api-docs/flows");
  const stopped = await flows.stop();
  assertEquals(stopped.stderr.includes("SPEC_PARSE_ERROR"), false, stopped.stderr);
});
