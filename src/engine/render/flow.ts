/**
 * Console rendering of a flow for people: a header, one line per step as it
 * finishes (with the differences of a failed step below it), and a summary
 * with the captured values (already masked).
 */
import type { ExecRecord, StepRecord } from "../model.ts";
import { reasonPhrase, renderOutcome, renderRequest, renderResponse } from "./exec.ts";
import { type Paint, PLAIN } from "./paint.ts";
import { recordDetails, type ReportCase } from "./report.ts";

/** What renderers need about a step beyond its wire record. */
export interface StepDetail {
  /** The endpoint file as a display path. */
  file: string;
  /** Line of the step in the flow file. */
  line: number;
  method?: string;
  url?: string;
  title?: string;
  /** The masked record, also without `verbose`. */
  record?: ExecRecord;
  /** The plan node the record belongs to (`2`, `2.1`), for views that group records. */
  id?: string;
  /** 1-based run of a `For each` step. */
  iteration?: number;
  /** What a dry run knows of the step: its loop, condition, polling, delay. */
  notes?: string[];
}

export interface FlowHeader {
  title: string;
  file: string;
  env: string;
  steps: number;
  parallel: boolean;
  dryRun: boolean;
  /** Rows of a data-driven run. */
  rows?: number;
}

export function renderFlowHeader(header: FlowHeader, paint: Paint = PLAIN): string {
  const mode = [
    header.parallel ? "parallel" : "sequential",
    `env ${header.env}`,
    `${header.steps} step${header.steps === 1 ? "" : "s"}`,
    ...(header.rows ? [`${header.rows} data row${header.rows === 1 ? "" : "s"}`] : []),
    ...(header.dryRun ? ["dry run: nothing is sent"] : []),
  ].join(", ");
  return `${paint.bold(`FLOW  ${header.title}`)}  ${paint.dim(header.file)}  ${
    paint.dim(`(${mode})`)
  }`;
}

export interface StepViewOptions {
  verbose: boolean;
  strictAssertions: boolean;
  dryRun: boolean;
}

/** One step: a result line, then the request (dry run, -v), response (-v) and differences (failure). */
export function renderFlowStep(
  step: StepRecord,
  detail: StepDetail,
  options: StepViewOptions,
  paint: Paint = PLAIN,
): string {
  if (step.skipped) {
    return `  ${paint.yellow("-")} ${paint.dim(`${step.name}  skipped`)}  ${
      paint.dim(step.hint ?? "")
    }`;
  }
  const record = detail.record;
  const mark = options.dryRun && step.passed
    ? paint.cyan("○")
    : step.passed
    ? paint.green("✓")
    : step.interrupted
    ? paint.yellow("✗")
    : paint.red("✗");
  const status = step.status
    ? paint.bold(`${step.status} ${reasonPhrase(step.status, record?.response?.reason)}`.trim())
    : "";
  const request = [detail.method, detail.url].filter(Boolean).join(" ");
  const parts = [
    `  ${mark} ${paint.bold(step.name)}`,
    request,
    status,
    options.dryRun ? "" : paint.dim(`${step.duration_ms} ms`),
    step.attempts ? paint.dim(`${step.attempts} attempt${step.attempts === 1 ? "" : "s"}`) : "",
    step.error_type ? paint.red(step.error_type) : "",
    step.interrupted ? paint.yellow("interrupted") : "",
  ].filter(Boolean);
  // concat, never push(...): a large body has more lines than a call takes arguments.
  let lines = [parts.join("  ")];
  const indent = (text: string) => `      ${text}`;
  for (const note of detail.notes ?? []) lines.push(indent(paint.cyan(note)));
  if (record?.request && (options.dryRun || options.verbose)) {
    // The step line already names the method and URL.
    lines = lines.concat(renderRequest(record.request, paint).slice(1).map(indent));
  }
  if (record?.response && options.verbose) {
    lines = lines.concat(renderResponse(record.response, paint).map(indent));
  }
  if (record && !step.passed) {
    lines = lines.concat(renderOutcome(record, options.strictAssertions, paint).map(indent));
  } else if (record && record.assertion_results.some((r) => !r.passed)) {
    // A passing step with failing rules (not strict): the rules show as warnings.
    lines = lines.concat(renderOutcome(record, false, paint).map(indent));
  } else if (!record && !step.passed && step.hint) {
    lines.push(indent(`${paint.cyan("hint")}     ${step.hint}`));
  }
  return lines.join("\n");
}

export interface FlowSummary {
  passed: boolean;
  steps: StepRecord[];
  captures: Record<string, string>;
  continueOnError?: boolean;
  /** Nothing was sent: the summary says what was planned instead of what passed. */
  dryRun?: boolean;
}

export function renderFlowSummary(summary: FlowSummary, paint: Paint = PLAIN): string {
  const count = (pick: (s: StepRecord) => boolean) => summary.steps.filter(pick).length;
  const skipped = count((s) => !!s.skipped);
  const passed = count((s) => s.passed && !s.skipped);
  const failed = summary.steps.length - passed - skipped;
  const text = summary.dryRun
    ? `Dry run: ${passed} request${passed === 1 ? "" : "s"} planned and resolved${
      skipped ? `, ${skipped} skipped` : ""
    }; nothing was sent`
    : `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
  const lines = [
    summary.dryRun
      ? paint.cyan(paint.bold(`○ ${text}`))
      : summary.passed
      ? paint.green(paint.bold(`✓ ${text}`))
      : paint.red(paint.bold(`✗ ${text}`)),
  ];
  if (!summary.passed && summary.continueOnError) {
    lines.push(paint.dim("continue-on-error is on: failed steps do not fail the exit code"));
  }
  const captures = Object.entries(summary.captures);
  if (captures.length > 0) {
    lines.push(paint.dim("captures:"));
    for (const [name, value] of captures) lines.push(`  ${name} = ${value}`);
  }
  return lines.join("\n");
}

/** The heading of one row of a data-driven run: its number and its values. */
export function renderRowHeading(
  row: { index: number; count: number; data: Record<string, unknown> },
  paint: Paint = PLAIN,
): string {
  const values = Object.entries(row.data).map(([name, value]) =>
    `${name}=${typeof value === "string" ? value : JSON.stringify(value)}`
  ).join("  ");
  const heading = paint.bold(`ROW ${row.index + 1}/${row.count}`);
  return `${row.index === 0 ? "" : "\n"}${heading}  ${paint.dim(values)}`;
}

/** The closing line of a data-driven run: rows passed and failed. */
export function renderRowsSummary(
  rows: { passed: boolean }[],
  options: { dryRun?: boolean; continueOnError?: boolean },
  paint: Paint = PLAIN,
): string {
  const failed = rows.filter((r) => !r.passed).length;
  const text = `${rows.length} row${rows.length === 1 ? "" : "s"}: ${
    rows.length - failed
  } passed, ${failed} failed`;
  if (options.dryRun) {
    return paint.cyan(
      paint.bold(
        `○ Dry run of ${rows.length} row${rows.length === 1 ? "" : "s"}; nothing was sent`,
      ),
    );
  }
  const lines = [
    failed === 0 ? paint.green(paint.bold(`✓ ${text}`)) : paint.red(paint.bold(`✗ ${text}`)),
  ];
  if (failed > 0 && options.continueOnError) {
    lines.push(paint.dim("continue-on-error is on: failed steps do not fail the exit code"));
  }
  return lines.join("\n");
}

/** Report rows for JUnit and markdown: one per step, grouped by the flow. */
export function flowReportCases(
  group: string,
  steps: StepRecord[],
  details: StepDetail[],
): ReportCase[] {
  return steps.map((step, index) => {
    const detail = details[index];
    return {
      name: step.name,
      group,
      file: detail?.file ?? step.endpoint,
      method: detail?.method,
      url: detail?.url,
      passed: step.passed,
      skipped: step.skipped,
      status: step.status,
      duration_ms: step.duration_ms,
      error_type: step.error_type,
      hint: step.hint ?? "",
      details: detail?.record ? recordDetails(detail.record) : step.hint ? [step.hint] : [],
    };
  });
}
