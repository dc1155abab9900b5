/**
 * Coverage for people: a console table read at a glance (one row per
 * endpoint file, ✓/✗ and age of the last run), and the same as markdown.
 */
import type { CoverageEndpoint, CoverageReport } from "../contract/coverage.ts";
import { mdCode } from "./markdown_text.ts";
import type { Paint } from "./paint.ts";

/** `3 min ago`, `5 h ago`, `12 days ago`. */
export function age(timestamp: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(timestamp)) / 60000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

function lastRun(e: CoverageEndpoint, now: number): string {
  if (!e.last_run) return "never run";
  const mark = e.last_run.passed ? "✓" : "✗";
  return `${mark} ${age(e.last_run.timestamp, now)}, ${e.last_run.duration_ms} ms${
    e.stale ? " (stale)" : ""
  }`;
}

function row(e: CoverageEndpoint, now: number): string[] {
  return [
    e.spec,
    e.method,
    e.path,
    e.has_example ? "yes" : "-",
    e.has_schema ? "yes" : "-",
    e.error_statuses.length ? e.error_statuses.join(",") : "-",
    String(e.assertions),
    lastRun(e, now),
  ];
}

const HEADINGS = ["SPEC", "METHOD", "PATH", "EXAMPLE", "SCHEMA", "ERRORS", "ASSERT", "LAST RUN"];

function verdict(report: CoverageReport): string {
  return `Coverage: ${report.summary.coverage_pct}% (${
    report.operations
      ? "operations covered by a passing spec"
      : "endpoint files whose last run passed"
  })`;
}

export interface CoverageView {
  collection: string;
  document?: string;
  now: number;
  /** `--min`, when given. */
  min?: number;
}

/** Columns padded to their widest cell; the last-run cell coloured by outcome. */
export function renderCoverageConsole(
  report: CoverageReport,
  view: CoverageView,
  paint: Paint,
): string {
  const s = report.summary;
  const lines = [
    paint.bold(
      `Coverage of ${view.collection}: ${s.endpoints} endpoint files, ${s.run} run, ${s.passing} passing, ${s.stale} stale`,
    ),
    "",
  ];
  const rows = report.endpoints.map((e) => row(e, view.now));
  const widths = HEADINGS.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const pad = (cells: string[]) =>
    cells.map((c, i) => i === cells.length - 1 ? c : c.padEnd(widths[i])).join("  ");
  lines.push(paint.dim(pad(HEADINGS)));
  report.endpoints.forEach((e, i) => {
    const text = pad(rows[i]);
    const color = !e.last_run
      ? paint.dim
      : e.stale
      ? paint.yellow
      : e.last_run.passed
      ? paint.green
      : paint.red;
    const cut = text.length - rows[i][7].length;
    lines.push(text.slice(0, cut) + color(rows[i][7]));
  });
  if (report.operations) {
    const o = report.operations;
    lines.push(
      "",
      `Operations of ${view.document}: ${o.covered} of ${o.total} covered by a passing spec`,
    );
    for (const op of o.uncovered) {
      lines.push(`  ${paint.yellow("not covered")}  ${op.method} ${op.path}`);
    }
  }
  const below = view.min !== undefined && s.coverage_pct < view.min;
  lines.push(
    "",
    (below ? paint.red : paint.bold)(
      verdict(report) +
        (view.min !== undefined ? `; minimum ${view.min}%${below ? ": below" : ": met"}` : ""),
    ),
  );
  return lines.join("\n");
}

export function renderCoverageMarkdown(report: CoverageReport, view: CoverageView): string {
  const s = report.summary;
  const lines = [
    `## API coverage: ${mdCode(view.collection)}`,
    "",
    `**${s.coverage_pct}%** ${
      report.operations ? "of operations covered by a passing spec" : "of endpoint files passing"
    } · ${s.endpoints} endpoint files, ${s.run} run, ${s.passing} passing, ${s.stale} stale`,
    "",
    "| Spec | Request | Example | Schema | Error statuses | Assertions | Last run |",
    "|---|---|---|---|---|---|---|",
    ...report.endpoints.map((e) => {
      const r = row(e, view.now);
      return `| ${mdCode(r[0], { table: true })} | ${
        mdCode(`${r[1]} ${r[2]}`, { table: true })
      } | ${r[3]} | ${r[4]} | ${r[5]} | ${r[6]} | ${r[7]} |`;
    }),
  ];
  if (report.operations) {
    const o = report.operations;
    lines.push(
      "",
      `### Operations of ${mdCode(view.document ?? "")}: ${o.covered} of ${o.total} covered`,
    );
    if (o.uncovered.length) {
      lines.push(
        "",
        ...o.uncovered.map((op) => `- ${mdCode(`${op.method} ${op.path}`)}`),
      );
    }
  }
  return lines.join("\n") + "\n";
}
