/**
 * The proxy's announcement and the preview route that reads it, with a real
 * `apispec proxy` process in front of a real loopback API: the proxy writes
 * `.apispec/proxy.json` once it listens and removes it on Ctrl-C; the preview
 * server asks it for its exchanges (violations first); a file left by a
 * proxy that is gone, or one naming a foreign address, reads as no proxy.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { closedPort, jsonResponse, startTestApi } from "../helpers/api.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const ANNOUNCEMENT = ".apispec/proxy.json";

interface ProxyView {
  running: boolean;
  reason?: string;
  message?: string;
  proxy?: { url: string; target: string; report: string | null; same_collection: boolean };
  counts?: { exchanges: number; matched: number; violations: number; recorded: number };
  exchanges?: { method: string; path: string; spec: string | null; passed: boolean | null }[];
}

Deno.test("a running proxy announces itself; the preview shows its exchanges, violations first", async () => {
  await using api = startTestApi((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/users/1") return jsonResponse({ id: 1, name: "Ada" });
    if (path === "/users/2") return jsonResponse({ id: "2", name: "Alan" });
    return jsonResponse({ id: 7 });
  });
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({
      path: "/users/:id",
      expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": {{id}}, "name": "Ada"}',
    }),
  }));
  await using preview = await startTestPreview(ws.dir);
  const view = async () =>
    (await preview.send("GET", "/api/proxy/exchanges")).body as unknown as ProxyView;
  assertEquals((await view()).running, false);
  assertEquals((await view()).reason, "none");

  const proxy = await spawnApispec(
    ["proxy", "--port=0", `--target=${api.url}`, "--report=proxy.jsonl"],
    { cwd: ws.dir, ready: /Listening on (http:\/\/\S+)/ },
  );
  try {
    const announced = JSON.parse(await ws.read(ANNOUNCEMENT));
    assertEquals(announced.url, proxy.url);
    assertEquals(announced.target, api.url);
    assertEquals(announced.collection, ws.path("api-docs"));
    assertEquals(announced.report, ws.path("proxy.jsonl"));

    for (const path of ["/users/1", "/users/2", "/orders/7"]) {
      await (await fetch(`${proxy.url}${path}`)).body?.cancel();
    }
    await proxy.waitFor("/orders/7", "stderr");
    const seen = await view();
    assertEquals(seen.running, true);
    assertEquals(seen.proxy?.url, proxy.url);
    assertEquals(seen.proxy?.same_collection, true);
    assertEquals(seen.counts, { exchanges: 3, matched: 2, violations: 1, recorded: 0 });
    assertEquals(
      seen.exchanges?.map((e) => [e.method, e.path, e.spec, e.passed]),
      [
        ["GET", "/users/2", "apis/users/get-user.md", false],
        ["GET", "/orders/7", null, null],
        ["GET", "/users/1", "apis/users/get-user.md", true],
      ],
    );
  } finally {
    const stopped = await proxy.stop("SIGINT");
    assertEquals(stopped.code, 0, stopped.stderr);
  }
  assertEquals(await ws.exists(ANNOUNCEMENT), false, "a clean stop withdraws the announcement");
  assertEquals((await view()).reason, "none");
});

Deno.test("a left-over announcement reads as no proxy; only loopback proxies are asked", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  await using preview = await startTestPreview(ws.dir);
  const announce = (url: string) =>
    ws.write(
      ANNOUNCEMENT,
      JSON.stringify({
        url,
        target: "http://127.0.0.1:9",
        collection: ws.path("api-docs"),
        report: null,
        pid: 1,
        started_at: new Date().toISOString(),
      }),
    );
  const view = async () =>
    (await preview.send("GET", "/api/proxy/exchanges")).body as unknown as ProxyView;

  await announce(`http://127.0.0.1:${closedPort()}`);
  const gone = await view();
  assertEquals([gone.running, gone.reason], [false, "gone"]);
  assertStringIncludes(gone.message!, "left from one that stopped");

  // Something else listens there: it does not answer as a proxy does.
  await using other = startTestApi(() => jsonResponse({ hello: "world" }));
  await announce(other.url);
  assertEquals((await view()).reason, "gone");

  await using far = startTestApi(() => jsonResponse({}));
  await announce("http://192.0.2.10:4002");
  const foreign = await view();
  assertEquals([foreign.running, foreign.reason], [false, "not-loopback"]);
  assertEquals(far.requests.length, 0);
  assert(other.requests.every((r) => r.path.startsWith("/__apispec/proxy")), "fixed routes only");

  await ws.write(ANNOUNCEMENT, "{not json");
  assertEquals((await view()).reason, "none");
});
