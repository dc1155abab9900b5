/**
 * Timeouts stay exact with one shared timer for every request in flight
 * (`adapters/deadlines.ts`): a short timeout is not held up by a longer one
 * armed before it, a long one is not cut short by a shorter one, and a
 * process whose last request has ended does not wait for the timer.
 */
import { assert, assertEquals } from "@std/assert";
import { execBatch } from "../../src/ops/run/batch.ts";
import { systemClock } from "../../src/adapters/clock.ts";
import { jsonResponse, startTestApi, timedOut } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { run } from "../helpers/run.ts";

/** `/hold` answers once released; `/late` after 300 ms; the rest at once. */
function slowApi() {
  let release = () => {};
  const held = new Promise<void>((resolve) => release = resolve);
  const api = startTestApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/hold") await held;
    if (path === "/late") await new Promise((resolve) => setTimeout(resolve, 300));
    return jsonResponse({ id: 1 });
  });
  return { api, release };
}

const spec = (path: string, timeout: number, resource: string) =>
  endpoint({ path, resource, frontmatter: `timeout: ${timeout}\n` });

Deno.test("requests in flight together each time out after their own timeout", async () => {
  const { api, release } = slowApi();
  await using _ = api;
  await using ws = await workspace(collectionFiles(api.url, {
    // Sent first, so the shared timer is armed for 20 s before the shorter ones arrive.
    "apis/a/long.md": spec("/hold", 20_000, "a"),
    "apis/b/short.md": spec("/hold", 150, "b"),
    "apis/c/shorter.md": spec("/hold", 80, "c"),
    "apis/d/late.md": spec("/late", 2_000, "d"),
    "apis/e/fast.md": spec("/fast", 100, "e"),
  }));
  const names = ["long", "short", "shorter", "late", "fast"].map((n, i) =>
    `api-docs/apis/${"abcde"[i]}/${n}.md`
  );
  const started = performance.now();
  const batch = execBatch(names.slice(1), { concurrency: 8 }, {
    cwd: ws.dir,
    env: {},
    clock: systemClock,
  });
  const long = execBatch([names[0]], {}, { cwd: ws.dir, env: {}, clock: systemClock });
  const result = await batch;
  const elapsed = performance.now() - started;
  release();
  assertEquals((await long).summary.passed, 1);

  const [short, shorter, late, fast] = result.results;
  assertEquals([short.error_type, shorter.error_type], ["NETWORK_ERROR", "NETWORK_ERROR"]);
  assert(shorter.duration_ms >= 80 && shorter.duration_ms < 1_000, `${shorter.duration_ms} ms`);
  assert(short.duration_ms >= 150 && short.duration_ms < 1_000, `${short.duration_ms} ms`);
  // Not cut short by the timer armed for the shorter timeouts around it.
  assertEquals([late.passed, fast.passed], [true, true]);
  assert(late.duration_ms >= 300, `${late.duration_ms} ms`);
  assert(elapsed < 5_000, `the batch took ${elapsed} ms`);
});

Deno.test("a short timeout after a long request has armed the timer still fires on time", async () => {
  const { api, release } = slowApi();
  await using _ = api;
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/a/fast.md": spec("/fast", 30_000, "a"),
    "apis/b/short.md": spec("/hold", 100, "b"),
  }));
  const ctx = { cwd: ws.dir, env: {}, clock: systemClock };
  const first = await execBatch(["api-docs/apis/a/fast.md"], {}, ctx);
  assertEquals(first.summary.passed, 1);
  const second = await execBatch(["api-docs/apis/b/short.md"], {}, ctx);
  release();
  const [short] = second.results;
  assertEquals(short.error_type, "NETWORK_ERROR");
  assert(short.duration_ms >= 100 && short.duration_ms < 1_000, `${short.duration_ms} ms`);
});

Deno.test("a process whose requests have ended exits without waiting for their timeouts", async () => {
  await using api = startTestApi(() => jsonResponse({ id: 1 }));
  const script = `
    import { sendRequest } from ${
    JSON.stringify(new URL("../../src/adapters/http.ts", import.meta.url).href)
  };
    const sent = await sendRequest({ method: "GET", url: ${
    JSON.stringify(api.url)
  }, headers: [] }, 60_000);
    console.log(sent.response?.status);
  `;
  const started = performance.now();
  const result = await run(Deno.execPath(), ["eval", "--no-config", script], {
    env: { HOME: Deno.env.get("HOME") ?? "/", NO_COLOR: "1", ...denoDir() },
    timeoutMs: 30_000,
  });
  assertEquals(result.stdout.trim(), "200", result.stderr);
  assert(performance.now() - started < 20_000, "the process waited for the timer");
});

function denoDir(): Record<string, string> {
  const dir = Deno.env.get("DENO_DIR");
  return dir ? { DENO_DIR: dir } : {};
}

Deno.test("a timeout after the shared timer went off while nothing waited still fires", async () => {
  const { api, release } = slowApi();
  await using _ = api;
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/a/fast.md": spec("/fast", 50, "a"),
    "apis/b/short.md": spec("/hold", 100, "b"),
  }));
  const ctx = { cwd: ws.dir, env: {}, clock: systemClock };
  assertEquals((await execBatch(["api-docs/apis/a/fast.md"], {}, ctx)).summary.passed, 1);
  await new Promise((resolve) => setTimeout(resolve, 150)); // the 50 ms timer goes off unheard
  const second = execBatch(["api-docs/apis/b/short.md"], {}, ctx);
  const hung = await timedOut(second, 3_000);
  release();
  assertEquals(hung, false, "the request never timed out");
  const [short] = (await second).results;
  assertEquals(short.error_type, "NETWORK_ERROR");
  assert(short.duration_ms >= 100 && short.duration_ms < 1_000, `${short.duration_ms} ms`);
});
