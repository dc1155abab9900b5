/**
 * Recent runs as bars: one bar per run, oldest on the left, its height the
 * run's duration and its colour the verdict. The geometry is shared by the
 * HTML report's inline SVG sparklines and the UI's History chart, so both
 * draw the same picture.
 */
import type { HistoryEntry } from "../model.ts";
import { escapeHtml } from "./html_escape.ts";

export interface RunBar {
  x: number;
  y: number;
  width: number;
  height: number;
  passed: boolean;
  entry: HistoryEntry;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Space between bars, in the same units. */
  gap?: number;
  /** Shortest bar, so a 0 ms run is still visible. */
  minHeight?: number;
}

/**
 * Bars for runs given oldest first; the tallest run fills the height.
 *
 * @example
 * ```ts
 * import { runBars } from "./run_chart.ts";
 * const run = (duration_ms: number) =>
 *   ({ timestamp: "", passed: true, status: 200, duration_ms, error_type: null });
 * runBars([run(5), run(10)], { width: 20, height: 10, gap: 0 }).map((b) => b.height); // [5, 10]
 * ```
 */
export function runBars(entries: HistoryEntry[], box: ChartBox): RunBar[] {
  if (entries.length === 0) return [];
  const gap = box.gap ?? 1;
  const minHeight = box.minHeight ?? 1;
  const slot = box.width / entries.length;
  const width = Math.max(0.5, slot - gap);
  const max = Math.max(1, ...entries.map((e) => e.duration_ms));
  return entries.map((entry, i) => {
    const height = Math.max(minHeight, (entry.duration_ms / max) * box.height);
    return {
      x: round(i * slot),
      y: round(box.height - height),
      width: round(width),
      height: round(height),
      passed: entry.passed,
      entry,
    };
  });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Colours as SVG attributes, not style: a page whose stylesheet is blocked
 * (Jenkins' default CSP allows no inline style) still draws red and green.
 * A stylesheet that is allowed overrides them by class.
 */
export const PASS_FILL = "#15803d";
export const FAIL_FILL = "#c0262d";
export const SKIP_FILL = "#a15c00";

/** One run in words, for tooltips and screen readers. */
export function runLabel(entry: HistoryEntry): string {
  const verdict = entry.passed
    ? "passed"
    : `failed${entry.error_type ? ` (${entry.error_type})` : ""}`;
  return `${entry.timestamp}: ${verdict}, ${entry.status || "no"} status, ${entry.duration_ms} ms`;
}

/**
 * A small inline SVG of recent runs (no script, no external reference), with
 * a `<title>` per bar. Colours come from the `pass` and `fail` classes, so the
 * page's stylesheet decides them.
 */
export function sparklineSvg(
  entries: HistoryEntry[],
  options: { width?: number; height?: number; label?: string } = {},
): string {
  const width = options.width ?? 120;
  const height = options.height ?? 22;
  const passed = entries.filter((e) => e.passed).length;
  const label = options.label ??
    `${entries.length} recent run${entries.length === 1 ? "" : "s"}, ${passed} passed`;
  const bars = runBars(entries, { width, height, gap: entries.length > 60 ? 0.3 : 1 });
  const rects = bars.map((bar) =>
    `<rect class="${bar.passed ? "pass" : "fail"}" fill="${
      bar.passed ? PASS_FILL : FAIL_FILL
    }" x="${bar.x}" y="${bar.y}" width="${bar.width}" height="${bar.height}"><title>${
      escapeHtml(runLabel(bar.entry))
    }</title></rect>`
  ).join("");
  return `<svg class="spark" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${
    escapeHtml(label)
  }">${rects}</svg>`;
}
