import { assertEquals, assertStringIncludes } from "@std/assert";
import { execBatch } from "../../src/ops/run/batch.ts";
import { systemClock } from "../../src/adapters/clock.ts";
import { jsonResponse, startTestApi, timedOut } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { overlaps, startRecordsApi } from "../helpers/records_api.ts";

function specs(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    // One resource each: the specs of one resource run one at a time.
    files[`apis/items/get-item-${i}.md`] = endpoint({ path: `/items/${i}`, resource: `items${i}` });
  }
  return files;
}

/** Counts requests in flight; the first `hold` requests wait until all of them have arrived. */
function countingApi(hold: number) {
  let inFlight = 0;
  let arrived = 0;
  const stats = { max: 0 };
  let release!: () => void;
  const allHere = new Promise<void>((resolve) => release = resolve);
  const api = startTestApi(async (request) => {
    inFlight++;
    stats.max = Math.max(stats.max, inFlight);
    const index = ++arrived;
    if (index === hold) release();
    let alone = false;
    if (index <= hold) {
      alone = await timedOut(allHere);
    }
    inFlight--;
    if (new URL(request.url).pathname === "/items/13") return jsonResponse({ error: "gone" }, 410);
    return alone ? jsonResponse({ error: "not concurrent" }, 500) : jsonResponse({ id: 1 });
  });
  return { api, stats };
}

Deno.test("execBatch() keeps at most `concurrency` requests in flight, and uses them all", async () => {
  const { api, stats } = countingApi(3);
  await using _ = api;
  await using ws = await workspace(collectionFiles(api.url, specs(12)));
  const names = Object.keys(specs(12)).map((f) => `api-docs/${f}`);
  const result = await execBatch(names, { concurrency: 3 }, {
    cwd: ws.dir,
    env: {},
    clock: systemClock,
  });
  assertEquals(result.summary.passed, 12, JSON.stringify(result.results.filter((r) => !r.passed)));
  assertEquals(stats.max, 3);
  assertEquals(api.requests.length, 12);
});

Deno.test("execBatch() runs 8 at once by default and reports every spec in order", async () => {
  const { api, stats } = countingApi(8);
  await using _ = api;
  await using ws = await workspace(collectionFiles(api.url, {
    ...specs(20),
    "apis/items/staging-only.md": endpoint({ path: "/staging", frontmatter: "env: [staging]\n" }),
  }));
  const names = [
    ...Object.keys(specs(20)).map((f) => `api-docs/${f}`),
    "api-docs/apis/items/staging-only.md",
  ];
  const result = await execBatch(names, {}, { cwd: ws.dir, env: {}, clock: systemClock });
  assertEquals(stats.max, 8);
  assertEquals(result.results.map((r) => r.spec), names);
  assertEquals(result.summary.total, 21);
  assertEquals(result.summary.passed, 19);
  assertEquals(result.summary.skipped, 1);
  assertEquals(result.summary.failed, 1);
  const gone = result.results[13];
  assertEquals([gone.passed, gone.status, gone.error_type], [false, 410, "CONTRACT_MISMATCH"]);
  assertStringIncludes(gone.hint!, "410");
  assertEquals(Object.keys(result.results[0]), ["spec", "passed", "status", "duration_ms"]);
  assertEquals(result.results[20].skipped, true);
  assertStringIncludes(result.results[20].hint!, 'valid only in staging, not "dev"');
  assertEquals(api.requests.length, 20);
});

Deno.test("execBatch() runs the reads of one resource side by side, each write alone, in the order given", async () => {
  await using api = startRecordsApi({ "posts/1": { id: 1 }, "tags/3": { id: 3 } }, { holdMs: 100 });
  const files = {
    "apis/posts/get-post.md": endpoint({ path: "/posts/1", resource: "posts" }),
    "apis/posts/get-post-again.md": endpoint({ path: "/posts/1", resource: "posts" }),
    "apis/posts/delete-post.md": endpoint({
      method: "DELETE",
      path: "/posts/1",
      resource: "posts",
      expected: "HTTP/1.1 204 No Content",
    }),
    "apis/posts/get-gone.md": endpoint({
      path: "/posts/1",
      resource: "posts",
      expected: "HTTP/1.1 404 Not Found",
    }),
    "apis/tags/get-tag.md": endpoint({ path: "/tags/3", resource: "tags" }),
  };
  await using ws = await workspace(collectionFiles(api.url, files));
  const names = Object.keys(files).map((f) => `api-docs/${f}`);
  const result = await execBatch(names, {}, { cwd: ws.dir, env: {}, clock: systemClock });
  assertEquals(result.results.map((r) => [r.spec, r.passed]), names.map((n) => [n, true]));
  const pairs = overlaps(api.intervals).map(([a, b]) =>
    [`${a.resource} ${a.method}`, `${b.resource} ${b.method}`].sort().join("+")
  );
  // The two GETs before the DELETE overlap; the DELETE and the GET after it overlap nothing
  // of posts.
  assertEquals(pairs.filter((p) => p.startsWith("posts") && p.includes("+posts")), [
    "posts GET+posts GET",
  ]);
  assertEquals(pairs.some((p) => p.includes("tags")), true);
  const posts = api.intervals.filter((i) => i.resource === "posts").sort((a, b) =>
    a.start - b.start
  );
  assertEquals(posts.slice(2).map((i) => [i.method, i.status]), [["DELETE", 204], ["GET", 404]]);
});
