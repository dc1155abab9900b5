/**
 * `mock --stateful` as a real process, driven by real HTTP clients: what a
 * POST stores the GETs see, PUT replaces, PATCH merges, DELETE removes, the
 * reset route and an edited file restore the seed, and concurrent clients
 * lose nothing.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { eventually, spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { jsonCall } from "../helpers/json_call.ts";

const json = "Content-Type: application/json\n\n";

/** A users resource (integer ids) and a notes resource (string ids, wrapped list). */
function resources(listExample = '[{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]') {
  return collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-users.md": endpoint({
      path: "/users",
      expected: `HTTP/1.1 200 OK\n${json}${listExample}`,
    }),
    "apis/users/get-user.md": endpoint({
      path: "/users/:userId",
      frontmatter: "vars:\n  userId: 1\n",
      expected: `HTTP/1.1 200 OK\n${json}{"id": {{userId}}, "name": "Ada", "role": "admin"}`,
      sections: "\n## Error responses\n\n```http\nHTTP/1.1 404 Not Found\n" +
        `${json}{"error": "no user {{userId}}"}\n\`\`\`\n`,
    }),
    "apis/users/post-user.md": endpoint({
      method: "POST",
      path: "/users",
      request: `POST {{baseUrl}}/users\n${json}{"name": "Linus"}`,
      expected: "HTTP/1.1 201 Created\nContent-Type: application/json\n" +
        'Location: {{baseUrl}}/users/{{userId}}\n\n{"id": 3, "name": "Linus"}',
    }),
    "apis/users/put-user.md": endpoint({
      method: "PUT",
      path: "/users/:userId",
      expected: `HTTP/1.1 200 OK\n${json}{"id": 1, "name": "Ada"}`,
    }),
    "apis/users/patch-user.md": endpoint({
      method: "PATCH",
      path: "/users/:userId",
      expected: `HTTP/1.1 200 OK\n${json}{"id": 1, "name": "Ada"}`,
    }),
    "apis/users/delete-user.md": endpoint({
      method: "DELETE",
      path: "/users/:userId",
      expected: "HTTP/1.1 204 No Content",
    }),
    "apis/notes/get-notes.md": endpoint({
      path: "/notes",
      expected: `HTTP/1.1 200 OK\n${json}{"data": [{"id": "n1", "text": "hi"}], "total": 1}`,
    }),
    "apis/notes/post-note.md": endpoint({
      method: "POST",
      path: "/notes",
      expected: `HTTP/1.1 201 Created\n${json}{"id": "n2", "text": "x"}`,
    }),
    "apis/health/get-health.md": endpoint({
      path: "/health",
      expected: `HTTP/1.1 200 OK\n${json}{"ok": true}`,
    }),
  });
}

function startMock(args: string[], cwd: string) {
  return spawnApispec(["mock", "--port=0", ...args], { cwd, ready: /Listening on (http:\/\/\S+)/ });
}

function call(base: string, method: string, path: string, body?: unknown) {
  return jsonCall(`${base}${path}`, method, body);
}

Deno.test("mock --stateful keeps what clients write, with the documented statuses", async (t) => {
  await using ws = await workspace(resources());
  await using mock = await startMock(["--stateful"], ws.dir);
  const base = mock.url;

  await t.step("prints the collections it keeps and how to reset them", () => {
    assertStringIncludes(
      mock.stdout(),
      "Stateful: 2 collections in memory (at most 256 MiB); POST /__apispec/reset",
    );
    assertMatch(mock.stdout(), /\/users\s+2 seeded, id key "id"/);
  });

  await t.step("GET lists the seed: list entries, with the item example in its place", async () => {
    const list = await call(base, "GET", "/users");
    assertEquals(list.status, 200);
    assertEquals(list.json, [{ id: 1, name: "Ada", role: "admin" }, { id: 2, name: "Grace" }]);
  });

  await t.step(
    "POST stores the body with the next id and answers the POST spec's status",
    async () => {
      const created = await call(base, "POST", "/users", { name: "Linus" });
      assertEquals(created.status, 201);
      assertEquals(created.json, { id: 3, name: "Linus" });
      assertEquals(created.headers.get("location"), `${base}/users/3`);
      assertEquals((await call(base, "GET", "/users/3")).json, { id: 3, name: "Linus" });
      assertEquals((await call(base, "GET", "/users")).json.length, 3);
    },
  );

  await t.step("an id given in the body is kept; a taken one is a 409", async () => {
    assertEquals((await call(base, "POST", "/users", { id: 40, name: "Ken" })).json.id, 40);
    assertEquals((await call(base, "POST", "/users", { id: 40 })).status, 409);
    assertEquals((await call(base, "POST", "/users", { name: "next" })).json.id, 41);
  });

  await t.step("PUT replaces, PATCH merges, and the id stays", async () => {
    const put = await call(base, "PUT", "/users/2", { name: "Grace Hopper", team: "navy" });
    assertEquals(put.status, 200);
    assertEquals(put.json, { name: "Grace Hopper", team: "navy", id: 2 });
    const patch = await call(base, "PATCH", "/users/2", { team: null, rank: "admiral" });
    assertEquals(patch.json, { name: "Grace Hopper", id: 2, rank: "admiral" });
    assertEquals((await call(base, "GET", "/users/2")).json, patch.json);
  });

  await t.step(
    "DELETE removes and answers its spec's status; then GET is the documented 404",
    async () => {
      const gone = await call(base, "DELETE", "/users/2");
      assertEquals(gone.status, 204);
      const missing = await call(base, "GET", "/users/2");
      assertEquals(missing.status, 404);
      assertEquals(missing.json, { error: "no user 2" });
      assertEquals((await call(base, "DELETE", "/users/2")).status, 404);
    },
  );

  await t.step("string ids get UUIDs, and a wrapped list keeps its wrapper and count", async () => {
    const created = await call(base, "POST", "/notes", { text: "new" });
    assertEquals(created.status, 201);
    assertMatch(
      created.json.id,
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const list = await call(base, "GET", "/notes");
    assertEquals(list.json.total, 2);
    assertEquals(list.json.data.map((n: { text: string }) => n.text), ["hi", "new"]);
  });

  await t.step("bodies that cannot be stored are 400 problems", async () => {
    const notJson = await fetch(`${base}/users`, { method: "POST", body: "name=x" });
    assertEquals(notJson.status, 400);
    assertEquals((await notJson.json()).type, "urn:apispec:mock:invalid-body");
    assertEquals((await call(base, "POST", "/users", [1, 2])).status, 400);
  });

  await t.step(
    "Prefer: code= still serves the documented block, and other routes are as before",
    async () => {
      const preferred = await fetch(`${base}/users/1`, { headers: { prefer: "code=404" } });
      assertEquals(preferred.status, 404);
      assertEquals(await preferred.json(), { error: "no user 1" });
      assertEquals((await call(base, "GET", "/health")).json, { ok: true });
    },
  );

  await t.step("POST /__apispec/reset restores the seed", async () => {
    const reset = await call(base, "POST", "/__apispec/reset");
    assertEquals(reset.status, 200);
    assertEquals(reset.json.reset, true);
    assertEquals((await call(base, "GET", "/users")).json.map((u: { id: number }) => u.id), [1, 2]);
    assertEquals((await call(base, "GET", "/__apispec/reset")).status, 405);
  });

  await t.step("the log names the state's answers", () => {
    assertMatch(mock.stdout(), /POST \/users 201 apis\/users\/post-user\.md/);
  });
});

Deno.test("mock --stateful gives 100 concurrent POSTs 100 distinct ids and loses none", async () => {
  await using ws = await workspace(resources());
  await using mock = await startMock(["--stateful", "-q"], ws.dir);
  const created = await Promise.all(
    Array.from({ length: 100 }, (_, i) => call(mock.url, "POST", "/users", { name: `user ${i}` })),
  );
  assertEquals(created.map((c) => c.status), Array(100).fill(201));
  const ids = new Set(created.map((c) => c.json.id));
  assertEquals(ids.size, 100);
  const list = (await call(mock.url, "GET", "/users")).json as { id: number; name: string }[];
  assertEquals(list.length, 102);
  // Every POSTed body is stored under the id its answer gave.
  for (const c of created) assertEquals(list.find((u) => u.id === c.json.id)?.name, c.json.name);
});

Deno.test("mock --stateful starts again from the new seed when an endpoint file changes", async () => {
  await using ws = await workspace(resources());
  await using mock = await startMock(["--stateful", "-q"], ws.dir);
  assertEquals((await call(mock.url, "POST", "/users", { name: "temp" })).status, 201);
  assertEquals((await call(mock.url, "GET", "/users")).json.length, 3);
  const changed = resources('[{"id": 7, "name": "Barbara"}]')["api-docs/apis/users/get-users.md"];
  await Deno.writeTextFile(`${ws.dir}/api-docs/apis/users/get-users.md`, changed);
  await eventually(async () => {
    const ids = (await call(mock.url, "GET", "/users")).json.map((u: { id: number }) => u.id);
    return JSON.stringify(ids) === "[7,1]";
  }, "the new seed after the file change");
});

Deno.test("mock without --stateful serves examples: a POST stores nothing", async () => {
  await using ws = await workspace(resources());
  await using mock = await startMock(["-q"], ws.dir);
  const created = await call(mock.url, "POST", "/users", { name: "Linus" });
  assertEquals(created.json, { id: 3, name: "Linus" });
  assertEquals((await call(mock.url, "GET", "/users")).json.length, 2);
  assertEquals((await call(mock.url, "POST", "/__apispec/reset")).status, 404);
  const body = await call(mock.url, "GET", "/users/99");
  assert(body.status === 200 && body.json.id === 99, "the example answers any id");
});

Deno.test("mock --stateful keeps a client's credentials out of its output", async () => {
  await using ws = await workspace(resources());
  await using mock = await startMock(["--stateful"], ws.dir);
  const token = "live-token-4821-secret";
  const key = "key-7731-secret";
  const response = await fetch(`${mock.url}/users?api_key=${key}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      cookie: "session=cookie-9910-secret",
      "content-type": "application/json",
    },
    body: JSON.stringify({ name: "Ada" }),
  });
  assertEquals(response.status, 201);
  await response.body?.cancel();
  await mock.waitFor("POST /users?api_key=****");
  const output = mock.stdout() + mock.stderr();
  for (const secret of [token, key, "cookie-9910-secret"]) {
    assertEquals(output.includes(secret), false, `${secret} in the mock's output:\n${output}`);
  }
});
