/** `apispec history` on the command line: the same object as `apispec_history`, and a console view. */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { appendHistory } from "../../src/ops/run/history.ts";
import type { HistoryEntry } from "../../src/engine/model.ts";
import { apispec, json } from "../helpers/cli.ts";
import { startMcp } from "../helpers/mcp.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const entry = (seq: number, passed: boolean): HistoryEntry => ({
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
  passed,
  status: passed ? 200 : 500,
  duration_ms: 10 + seq,
  error_type: passed ? null : "CONTRACT_MISMATCH",
});

Deno.test("history --output=json is the object apispec_history returns; console shows runs and the trend", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:1", {
    "apis/users/get-user.md": endpoint(),
  }));
  const place = { root: ws.path("api-docs"), projectRoot: ws.dir };
  const spec = ws.path("api-docs/apis/users/get-user.md");
  const runs = [true, true, true, false, false, false, true].map((passed, seq) => ({
    specPath: spec,
    entry: entry(seq, passed),
  }));
  appendHistory(place, runs);

  const cli = await apispec([
    "history",
    "api-docs/apis/users/get-user.md",
    "--last",
    "4",
    "--output=json",
  ], {
    cwd: ws.dir,
  });
  assertEquals(cli.code, 0, cli.stderr);
  await using mcp = await startMcp({ cwd: ws.dir });
  const tool = await mcp.call("apispec_history", {
    spec_path: "api-docs/apis/users/get-user.md",
    last: 4,
  });
  assertEquals(json(cli), tool);
  const result = json<{ trend: string; entries: HistoryEntry[] }>(cli);
  assertEquals(result.trend, "regressing");
  assertEquals(result.entries.map((e) => e.duration_ms), [16, 15, 14, 13]);

  const console = await apispec(["history", "apis/users/get-user.md"], { cwd: ws.dir });
  assertEquals(console.code, 0, console.stderr);
  const lines = console.stdout.trim().split("\n");
  assertEquals(lines.length, 1 + 7 + 1);
  assertEquals(lines[1], "  ✓ 2026-01-01 00:00:06Z  200     16 ms");
  assertEquals(lines[2], "  ✗ 2026-01-01 00:00:05Z  500     15 ms  CONTRACT_MISMATCH");
  assertEquals(lines.at(-1), "Trend: regressing (the last 6 runs)");
});

Deno.test("history of a spec that never ran says how to start; of a missing file exits 2", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:1", {
    "apis/users/get-user.md": endpoint(),
  }));
  const empty = await apispec(["history", "api-docs/apis/users/get-user.md"], { cwd: ws.dir });
  assertEquals(empty.code, 0);
  assertStringIncludes(empty.stdout, "No runs of api-docs/apis/users/get-user.md recorded yet");
  const missing = await apispec(["history", "api-docs/apis/users/get-usr.md"], { cwd: ws.dir });
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, "does not exist and has no history");
  const badLast = await apispec(["history", "api-docs/apis/users/get-user.md", "--last=0"], {
    cwd: ws.dir,
  });
  assertEquals(badLast.code, 2);
  assertStringIncludes(badLast.stderr, "--last must be at least 1");
});
