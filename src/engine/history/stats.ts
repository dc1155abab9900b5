/**
 * Figures over a spec's recent runs, shared by the HTML report and the UI's
 * History view: how many passed, and how long runs take (median, p95, max).
 */
import type { HistoryEntry } from "../model.ts";

export interface RunStats {
  runs: number;
  passed: number;
  failed: number;
  /** 0..1; 0 without runs. */
  passRate: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

/** The value at quantile `q` (0..1) of sorted numbers, nearest rank. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1 || 0)];
}

/**
 * @example
 * ```ts
 * import { runStats } from "./stats.ts";
 * const run = (passed: boolean, duration_ms: number) =>
 *   ({ timestamp: "", passed, status: 200, duration_ms, error_type: null });
 * runStats([run(true, 10), run(false, 30), run(true, 20)]).medianMs; // 20
 * ```
 */
export function runStats(entries: HistoryEntry[]): RunStats {
  const durations = entries.map((e) => e.duration_ms).sort((a, b) => a - b);
  const passed = entries.filter((e) => e.passed).length;
  return {
    runs: entries.length,
    passed,
    failed: entries.length - passed,
    passRate: entries.length ? passed / entries.length : 0,
    medianMs: quantile(durations, 0.5),
    p95Ms: quantile(durations, 0.95),
    maxMs: durations.at(-1) ?? 0,
  };
}
