/**
 * `tls.insecure` (`--insecure`) with everything a request can be, through the
 * real CLI against an HTTPS server whose certificate has expired (so only an
 * unverified request reaches it): a file body and an expected body file,
 * multipart, an event stream, a WebSocket script, and a proxy from project.md
 * and from HTTPS_PROXY (proxy-chain, started here).
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { Server } from "proxy-chain";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { type Certs, hasOpenssl, makeCerts, serveHttps } from "../helpers/certs.ts";
import { chatSpec, pricesSpec } from "../helpers/stream_specs.ts";

const BYTES = new Uint8Array(3000).map((_, i) => (i * 7) % 256);

/** An HTTPS server with `pair`'s certificate: bytes echoed, a form described, events, a WebSocket. */
function httpsApi(certs: Certs, pair: { cert: string; key: string }) {
  const seen: string[] = [];
  const server = serveHttps(certs, pair, async (request) => {
    const path = new URL(request.url).pathname;
    seen.push(`${request.method} ${path}`);
    if (path === "/upload") {
      return new Response(await request.arrayBuffer(), {
        headers: { "content-type": "application/octet-stream" },
      });
    }
    if (path === "/profiles") {
      const form = await request.formData();
      const avatar = form.get("avatar") as File;
      return Response.json({ name: form.get("name"), avatar: avatar.size, type: avatar.type });
    }
    if (path === "/v1/chat/completions") {
      const events = ['{"choices": [{"delta": {"content": "Hel"}}]}', "[DONE]"]
        .map((data) => `data: ${data}\n\n`).join("");
      return new Response(events, { headers: { "content-type": "text/event-stream" } });
    }
    if (path === "/prices" && request.headers.get("upgrade") === "websocket") {
      const { socket, response } = Deno.upgradeWebSocket(request, { protocol: "prices.v1" });
      socket.onopen = () => socket.send('{"type": "welcome"}');
      socket.onmessage = (event) => socket.send(`{"echo": ${event.data}}`);
      return response;
    }
    return new Response("not found", { status: 404 });
  });
  return {
    url: `https://127.0.0.1:${server.addr.port}`,
    seen,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

async function forwardProxy() {
  const connects: string[] = [];
  const server = new Server({
    port: 0,
    host: "127.0.0.1",
    prepareRequestFunction: ({ request }) => {
      connects.push(`${request.method} ${request.url}`);
      return {};
    },
  });
  await server.listen();
  return {
    url: `http://127.0.0.1:${server.port}`,
    connects,
    [Symbol.asyncDispose]: () => server.close(true),
  };
}

const UPLOAD = endpoint({
  method: "POST",
  path: "/upload",
  request: "POST {{baseUrl}}/upload\nContent-Type: application/octet-stream\n\n< ./files/a.bin",
  expected: "HTTP/1.1 200 OK\nContent-Type: application/octet-stream\n\n< ./files/a.bin",
});
const FORM = endpoint({
  method: "POST",
  path: "/profiles",
  request: "POST {{baseUrl}}/profiles\nContent-Type: multipart/form-data\n\n" +
    "name=Ada\navatar=@./files/a.bin;type=image/png",
  expected: 'HTTP/1.1 200 OK\n\n{"name": "Ada", "avatar": 3000, "type": "image/png"}',
  frontmatter: "response:\n  match: strict\n",
});
const CHAT = chatSpec({
  events: 'data: {"choices": [{"delta": {"content": "Hel"}}]}\n\ndata: [DONE]',
});
const PRICES = pricesSpec(
  '< {"type": "welcome"}\n> {"type": "subscribe"}\n< {"echo": {"type": "subscribe"}}',
);

async function project(url: string, projectExtra = "") {
  const ws = await workspace({
    ...collectionFiles(url, {
      "api-docs/project.md":
        `---\nname: test\nversion: 1\ntls:\n  insecure: true\n${projectExtra}---\n`,
      "api-docs/_shared/env.template.md": "## dev\n\n```yaml\n" +
        `baseUrl: ${url}\nwsUrl: ${
          url.replace("https", "wss")
        }\nopenaiKey: sk-test\nwsToken: t0k3n\n` +
        "```\n",
      "apis/things/upload.md": UPLOAD,
      "apis/things/form.md": FORM,
      "apis/chat/stream.md": CHAT,
      "apis/prices/feed.md": PRICES,
    }),
  });
  await Deno.mkdir(ws.path("api-docs/apis/things/files"), { recursive: true });
  await Deno.writeFile(ws.path("api-docs/apis/things/files/a.bin"), BYTES);
  return ws;
}

const SPECS = [
  "api-docs/apis/things/upload.md",
  "api-docs/apis/things/form.md",
  "api-docs/apis/chat/stream.md",
  "api-docs/apis/prices/feed.md",
];

Deno.test({
  name:
    "insecure: file bodies, multipart, an event stream and a WebSocket reach a server whose certificate expired",
  ignore: !hasOpenssl(),
  fn: async () => {
    await using certs = await makeCerts();
    await using api = httpsApi(certs, certs.expired);
    await using ws = await project(api.url);
    for (const spec of SPECS) {
      const result = await apispec(["exec", spec, "--output=json"], { cwd: ws.dir });
      assertEquals(result.code, 0, `${spec}: ${result.stdout}${result.stderr}`);
      assertStringIncludes(result.stderr, "not verified");
    }
    // The request is shown as written: the bridge and its token stay inside.
    const verbose = await apispec(["exec", SPECS[0], "-v"], { cwd: ws.dir });
    assertStringIncludes(verbose.stdout, `POST ${api.url}/upload`);
    assertEquals(/x-apispec-bridge/i.test(verbose.stdout + verbose.stderr), false);
    assertEquals(api.seen, [
      "POST /upload",
      "POST /profiles",
      "POST /v1/chat/completions",
      "GET /prices",
      "POST /upload",
    ]);
    // Without insecure the same requests fail on the certificate, as they should.
    await ws.write("api-docs/project.md", "---\nname: test\nversion: 1\n---\n");
    const verified = await apispec(["exec", SPECS[0], "--output=json"], { cwd: ws.dir });
    assertEquals(verified.code, 4, verified.stdout);
    assertEquals(json<{ error_type: string }>(verified).error_type, "NETWORK_ERROR");
  },
});

Deno.test({
  name: "insecure requests go through the proxy of project.md and of HTTPS_PROXY (CONNECT)",
  ignore: !hasOpenssl(),
  fn: async () => {
    await using certs = await makeCerts();
    await using api = httpsApi(certs, certs.expired);
    await using proxy = await forwardProxy();
    const target = api.url.replace("https://", "");
    {
      await using ws = await project(api.url, `proxy: "${proxy.url}"\n`);
      const check = await apispec(["check", "api-docs", "--concurrency", "1"], { cwd: ws.dir });
      assertEquals(check.code, 0, check.stdout + check.stderr);
      // Every request went through a tunnel (kept-alive ones carry several requests).
      assertEquals(new Set(proxy.connects), new Set([`CONNECT ${target}`]));
      assertEquals(api.seen.length, SPECS.length);
    }
    {
      await using ws = await project(api.url);
      await using envProxy = await forwardProxy();
      const exec = await apispec(["exec", SPECS[0]], {
        cwd: ws.dir,
        env: { HTTPS_PROXY: envProxy.url, NO_PROXY: "" },
      });
      assertEquals(exec.code, 0, "via env: " + exec.stdout + exec.stderr);
      assertEquals(envProxy.connects, [`CONNECT ${target}`]);
      // NO_PROXY exempts the host: straight to the server. A proxy of its own, so that a
      // connection an earlier process left behind cannot be counted against this one.
      await using unused = await forwardProxy();
      const direct = await apispec(["exec", SPECS[0]], {
        cwd: ws.dir,
        env: { HTTPS_PROXY: unused.url, NO_PROXY: "127.0.0.1" },
      });
      assertEquals(direct.code, 0, direct.stdout + direct.stderr);
      assertEquals(unused.connects, []);
    }
  },
});

Deno.test({
  name: "an insecure request that cannot connect names the cause",
  ignore: !hasOpenssl(),
  fn: async () => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (listener.addr as Deno.NetAddr).port;
    listener.close();
    await using ws = await project(`https://127.0.0.1:${port}`);
    const result = await apispec(["exec", SPECS[0], "--output=json"], { cwd: ws.dir });
    assertEquals(result.code, 4, result.stdout + result.stderr);
    const record = json<{ error_type: string; hint: string }>(result);
    assertEquals(record.error_type, "NETWORK_ERROR");
    assertStringIncludes(JSON.stringify(record), "refused");
  },
});

Deno.test({
  name:
    "an insecure request reaches the server in the origin form with its Host, whatever the proxy variables say",
  ignore: !hasOpenssl(),
  fn: async () => {
    await using certs = await makeCerts();
    const { createServer } = await import("node:https");
    const seen: string[] = [];
    const server = createServer({
      cert: certs.read(certs.expired.cert),
      key: certs.read(certs.expired.key),
    }, (request, response) => {
      seen.push(`${request.method} ${request.url} host=${request.headers.host}`);
      response.setHeader("content-type", "application/json");
      response.end('{"ok": true}');
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const port = (server.address() as { port: number }).port;
    try {
      await using ws = await project(`https://127.0.0.1:${port}`);
      await ws.write(
        "api-docs/apis/things/get.md",
        endpoint({ path: "/things", request: "GET {{baseUrl}}/things?page=2" }),
      );
      const variants: Record<string, string>[] = [
        {},
        { HTTP_PROXY: "http://127.0.0.1:9", HTTPS_PROXY: "", NO_PROXY: "" },
        { NO_PROXY: "*" },
      ];
      for (const env of variants) {
        const result = await apispec(["exec", "api-docs/apis/things/get.md"], { cwd: ws.dir, env });
        assertEquals(result.code, 0, `${JSON.stringify(env)}: ${result.stdout}${result.stderr}`);
      }
      assertEquals(seen, Array(3).fill(`GET /things?page=2 host=127.0.0.1:${port}`));
    } finally {
      server.close();
    }
  },
});

Deno.test({
  name: "a WebSocket goes over the run's client too: a private CA from --ca verifies wss://",
  ignore: !hasOpenssl(),
  fn: async () => {
    await using certs = await makeCerts();
    await using api = httpsApi(certs, certs.server);
    await using ws = await project(api.url);
    await ws.write("api-docs/project.md", "---\nname: test\nversion: 1\n---\n");
    const unknown = await apispec(["exec", SPECS[3], "--output=json"], { cwd: ws.dir });
    assertEquals(unknown.code, 4, unknown.stdout + unknown.stderr);
    const trusted = await apispec(["exec", SPECS[3], "--ca", certs.ca], { cwd: ws.dir });
    assertEquals(trusted.code, 0, trusted.stdout + trusted.stderr);
  },
});

Deno.test({
  name:
    "the bridge serves only its own run: a local connection without its token gets 403, and nothing reaches the server",
  ignore: !hasOpenssl(),
  fn: async () => {
    await using certs = await makeCerts();
    await using api = httpsApi(certs, certs.expired);
    const { InsecureBridges } = await import("../../src/adapters/tls_bridge.ts");
    const { sendRequest } = await import("../../src/adapters/http.ts");
    const bridges = new InsecureBridges();
    try {
      let port = 0;
      const request = { method: "POST", url: `${api.url}/upload`, headers: [], body: "abc" };
      const own = await bridges.send(request, {}, (plain, client) => {
        port = Number(new URL(plain.url).port);
        return sendRequest(plain, 5000, { client });
      });
      assertEquals(own.response?.status, 200);
      assertEquals(api.seen, ["POST /upload"]);
      // Another process of this machine finds the port and asks through it.
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      await conn.write(
        new TextEncoder().encode(
          "POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 1\r\n\r\nx",
        ),
      );
      const reply = await new Response(conn.readable).text();
      assertStringIncludes(reply, "HTTP/1.1 403 Forbidden");
      assertEquals(api.seen, ["POST /upload"]);
    } finally {
      bridges.close();
    }
  },
});
