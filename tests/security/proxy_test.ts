/**
 * The proxy under attack (issue 30 items 1, 2, 3, 7), through the real
 * `apispec proxy` process: an API that echoes credentials back leaves none in
 * the drafts; a hostile status line answers 502 and the proxy keeps serving;
 * a foreign Host, a foreign Origin and a cross-site fetch are refused before
 * anything is forwarded; the banner never prints the target's password.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { eventually, spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { Gen } from "../helpers/secret_samples.ts";

const g = new Gen(71);
const accessToken = g.urlsafe(32);
const password = g.password();
const clientSecret = g.urlsafe(28);
const stripeKey = ["sk", "_live_"].join("") + g.alnum(24);
const refreshToken = g.urlsafe(40);

function startProxy(args: string[], cwd: string) {
  return spawnApispec(["proxy", "--port=0", ...args], {
    cwd,
    ready: /Listening on (http:\/\/\S+)/,
  });
}

/** A raw HTTP/1.1 answer, whatever it holds: Deno.serve would refuse to send a status of 600. */
function startRawApi(answer: string): { url: string; close(): void } {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  (async () => {
    for await (const conn of listener) {
      (async () => {
        await conn.read(new Uint8Array(64 * 1024)).catch(() => null);
        await conn.write(new TextEncoder().encode(answer)).catch(() => 0);
        conn.close();
      })();
    }
  })().catch(() => {});
  return {
    url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    close: () => listener.close(),
  };
}

Deno.test("proxy --record masks what an echoing API sends back: no credential reaches a draft", async () => {
  // httpbin-style: the query, the parsed body, the form and the URL come back in the answer.
  await using api = startTestApi((request, body) => {
    const url = new URL(request.url);
    const form = request.headers.get("content-type")?.includes("form")
      ? Object.fromEntries(new URLSearchParams(body))
      : {};
    let json = null;
    try {
      json = JSON.parse(body);
    } catch { /* a form */ }
    return jsonResponse({
      args: Object.fromEntries(url.searchParams),
      url: url.href,
      json,
      form,
      data: body,
    });
  });
  await using ws = await workspace(collectionFiles(api.url));
  await using proxy = await startProxy([`--target=${api.url}`, "--record=drafts"], ws.dir);
  const calls = [
    fetch(`${proxy.url}/anything?access_token=${accessToken}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: "ada", password, client_secret: clientSecret, card: stripeKey }),
    }),
    fetch(`${proxy.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=refresh_token&refresh_token=${refreshToken}&client_secret=${clientSecret}`,
    }),
  ];
  for (const call of calls) await (await call).text();
  const drafts = ["drafts/apis/anything/post-anything.md", "drafts/apis/oauth/post-oauth-token.md"];
  await eventually(async () => {
    for (const draft of drafts) if (!await ws.exists(draft)) return false;
    return true;
  }, "two drafts");
  for (const draft of drafts) {
    const text = await ws.read(draft);
    for (const secret of [accessToken, password, clientSecret, stripeKey, refreshToken]) {
      assert(!text.includes(secret), `${draft} holds ${secret.slice(0, 6)}…:\n${text}`);
    }
    const validate = await apispec(["validate", draft], { cwd: ws.dir });
    assertEquals(validate.code, 0, validate.stdout + validate.stderr);
  }
  // The answer itself still documents its shape, with the values hidden.
  assertStringIncludes(await ws.read(drafts[0]), '"access_token": "****"');
});

Deno.test("a status line HTTP does not define answers 502, and the proxy goes on serving", async () => {
  const raw = startRawApi("HTTP/1.1 600 X\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
  try {
    await using ws = await workspace(collectionFiles(raw.url));
    await using proxy = await startProxy([`--target=${raw.url}`], ws.dir);
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${proxy.url}/users/1`);
      assertEquals(response.status, 502);
      assertEquals(response.headers.get("content-type"), "application/problem+json");
      const problem = await response.json();
      assertEquals(problem.type, "urn:apispec:proxy:target-unreachable");
      assertStringIncludes(problem.detail, "600");
    }
    const counts = await fetch(`${proxy.url}/__apispec/proxy`);
    assertEquals(counts.status, 200);
    await counts.body?.cancel();
    assert(!proxy.stderr().includes("RangeError"), proxy.stderr());
  } finally {
    raw.close();
  }
});

Deno.test("the proxy refuses a foreign Host, a foreign Origin and a cross-site fetch before forwarding", async () => {
  await using api = startTestApi(() => jsonResponse({ internal: true }));
  await using ws = await workspace(collectionFiles(api.url));
  await using proxy = await startProxy([`--target=${api.url}`, "--record=drafts"], ws.dir);
  const port = new URL(proxy.url).port;
  /** A raw request, so that Host is what the test says (fetch sets its own). */
  const send = async (headers: string) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(port) });
    await conn.write(
      new TextEncoder().encode(`GET /users/1 HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`),
    );
    let text = "";
    const buffer = new Uint8Array(16 * 1024);
    for (let n = await conn.read(buffer); n !== null; n = await conn.read(buffer)) {
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
    conn.close();
    return { status: Number(text.split(" ")[1]), text };
  };
  const refused = [
    `Host: evil.example:${port}\r\n`,
    `Host: 127.0.0.1:${port}\r\nOrigin: http://evil.example\r\n`,
    `Host: 127.0.0.1:${port}\r\nOrigin: null\r\n`,
    `Host: 127.0.0.1:${port}\r\nSec-Fetch-Site: cross-site\r\n`,
  ];
  for (const headers of refused) {
    const answer = await send(headers);
    assertEquals(answer.status, 403, `${headers}\n${answer.text}`);
    assertStringIncludes(answer.text, "application/problem+json");
  }
  for (const path of ["/__apispec/proxy", "/__apispec/proxy/exchanges"]) {
    const conn = await send(`Host: evil.example:${port}\r\n`.replace("/users/1", path));
    assertEquals(conn.status, 403);
  }
  assertEquals(api.requests.length, 0, "nothing refused reached the API");
  assertEquals(await ws.exists("drafts"), false, "nothing refused was recorded");

  // The proxy's own clients: loopback names, a page on another loopback port, curl.
  const allowed = [
    `Host: 127.0.0.1:${port}\r\n`,
    `Host: localhost:${port}\r\nOrigin: http://localhost:3000\r\nSec-Fetch-Site: same-site\r\n`,
  ];
  for (const headers of allowed) {
    const answer = await send(headers);
    assertEquals(answer.status, 200, `${headers}\n${answer.text}`);
  }
  assertEquals(api.requests.length, 2);
});

Deno.test("the proxy's banner shows the target without its password", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace(collectionFiles(api.url));
  const target = new URL(api.url);
  target.username = "admin";
  target.password = password;
  await using proxy = await startProxy([`--target=${target.href}`], ws.dir);
  assertStringIncludes(proxy.stdout(), `→ ${api.url}`);
  const stopped = await proxy.stop();
  for (const text of [stopped.stdout, stopped.stderr]) {
    assert(!text.includes(password), text);
    assert(!text.includes(encodeURIComponent(password)), text);
  }
});
