import { assert, assertEquals } from "@std/assert";
import { appendHistory, historyFile, readHistory } from "../../src/ops/run/history.ts";
import { parseHistory } from "../../src/engine/history/history.ts";
import type { HistoryEntry } from "../../src/engine/model.ts";
import { systemClock } from "../../src/adapters/clock.ts";
import { apispec } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";

const entry = (seq: number, passed = true): HistoryEntry => ({
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
  passed,
  status: passed ? 200 : 500,
  duration_ms: seq,
  error_type: passed ? null : "CONTRACT_MISMATCH",
});

Deno.test("exec and flow runs append to each spec's history; dry runs do not", async () => {
  let fail = true;
  await using api = startTestApi(() => jsonResponse({ id: 1 }, fail ? 500 : 200));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint(),
    "flows/f.md": flowFile([{ name: "User", endpoint: "apis/users/get-user.md" }]),
  }));
  const file = "api-docs/apis/users/get-user.md";
  for (let i = 0; i < 3; i++) await apispec(["exec", file], { cwd: ws.dir });
  fail = false;
  await apispec(["exec", file, "--dry-run"], { cwd: ws.dir });
  await apispec(["flow", "api-docs/flows/f.md", "--dry-run"], { cwd: ws.dir });
  await apispec(["exec", file], { cwd: ws.dir });
  await apispec(["flow", "api-docs/flows/f.md"], { cwd: ws.dir });
  await apispec(["diagnose", file], { cwd: ws.dir });

  const lines = (await ws.read(".apispec/history/apis/users/get-user.jsonl")).trim().split("\n");
  assertEquals(lines.length, 6);
  const first = JSON.parse(lines[0]);
  assertEquals(Object.keys(first), ["timestamp", "passed", "status", "duration_ms", "error_type"]);
  assertEquals([first.passed, first.status, first.error_type], [false, 500, "CONTRACT_MISMATCH"]);

  const ctx = { cwd: ws.dir, env: {}, clock: systemClock };
  const history = await readHistory(file, ctx, { last: 4 });
  assertEquals(history.spec, file);
  assertEquals(history.trend, "improving");
  assertEquals(history.entries.map((e) => e.passed), [true, true, true, false]);
  assert(history.entries[0].timestamp > history.entries[3].timestamp, "newest first");
  assertEquals((await readHistory("apis/users/get-user.md", ctx)).entries.length, 6);
});

Deno.test("history keeps the newest 200 entries, compacting at 250 so appends rarely rewrite it", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:1"));
  const place = { root: ws.path("api-docs"), projectRoot: ws.dir };
  const spec = ws.path("api-docs/apis/users/get-user.md");
  const file = historyFile(place, spec);
  const lines = () => Deno.readTextFileSync(file).trim().split("\n").length;
  let seq = 0;
  const append = () => appendHistory(place, [{ specPath: spec, entry: entry(seq++) }]);
  while (seq < 230) append();
  // Past 200 the file grows; readers still see only the newest 200.
  assertEquals(lines(), 230);
  const history = await readHistory(spec, { cwd: ws.dir, env: {}, clock: systemClock }, {
    last: 1000,
  });
  assertEquals(history.entries.length, 200);
  assertEquals(history.entries.at(-1)!.duration_ms, 30);
  assertEquals(history.entries[0].duration_ms, 229);

  while (seq < 251) append();
  assertEquals(lines(), 200, "compacted once it held more than 250");
  assertEquals(parseHistory(Deno.readTextFileSync(file))[0].duration_ms, 51);
  // The next 50 appends go to the same file (no rewrite, so the same inode); the 51st compacts.
  const inode = Deno.statSync(file).ino;
  while (seq < 301) append();
  assertEquals([lines(), Deno.statSync(file).ino], [250, inode]);
  append();
  assertEquals(lines(), 200);
  assertEquals(parseHistory(Deno.readTextFileSync(file)).at(-1)!.duration_ms, 301);
});

Deno.test("history survives a torn last line", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:1"));
  const place = { root: ws.path("api-docs"), projectRoot: ws.dir };
  const spec = ws.path("api-docs/apis/users/get-user.md");
  appendHistory(place, [{ specPath: spec, entry: entry(1) }]);
  await Deno.writeTextFile(historyFile(place, spec), '{"timestamp":"2026-', { append: true });
  appendHistory(place, [{ specPath: spec, entry: entry(2, false) }]);
  const entries = parseHistory(await Deno.readTextFile(historyFile(place, spec)));
  assertEquals(entries.map((e) => e.duration_ms), [1, 2]);
});

async function writers(project: string, count: number): Promise<void> {
  const start = `${project}/start`;
  const children = [1, 2].map((id) =>
    new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        new URL("./_writer.ts", import.meta.url).pathname,
        project,
        String(id),
        String(count),
        start,
      ],
      stdout: "null",
      stderr: "piped",
    }).spawn()
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  await Deno.writeTextFile(start, "go");
  for (const child of children) {
    const { success, stderr } = await child.output();
    assert(success, new TextDecoder().decode(stderr));
  }
}

Deno.test("two processes appending at once lose nothing and corrupt nothing", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:1"));
  await writers(ws.dir, 90);
  const text = await ws.read(".apispec/history/apis/users/get-user.jsonl");
  const lines = text.trim().split("\n");
  assertEquals(lines.length, 180);
  const entries = lines.map((line) => JSON.parse(line) as HistoryEntry);
  for (const id of [1, 2]) {
    const mine = entries.filter((e) => e.status === 200 + id).map((e) => e.duration_ms);
    assertEquals(mine, Array.from({ length: 90 }, (_, i) => i));
  }
});

Deno.test("two processes appending past the limit leave whole lines, compacted, the newest 200 read", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:1"));
  await writers(ws.dir, 250);
  const text = await ws.read(".apispec/history/apis/users/get-user.jsonl");
  const lines = text.trim().split("\n");
  // 500 appends: compacted to 200 at the 251st, 302nd, ... 455th; 45 more since.
  assertEquals(lines.length, 245);
  lines.forEach((line) => JSON.parse(line));
  assertEquals(parseHistory(text).length, 200);
  // Each writer's entries stay in order, and the last one of each survives.
  for (const id of [1, 2]) {
    const mine = parseHistory(text).filter((e) => e.status === 200 + id).map((e) => e.duration_ms);
    assertEquals(mine, [...mine].sort((a, b) => a - b));
  }
  const last = parseHistory(text).slice(-1)[0];
  assertEquals(last.duration_ms, 249);
});
