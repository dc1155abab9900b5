import { assertEquals } from "@std/assert";
import type { HistoryEntry } from "../model.ts";
import {
  HISTORY_LIMIT,
  historyLine,
  historyTrend,
  MIN_LINE_BYTES,
  parseHistory,
} from "./history.ts";

const run = (passed: boolean, minute = 0): HistoryEntry => ({
  timestamp: `2026-03-01T10:${String(minute).padStart(2, "0")}:00.000Z`,
  passed,
  status: passed ? 200 : 500,
  duration_ms: 4,
  error_type: passed ? null : "CONTRACT_MISMATCH",
});
const runs = (pattern: string) => [...pattern].map((c, i) => run(c === "P", i));

Deno.test("historyTrend() is stable with fewer than two runs", () => {
  assertEquals(historyTrend([]), "stable");
  assertEquals(historyTrend(runs("F")), "stable");
});

Deno.test("historyTrend() compares the newest three with the three before", () => {
  assertEquals(historyTrend(runs("FFFPPP")), "improving");
  assertEquals(historyTrend(runs("PPPFPP")), "regressing");
  assertEquals(historyTrend(runs("PFFPFP")), "improving");
  assertEquals(historyTrend(runs("PFPPFP")), "stable");
});

Deno.test("historyTrend() looks only at the last six runs", () => {
  assertEquals(historyTrend(runs("FFFFFFFFPPPPPP")), "stable");
  assertEquals(historyTrend(runs("PPPPPPPPPFFF")), "regressing");
});

Deno.test("historyTrend() keeps an older run to compare with when there are few", () => {
  assertEquals(historyTrend(runs("FP")), "improving");
  assertEquals(historyTrend(runs("PF")), "regressing");
  assertEquals(historyTrend(runs("PPF")), "regressing");
  assertEquals(historyTrend(runs("FPPP")), "improving");
});

Deno.test("parseHistory() reads lines back and skips torn ones", () => {
  const text = [run(true, 1), run(false, 2)].map(historyLine).join("\n") + '\n{"timestamp":"20';
  assertEquals(parseHistory(text), [run(true, 1), run(false, 2)]);
});

Deno.test("MIN_LINE_BYTES is no longer than any real line", () => {
  for (const entry of [run(true), run(false)]) {
    assertEquals(historyLine(entry).length + 1 >= MIN_LINE_BYTES, true);
  }
});

Deno.test("parseHistory() returns at most the newest HISTORY_LIMIT entries", () => {
  const text = Array.from(
    { length: HISTORY_LIMIT + 30 },
    (_, i) => historyLine(run(i % 2 === 0, i % 60)),
  )
    .join("\n");
  const entries = parseHistory(text);
  assertEquals(entries.length, HISTORY_LIMIT);
  assertEquals(entries[0], parseHistory(text.split("\n").slice(30).join("\n"))[0]);
});
