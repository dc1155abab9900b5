/**
 * Proxies through the real CLI with a forward proxy (proxy-chain) started by
 * the test: `HTTP_PROXY` from the environment, `proxy:` in project.md (with
 * its credentials as a placeholder), and `NO_PROXY` exempting a host.
 */
import { assertEquals } from "@std/assert";
import { Server } from "proxy-chain";
import { apispec } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const ok = 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"ok": true}';
const PROXY_PASSWORD = "proxy-pw-51c8e2";

async function forwardProxy(auth = false) {
  const proxied: string[] = [];
  const server = new Server({
    port: 0,
    host: "127.0.0.1",
    prepareRequestFunction: ({ request, username, password }) => {
      proxied.push(request.url ?? "");
      return auth && (username !== "team" || password !== PROXY_PASSWORD)
        ? { requestAuthentication: true }
        : {};
    },
  });
  await server.listen();
  return {
    url: `http://127.0.0.1:${server.port}`,
    proxied,
    [Symbol.asyncDispose]: () => server.close(true),
  };
}

function api() {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => Response.json({ ok: true }),
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

const ENDPOINT = endpoint({ path: "/things", resource: "things", expected: ok });
const EXEC = ["exec", "api-docs/apis/things/get-things.md"];

Deno.test("HTTP_PROXY is honoured, and NO_PROXY exempts a host", async () => {
  await using proxy = await forwardProxy();
  await using target = api();
  await using ws = await workspace(
    collectionFiles(target.url, { "apis/things/get-things.md": ENDPOINT }),
  );
  const via = await apispec(EXEC, { cwd: ws.dir, env: { HTTP_PROXY: proxy.url, NO_PROXY: "" } });
  assertEquals(via.code, 0, via.stdout + via.stderr);
  assertEquals(proxy.proxied, [`${target.url}/things`]);
  const direct = await apispec(EXEC, {
    cwd: ws.dir,
    env: { HTTP_PROXY: proxy.url, NO_PROXY: "localhost,127.0.0.1" },
  });
  assertEquals(direct.code, 0, direct.stdout + direct.stderr);
  assertEquals(proxy.proxied.length, 1);
});

Deno.test("proxy: in project.md, with credentials from a variable; NO_PROXY applies to it", async () => {
  await using proxy = await forwardProxy(true);
  await using target = api();
  const host = new URL(proxy.url).host;
  await using ws = await workspace(collectionFiles(target.url, {
    "project.md":
      `---\nname: test\nversion: 1\nproxy: "http://team:{{proxyPassword}}@${host}"\n---\n`,
    "apis/things/get-things.md": ENDPOINT,
    ".env.local": `proxyPassword=${PROXY_PASSWORD}\n`,
  }));
  const via = await apispec([...EXEC, "-v"], { cwd: ws.dir });
  assertEquals(via.code, 0, via.stdout + via.stderr);
  assertEquals(proxy.proxied, [`${target.url}/things`]);
  assertEquals((via.stdout + via.stderr).includes(PROXY_PASSWORD), false);
  const direct = await apispec(EXEC, { cwd: ws.dir, env: { NO_PROXY: "127.0.0.1" } });
  assertEquals(direct.code, 0, direct.stdout + direct.stderr);
  assertEquals(proxy.proxied.length, 1);
});
