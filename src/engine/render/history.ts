/** `apispec history` on a terminal: one line per run, newest first, then the trend. */
import type { HistoryEntry, HistoryTrend } from "../model.ts";
import { TREND_WINDOW } from "../history/history.ts";
import type { Paint } from "./paint.ts";

export interface HistoryView {
  spec: string;
  trend: HistoryTrend;
  /** Newest first. */
  entries: HistoryEntry[];
}

/**
 * @example
 * ```ts
 * import { renderHistory } from "./history.ts";
 * import { PLAIN } from "./paint.ts";
 * renderHistory({ spec: "a.md", trend: "stable", entries: [] }, PLAIN); // "No runs of a.md recorded yet…"
 * ```
 */
export function renderHistory(view: HistoryView, paint: Paint): string {
  if (view.entries.length === 0) {
    return `No runs of ${view.spec} recorded yet; run \`apispec exec ${view.spec}\` to start its history`;
  }
  const count = view.entries.length;
  const lines = [
    `${paint.bold(view.spec)}  ${paint.dim(`${count} run${count === 1 ? "" : "s"}, newest first`)}`,
  ];
  for (const entry of view.entries) {
    const mark = entry.passed ? paint.green("✓") : paint.red("✗");
    const when = entry.timestamp.replace("T", " ").replace(/\.\d+Z$/, "Z");
    const status = entry.status === 0 ? "---" : String(entry.status);
    const error = entry.error_type ? `  ${paint.red(entry.error_type)}` : "";
    lines.push(`  ${mark} ${when}  ${status}  ${`${entry.duration_ms} ms`.padStart(8)}${error}`);
  }
  const trend = view.trend === "improving"
    ? paint.green("improving")
    : view.trend === "regressing"
    ? paint.red("regressing")
    : "stable";
  lines.push(`Trend: ${trend} ${paint.dim(`(the last ${TREND_WINDOW} runs)`)}`);
  return lines.join("\n");
}
