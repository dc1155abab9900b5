/**
 * The stateful mock's bounds, through the real server: its state has a byte
 * budget (`--max-state`, 507 past it), and browser pages from other origins
 * can neither write to it nor read it unless the user names them
 * (`--cors-origin`).
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { jsonCall } from "../helpers/json_call.ts";

const json = "Content-Type: application/json\n\n";

function notes() {
  return collectionFiles("http://127.0.0.1:9", {
    "apis/notes/list-notes.md": endpoint({
      resource: "notes",
      path: "/notes",
      expected: `HTTP/1.1 200 OK\n${json}[{"id": 1, "text": "seed"}]`,
    }),
    "apis/notes/create-note.md": endpoint({
      resource: "notes",
      method: "POST",
      path: "/notes",
      expected: `HTTP/1.1 201 Created\n${json}{"id": 2, "text": "x"}`,
    }),
    "apis/notes/delete-note.md": endpoint({
      resource: "notes",
      method: "DELETE",
      path: "/notes/:noteId",
      expected: "HTTP/1.1 204 No Content",
    }),
  });
}

function startMock(cwd: string, args: string[]) {
  return spawnApispec(["mock", "--stateful", "--port=0", "-q", ...args], {
    cwd,
    ready: /Listening on (http:\/\/\S+)/,
  });
}

const send = jsonCall;

/** A browser's preflight for a POST from `origin`, asking for Private Network Access. */
function preflight(url: string, origin: string) {
  return send(url, "OPTIONS", undefined, {
    origin,
    "access-control-request-method": "POST",
    "access-control-request-private-network": "true",
  });
}

Deno.test("mock --stateful --max-state answers 507 past its byte budget, and frees what DELETE and reset give back", async () => {
  await using ws = await workspace(notes());
  await using mock = await startMock(ws.dir, ["--max-state=64KiB"]);
  assertStringIncludes(mock.stdout(), "in memory (at most 64 KiB)");
  const note = { text: "x".repeat(8 * 1024) };
  const created: number[] = [];
  let full;
  for (let i = 0; i < 20; i++) {
    const answer = await send(`${mock.url}/notes`, "POST", note);
    if (answer.status !== 201) {
      full = answer;
      break;
    }
    created.push(answer.json.id);
  }
  // 64 KiB holds seven notes of 8 KiB beside the seed, not eight.
  assertEquals(created.length, 7);
  assert(full, "no 507 after 20 notes of 8 KiB");
  assertEquals(full.status, 507);
  assertEquals(full.headers.get("content-type"), "application/problem+json");
  assertEquals(full.json.type, "urn:apispec:mock:state-full");
  assertStringIncludes(full.json.detail, "64 KiB (--max-state)");
  assertEquals((await send(`${mock.url}/notes`, "GET")).json.length, 8);

  assertEquals((await send(`${mock.url}/notes/${created[0]}`, "DELETE")).status, 204);
  assertEquals((await send(`${mock.url}/notes`, "POST", note)).status, 201);
  assertEquals((await send(`${mock.url}/notes`, "POST", note)).status, 507);
  assertEquals((await send(`${mock.url}/__apispec/reset`, "POST")).status, 200);
  assertEquals((await send(`${mock.url}/notes`, "POST", note)).status, 201);
});

Deno.test("mock --stateful holds 256 MiB by default, and --max-state is checked", async () => {
  await using ws = await workspace(notes());
  await using mock = await startMock(ws.dir, []);
  assertStringIncludes(mock.stdout(), "in memory (at most 256 MiB)");
  const bad = await apispec(["mock", "--stateful", "--max-state=lots"], { cwd: ws.dir });
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, 'Invalid --max-state "lots"');
  const alone = await apispec(["mock", "--max-state=1MiB"], { cwd: ws.dir });
  assertEquals(alone.code, 2);
  assertStringIncludes(alone.stderr, "Add --stateful");
  const origin = await apispec(["mock", "--cors-origin=app.example.test"], { cwd: ws.dir });
  assertEquals(origin.code, 2);
  assertStringIncludes(origin.stderr, 'Invalid --cors-origin "app.example.test"');
});

Deno.test("mock --stateful lets pages on this machine in and keeps other origins out of its state", async () => {
  await using ws = await workspace(notes());
  await using mock = await startMock(ws.dir, []);
  const evil = "https://evil.example";

  // A page elsewhere: its writes are refused before they reach the state, with no CORS grant.
  const write = await send(`${mock.url}/notes`, "POST", { text: "spam" }, { origin: evil });
  assertEquals(write.status, 403);
  assertEquals(write.json.type, "urn:apispec:mock:origin-not-allowed");
  assertEquals(write.headers.get("access-control-allow-origin"), null);
  assertEquals(write.headers.get("access-control-allow-credentials"), null);
  const refused = await preflight(`${mock.url}/notes`, evil);
  assertEquals(refused.status, 403);
  assertEquals(refused.headers.get("access-control-allow-private-network"), null);
  assertEquals((await send(`${mock.url}/notes`, "GET")).json.length, 1);

  // A dev server on this machine: full CORS, with credentials.
  const local = "http://localhost:5173";
  const allowed = await send(`${mock.url}/notes`, "POST", { text: "mine" }, { origin: local });
  assertEquals(allowed.status, 201);
  assertEquals(allowed.headers.get("access-control-allow-origin"), local);
  assertEquals(allowed.headers.get("access-control-allow-credentials"), "true");
});

Deno.test("mock --cors-origin lets the origins it names in, and * any (with a warning)", async () => {
  await using ws = await workspace(notes());
  const app = "https://app.example.test:8443";
  await using named = await startMock(ws.dir, [`--cors-origin=${app}`]);
  const asked = await preflight(`${named.url}/notes`, app);
  assertEquals(asked.status, 204);
  assertEquals(asked.headers.get("access-control-allow-origin"), app);
  assertEquals(asked.headers.get("access-control-allow-private-network"), "true");
  const other = await send(`${named.url}/notes`, "GET", undefined, {
    origin: "https://other.example.test",
  });
  assertEquals(other.status, 403);

  await using any = await startMock(ws.dir, ["--cors-origin=*"]);
  await any.waitFor("--cors-origin=* lets any web page", "stderr");
  const anywhere = await send(`${any.url}/notes`, "GET", undefined, { origin: "https://x.test" });
  assertEquals(anywhere.status, 200);
  assertEquals(anywhere.headers.get("access-control-allow-origin"), "https://x.test");
});

/** One raw HTTP/1.1 request with the Host given (fetch sends the URL's own): status and body. */
async function withHost(url: string, method: string, path: string, host: string, body = "") {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(url).port) });
  const head = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n` +
    (body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : "");
  await conn.write(new TextEncoder().encode(`${head}\r\n${body}`));
  const text = await new Response(conn.readable).text();
  return { status: Number(text.slice(9, 12)), body: text.slice(text.indexOf("\r\n\r\n") + 4) };
}

Deno.test("mock on loopback refuses a foreign Host (DNS rebinding) on reads and writes; loopback names pass", async () => {
  await using ws = await workspace(notes());
  await using mock = await startMock(ws.dir, []);
  const port = new URL(mock.url).port;
  // A page at http://evil.example:<port> whose name now resolves to 127.0.0.1: same-origin for
  // the browser, so no Origin on its GET.
  const read = await withHost(mock.url, "GET", "/notes", `evil.example:${port}`);
  assertEquals(read.status, 403);
  assertStringIncludes(read.body, "urn:apispec:mock:forbidden-host");
  assertStringIncludes(read.body, "--host=0.0.0.0");
  const write = await withHost(mock.url, "POST", "/notes", `evil.example:${port}`, '{"text":"x"}');
  assertEquals(write.status, 403);
  assertEquals((await send(`${mock.url}/notes`, "GET")).json.length, 1);
  for (const host of [`localhost:${port}`, `app.localhost:${port}`, `[::1]:${port}`]) {
    assertEquals((await withHost(mock.url, "GET", "/notes", host)).status, 200, host);
  }
});
