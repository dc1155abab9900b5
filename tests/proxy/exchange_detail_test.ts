/**
 * The proxy's `GET /__apispec/proxy/exchange?id=` (what the Proxy view shows
 * when an exchange is opened), through a real `apispec proxy` process and a
 * real loopback API: the request and response as they passed, credentials
 * masked, bodies cut after masking; ids the exchanges route lists; 404 once
 * an id is not kept.
 */
import { assert, assertEquals } from "@std/assert";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

const TOKEN = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";

Deno.test("proxy keeps each recent exchange's request and response, masked, by id", async () => {
  await using api = startTestApi(() =>
    jsonResponse({ id: 7, token: TOKEN, big: "x".repeat(70_000) })
  );
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  const proxy = await spawnApispec(["proxy", "--port=0", `--target=${api.url}`], {
    cwd: ws.dir,
    ready: /Listening on (http:\/\/\S+)/,
  });
  try {
    const sent = await fetch(`${proxy.url}/widgets/7?q=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "w" }),
    });
    await sent.body?.cancel();
    let listed: { id: number; path: string }[] = [];
    for (let i = 0; i < 50 && listed.length === 0; i++) {
      listed = (await (await fetch(`${proxy.url}/__apispec/proxy/exchanges`)).json()).exchanges;
      if (listed.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    assertEquals(listed.map((e) => e.path), ["/widgets/7"]);
    const answer = await fetch(`${proxy.url}/__apispec/proxy/exchange?id=${listed[0].id}`);
    const detail = await answer.json();
    assertEquals(detail.request.method, "POST");
    assertEquals(detail.request.path, "/widgets/7");
    assertEquals(detail.request.query, "q=1");
    assertEquals(detail.request.body, '{"name":"w"}');
    assertEquals(detail.response.status, 200);
    const text = JSON.stringify(detail);
    assert(!text.includes(TOKEN), "the credential is masked in the request and the response");
    assertEquals(detail.truncated, true);
    assertEquals(detail.response.body.length, 64 * 1024);
    const gone = await fetch(`${proxy.url}/__apispec/proxy/exchange?id=999`);
    await gone.body?.cancel();
    assertEquals(gone.status, 404);
  } finally {
    await proxy.stop();
  }
});
