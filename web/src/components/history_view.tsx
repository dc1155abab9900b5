/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * A spec's History: the trend, pass rate and durations of its recent runs,
 * a pass/fail timeline over a duration chart (plain SVG, the same bar
 * geometry as the HTML report's sparklines), and the runs as a table. It
 * reloads when any process runs the spec (a `history` event).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { runBars, runLabel } from "../../../src/engine/render/run_chart.ts";
import { api } from "../api.ts";
import { subscribe } from "../live.ts";
import type { ExecRecord, HistoryEntry, HistoryResponse } from "../types.ts";
import { PagePlaceholder } from "./common.tsx";
import { ResultView } from "./result_view.tsx";

const TREND_TEXT = {
  stable: "→ stable",
  improving: "↗ improving",
  regressing: "↘ regressing",
} as const;

/**
 * The trend in words. `stable` only says nothing changed: six failures in a
 * row are stable too, and read as what they are.
 */
export function trendText(trend: HistoryResponse["trend"], entries: HistoryEntry[]) {
  const newest = entries[0];
  let streak = 0;
  while (streak < entries.length && entries[streak].passed === newest?.passed) streak++;
  if (trend === "stable" && newest && !newest.passed) {
    return {
      text: streak > 1 ? `✗ failing: ${streak} runs in a row` : "✗ failing",
      kind: "failing",
    };
  }
  if (trend === "stable" && newest?.passed && streak > 1) {
    return { text: `✓ passing: ${streak} runs in a row`, kind: "passing" };
  }
  return { text: TREND_TEXT[trend], kind: trend };
}

/** One run's kept request, response and diff, opened from its row. */
function KeptRun({ file, timestamp, onClose }: {
  file: string;
  timestamp: string;
  onClose: () => void;
}) {
  const [record, setRecord] = useState<ExecRecord>();
  const [error, setError] = useState<string>();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    setRecord(undefined);
    api.historyExchange(file, timestamp).then((r) => setRecord(r.record)).catch((e) =>
      setError((e as Error).message)
    );
  }, [file, timestamp]);
  useEffect(() => {
    if (record) panel.current?.focus();
  }, [record]);
  return (
    <section
      class="kept-run"
      ref={panel}
      tabIndex={-1}
      aria-labelledby="kept-run-title"
      data-testid="kept-run"
    >
      <div class="compare-bar">
        <h2 id="kept-run-title">Run of {when(timestamp)}</h2>
        <button type="button" class="ghost" onClick={onClose}>Close</button>
      </div>
      {error && <p class="error-box">{error}</p>}
      {!record && !error && <p class="muted">Loading…</p>}
      {record && <ResultView record={record} issues={[]} />}
    </section>
  );
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function when(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date.toLocaleString();
}

const CHART_WIDTH = 720;
const CHART_HEIGHT = 140;
const STRIP = 14;

/** The pass/fail strip and, under it, one bar per run scaled to the slowest. */
function RunChart({ entries }: { entries: HistoryEntry[] }) {
  // A few runs stay narrow bars on the right (newest last), as the timeline grows from there.
  const width = Math.min(CHART_WIDTH, entries.length * 24);
  const offset = CHART_WIDTH - width;
  const bars = runBars(entries, {
    width,
    height: CHART_HEIGHT,
    gap: entries.length > 80 ? 0.5 : 2,
    minHeight: 2,
  }).map((bar) => ({ ...bar, x: bar.x + offset }));
  const slowest = Math.max(...entries.map((e) => e.duration_ms));
  return (
    <figure class="run-chart" data-testid="history-chart">
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT + STRIP + 6}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${entries.length} runs, oldest on the left; bar height is the duration`}
      >
        <line class="axis" x1="0" x2={CHART_WIDTH} y1={STRIP + 6} y2={STRIP + 6} />
        {bars.map((bar, i) => (
          <g key={i} class={bar.passed ? "pass" : "fail"} data-testid="history-bar">
            <title>{runLabel(bar.entry)}</title>
            <rect class="strip" x={bar.x} y={0} width={bar.width} height={STRIP} />
            <rect
              class="bar"
              x={bar.x}
              y={bar.y + STRIP + 6}
              width={bar.width}
              height={bar.height}
            />
          </g>
        ))}
      </svg>
      <figcaption class="muted">
        <span>{when(entries[0].timestamp)}</span>
        <span>slowest {formatMs(slowest)}</span>
        <span>{when(entries.at(-1)!.timestamp)}</span>
      </figcaption>
    </figure>
  );
}

export function HistoryView({ file }: { file: string }) {
  const [data, setData] = useState<HistoryResponse>();
  const [error, setError] = useState<string>();
  const [opened, setOpened] = useState<string>();
  useEffect(() => {
    // An answer for a file already left must not replace the current one's.
    let current = true;
    const load = async () => {
      try {
        const next = await api.history(file);
        if (!current) return;
        setData(next);
        setError(undefined);
      } catch (e) {
        if (current) setError((e as Error).message);
      }
    };
    setData(undefined);
    load();
    const stop = subscribe((event) => {
      if (event.type === "history" && file in event.runs) load();
    });
    return () => {
      current = false;
      stop();
    };
  }, [file]);

  if (!data) return <PagePlaceholder error={error} />;
  const { entries, stats, trend } = data;
  if (entries.length === 0) {
    return (
      <div class="history" data-testid="history">
        <p class="muted" data-testid="history-empty">
          No runs yet. Send the spec, run it from the CLI (<code>apispec exec</code>) or use Run
          all; runs from anywhere appear here as they happen.
        </p>
      </div>
    );
  }
  const oldestFirst = [...entries].reverse();
  const kept = new Set(data.kept ?? []);
  const shownTrend = trendText(trend, entries);
  return (
    <div class="history" data-testid="history">
      <div class="history-stats">
        <div class={`trend trend-${shownTrend.kind}`} data-testid="history-trend">
          {shownTrend.text}
        </div>
        <div>
          <strong data-testid="history-runs">{stats.runs}</strong> runs
        </div>
        <div>
          <strong>{Math.round(stats.passRate * 100)}%</strong> passed
        </div>
        <div>
          <strong>{formatMs(stats.medianMs)}</strong> median
        </div>
        <div>
          <strong>{formatMs(stats.p95Ms)}</strong> p95
        </div>
      </div>
      <RunChart entries={oldestFirst} />
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Runs">
        <table class="runs" data-testid="history-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Result</th>
              <th scope="col">Status</th>
              <th scope="col">Time</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, i) => (
              <tr key={i} class={entry.passed ? "pass" : "fail"}>
                <td>
                  {kept.has(entry.timestamp)
                    ? (
                      <button
                        type="button"
                        class="link-button"
                        aria-pressed={opened === entry.timestamp}
                        onClick={() =>
                          setOpened(opened === entry.timestamp ? undefined : entry.timestamp)}
                        data-testid="history-open"
                        title="Open the request, response and diff of this run"
                      >
                        {when(entry.timestamp)}
                      </button>
                    )
                    : when(entry.timestamp)}
                </td>
                <td class="result-cell">{entry.passed ? "✓ pass" : "✗ fail"}</td>
                <td>{entry.status || "–"}</td>
                <td class="num">{formatMs(entry.duration_ms)}</td>
                <td class="error-type">{entry.error_type ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {kept.size > 0 && !opened && (
        <p class="muted">
          Runs made here (Send) keep their request and response: open one by its time.
        </p>
      )}
      {opened && <KeptRun file={file} timestamp={opened} onClose={() => setOpened(undefined)} />}
    </div>
  );
}
