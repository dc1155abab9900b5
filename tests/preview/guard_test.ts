/**
 * The preview server's guards against the real server: the write cookie on
 * every write route, Host (DNS rebinding), Origin on writes, and paths that
 * try to leave the workspace.
 */
import { assert, assertEquals, assertMatch } from "@std/assert";
import { ROUTES } from "../../src/preview/api/routes.ts";
import { WRITE_METHODS } from "../../src/preview/guard.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const SPEC = "apis/users/get-user.md";

async function setup() {
  const ws = await workspace(collectionFiles("http://127.0.0.1:9", { [SPEC]: endpoint() }));
  const preview = await startTestPreview(ws.dir);
  return {
    ws,
    preview,
    async [Symbol.asyncDispose]() {
      await preview[Symbol.asyncDispose]();
      await ws[Symbol.asyncDispose]();
    },
  };
}

Deno.test("GET / serves the UI and sets the write cookie HttpOnly and SameSite=Strict", async () => {
  await using t = await setup();
  const response = await fetch(`${t.preview.url}/`);
  const html = await response.text();
  assertEquals(response.status, 200);
  assertMatch(html, /<script type="module" src="\/assets\/app\.js/);
  const cookie = response.headers.get("set-cookie")!;
  assertMatch(cookie, /^apispec_write_token=[0-9a-f]{64};/);
  assertMatch(cookie, /HttpOnly/);
  assertMatch(cookie, /SameSite=Strict/);
  const js = await fetch(`${t.preview.url}/assets/app.js`);
  assertEquals(js.status, 200);
  assert((await js.text()).length > 1000);
});

Deno.test("every write route refuses a request without the cookie (403 JSON) and changes nothing", async () => {
  await using t = await setup();
  const before = await t.ws.read(`api-docs/${SPEC}`);
  const writes = [...ROUTES.keys()].filter((key) => WRITE_METHODS.has(key.split(" ")[0]));
  assert(writes.length >= 7, `expected the write routes, got ${writes}`);
  for (const key of writes) {
    const [method, path] = key.split(" ");
    for (const cookie of [undefined, "apispec_write_token=forged"]) {
      const response = await fetch(`${t.preview.url}${path}`, {
        method,
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ path: SPEC, text: "broken", method: "GET", url: "/x" }),
      });
      assertEquals(response.status, 403, `${key} with ${cookie ?? "no cookie"}`);
      assertEquals(response.headers.get("content-type"), "application/json; charset=utf-8");
      assertEquals((await response.json()).error.code, "WRITE_TOKEN_REQUIRED");
    }
  }
  assertEquals(await t.ws.read(`api-docs/${SPEC}`), before);
});

Deno.test("POST /api/workspace/open: 403 without the cookie, accepted with it", async () => {
  await using t = await setup();
  const without = await fetch(`${t.preview.url}/api/workspace/open`, {
    method: "POST",
    body: JSON.stringify({ path: t.ws.dir }),
  });
  assertEquals(without.status, 403);
  await without.body?.cancel();
  const { status, body } = await t.preview.send("POST", "/api/workspace/open", { path: t.ws.dir });
  assertEquals(status, 200);
  assertEquals(body.status, "ok");
  const current = await (await fetch(`${t.preview.url}/api/workspace/current`)).json();
  assertEquals(body.workspace, current);
});

/** fetch() sets Host itself, so a forged Host needs a hand-written request. */
async function statusWithHost(port: number, host: string, path: string): Promise<number> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
  );
  const chunks: Uint8Array[] = [];
  const buffer = new Uint8Array(4096);
  for (let n; (n = await conn.read(buffer)) !== null;) chunks.push(buffer.slice(0, n));
  conn.close();
  const text = new TextDecoder().decode(
    chunks.length ? new Uint8Array(chunks.flatMap((c) => [...c])) : new Uint8Array(),
  );
  if (text.includes('"FORBIDDEN_HOST"') !== text.startsWith("HTTP/1.1 403")) {
    throw new Error(`unexpected reply:\n${text}`);
  }
  return Number(text.slice(9, 12));
}

Deno.test("a foreign Host is refused (DNS rebinding); loopback names are served", async () => {
  await using t = await setup();
  const port = t.preview.server.port;
  for (const host of ["evil.example", `evil.example:${port}`, "127.0.0.1.nip.io", "0.0.0.0"]) {
    for (const path of ["/", "/api/index"]) {
      assertEquals(await statusWithHost(port, host, path), 403, `${host} ${path}`);
    }
  }
  for (
    const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `127.0.0.2:${port}`]
  ) {
    assertEquals(await statusWithHost(port, host, "/api/index"), 200, host);
  }
});

Deno.test("a write from a foreign Origin is refused even with the cookie; the page's own origin passes", async () => {
  await using t = await setup();
  const body = JSON.stringify({ path: SPEC, text: "x" });
  for (const origin of ["http://evil.example", "null", `http://localhost:1`, "file://"]) {
    const response = await t.preview.call("/api/validate", {
      method: "POST",
      headers: { origin },
      body,
    });
    assertEquals(response.status, 403, origin);
    assertEquals((await response.json()).error.code, "FORBIDDEN_ORIGIN");
  }
  const own = await t.preview.call("/api/validate", {
    method: "POST",
    headers: { origin: t.preview.url },
    body,
  });
  assertEquals(own.status, 200);
  await own.body?.cancel();
});

Deno.test("paths that leave the workspace are refused: .., absolute, URL-encoded, symlinks", async () => {
  await using t = await setup();
  await using outside = await workspace({ "secret.md": "outside\n" });
  await Deno.symlink(outside.dir, t.ws.path("api-docs/apis/linked"));
  await Deno.symlink(outside.path("secret.md"), t.ws.path("api-docs/apis/file-link.md"));
  await Deno.symlink(outside.path("missing.md"), t.ws.path("api-docs/apis/dangling.md"));
  const escapes = [
    "../project.md",
    "apis/../../api-docs/../secret.md",
    "../../etc/passwd.md",
    "/etc/passwd.md",
    outside.path("secret.md"),
    "apis/linked/secret.md",
    "apis/file-link.md",
    "apis/dangling.md",
    "..\\..\\secret.md",
  ];
  for (const path of escapes) {
    const read = await fetch(`${t.preview.url}/api/spec?path=${encodeURIComponent(path)}`);
    assertEquals(read.status, 403, `GET ${path}`);
    assertEquals((await read.json()).error.code, "FORBIDDEN_PATH");
    const write = await t.preview.send("PUT", "/api/spec", { path, text: endpoint() });
    assertEquals(write.status, 403, `PUT ${path}`);
  }
  // Encoded by hand: %2e%2e%2f is "../" once decoded; %252e is a literal "%2e" that never becomes "..".
  const encoded = await fetch(`${t.preview.url}/api/spec?path=%2e%2e%2f%2e%2e%2fsecret.md`);
  assertEquals(encoded.status, 403);
  await encoded.body?.cancel();
  const doubled = await fetch(`${t.preview.url}/api/spec?path=%252e%252e%252fproject.md`);
  assertEquals(doubled.status, 404);
  await doubled.body?.cancel();
  assertEquals(await outside.read("secret.md"), "outside\n");
  assertEquals(await outside.exists("missing.md"), false);
});

Deno.test("SPEC routes answer with their documented shapes", async () => {
  await using t = await setup();
  await t.ws.write(
    "api-docs/flows/smoke.md",
    "---\ntype: pipeline\nname: smoke\n---\n# Smoke\n\n## Steps\n\n1. **One** -> `apis/users/get-user.md`\n",
  );
  await t.preview.server.state.index.rebuild();
  const current = await (await fetch(`${t.preview.url}/api/workspace/current`)).json();
  assertEquals(Object.keys(current).sort(), [
    "collection",
    "default_env",
    "env",
    "environments",
    "mock",
    "name",
    "root",
  ]);
  assertEquals(current.root, t.ws.dir);
  assertEquals(current.collection, t.ws.path("api-docs"));
  assertEquals(current.environments, ["dev"]);
  const index = await (await fetch(`${t.preview.url}/api/index`)).json();
  assertEquals(index.count, 1);
  assertEquals(index.endpoints[0], {
    file: SPEC,
    title: "Test endpoint",
    method: "GET",
    path: "/users/1",
    resource: "users",
    tags: [],
    description: "",
  });
  const flows = await (await fetch(`${t.preview.url}/api/flows`)).json();
  assertEquals(flows, {
    count: 1,
    flows: [{ file: "flows/smoke.md", name: "smoke", title: "Smoke", description: "", steps: 1 }],
  });
  const canvas = await fetch(`${t.preview.url}/flows/flows/smoke.md`);
  assertEquals(canvas.status, 200);
  assertMatch(await canvas.text(), /<div id="app">/);
  const missing = await fetch(`${t.preview.url}/api/nothing`);
  assertEquals(missing.status, 404);
  await missing.body?.cancel();
  const wrongMethod = await fetch(`${t.preview.url}/api/index`, {
    method: "DELETE",
    headers: { cookie: t.preview.cookie },
  });
  assertEquals(wrongMethod.status, 405);
  assertEquals(wrongMethod.headers.get("allow"), "GET");
  await wrongMethod.body?.cancel();
});
