/**
 * History entries as JSON Lines, and the trend over the latest runs. Pure:
 * the file itself is read and written by `ops/history.ts`.
 */
import type { ErrorType, HistoryEntry, HistoryTrend } from "../model.ts";

/** Entries kept per spec: readers see the newest ones, and compaction keeps as many. */
export const HISTORY_LIMIT = 200;
/**
 * A history file is compacted (to the newest `HISTORY_LIMIT` entries) once it
 * holds more than this many. Compacting at exactly the limit rewrote the file
 * on every append once a spec had run 200 times; the slack makes it one append
 * in fifty. Readers never see more than `HISTORY_LIMIT` entries.
 */
export const HISTORY_COMPACT_ABOVE = 250;
/** Runs the trend looks at, whatever the caller asks to list. */
export const TREND_WINDOW = 6;

/** One entry as one line, fields in SPEC.md's order. */
export function historyLine(entry: HistoryEntry): string {
  return JSON.stringify({
    timestamp: entry.timestamp,
    passed: entry.passed,
    status: entry.status,
    duration_ms: entry.duration_ms,
    error_type: entry.error_type,
  });
}

/** The shortest line `historyLine` can produce: a file below this many entries' worth of bytes needs no compaction check. */
export const MIN_LINE_BYTES = historyLine({
  timestamp: "2000-01-01T00:00:00.000Z",
  passed: true,
  status: 100,
  duration_ms: 0,
  error_type: null,
}).length + 1;

function isEntry(value: unknown): value is HistoryEntry {
  const v = value as Record<string, unknown>;
  return !!v && typeof v === "object" && typeof v.timestamp === "string" &&
    typeof v.passed === "boolean" && typeof v.status === "number" &&
    typeof v.duration_ms === "number" &&
    (v.error_type === null || typeof v.error_type === "string");
}

/**
 * Parses a history file, oldest first: at most the newest `HISTORY_LIMIT`
 * entries (a file holds up to `HISTORY_COMPACT_ABOVE` between compactions).
 * Lines that are not entries (a torn last line read during an append) are
 * skipped.
 *
 * @example
 * ```ts
 * import { parseHistory } from "./history.ts";
 * parseHistory('{"timestamp":"2026-01-01T00:00:00.000Z","passed":true,"status":200,"duration_ms":3,"error_type":null}\n{"times').length; // 1
 * ```
 */
export function parseHistory(text: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const value = JSON.parse(line);
      if (isEntry(value)) {
        entries.push({ ...value, error_type: value.error_type as ErrorType | null });
      }
    } catch { /* a torn or foreign line */ }
  }
  return entries.length > HISTORY_LIMIT ? entries.slice(-HISTORY_LIMIT) : entries;
}

function passRate(entries: HistoryEntry[]): number {
  return entries.filter((e) => e.passed).length / entries.length;
}

/**
 * The trend over the last six runs (oldest first in `entries`): the pass rate
 * of the newest three against the runs before them. With fewer than six runs
 * the newest part keeps at least one older run to compare with; fewer than two
 * runs are `stable`.
 *
 * @example
 * ```ts
 * import { historyTrend } from "./history.ts";
 * const run = (passed: boolean) => ({ timestamp: "", passed, status: 200, duration_ms: 1, error_type: null });
 * historyTrend([run(false), run(false), run(false), run(true), run(true), run(true)]); // "improving"
 * ```
 */
export function historyTrend(entries: HistoryEntry[]): HistoryTrend {
  const window = entries.slice(-TREND_WINDOW);
  if (window.length < 2) return "stable";
  const newestCount = Math.min(3, window.length - 1);
  const newest = passRate(window.slice(-newestCount));
  const before = passRate(window.slice(0, window.length - newestCount));
  return newest > before ? "improving" : newest < before ? "regressing" : "stable";
}
