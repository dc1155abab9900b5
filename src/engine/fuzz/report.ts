/**
 * A fuzz run in the forms `check` reports take: a `CheckReport` (one row per
 * failure, then one per operation that held), so the markdown, GitHub and
 * JUnit renderers serve it unchanged; the HTML report's cases; the console
 * summary; and the JSON of BEYOND.md §10.
 */
import type { CheckReport } from "../render/check.ts";
import type { ReportCase } from "../render/report.ts";
import type { HtmlCase, HtmlReport } from "../render/html_model.ts";
import type { Paint } from "../render/paint.ts";
import { escapeControls } from "../render/terminal_safe.ts";
import type { FuzzFailure, FuzzRunView } from "./model.ts";

function notes(run: FuzzRunView): string[] {
  const lines = [
    `${run.summary.operations} operation(s) of \`${run.openapi ?? "the OpenAPI document"}\`, ` +
    `${run.summary.requests} request(s) to the \`${run.env ?? ""}\` environment, seed ` +
    `${run.seed ?? "none"} (repeat with \`--seed ${run.seed}\`)`,
  ];
  if (run.timedOut) lines.push("The time budget ended the run before every case was sent");
  for (const op of run.operations) {
    if (op.skipped) lines.push(`\`${op.operation}\` was not fuzzed: ${op.skipped}`);
  }
  return lines;
}

function failureCase(failure: FuzzFailure): ReportCase {
  return {
    name: `${failure.method} ${failure.path}: ${failure.check}`,
    group: "fuzz",
    file: failure.file ?? `${failure.method} ${failure.path}`,
    method: failure.method,
    url: failure.request?.url,
    passed: false,
    status: failure.status,
    duration_ms: 0,
    error_type: failure.check,
    hint: failure.message,
    details: [
      ...(failure.also.length ? [`also failed: ${failure.also.join(", ")}`] : []),
      failure.file ? `reproduce: apispec exec ${failure.file}` : failure.written,
    ],
  };
}

/** Failures first, then the operations that held, as `check` lists its rows. */
export function fuzzReport(run: FuzzRunView): CheckReport {
  const failed = new Set(run.failures.map((f) => `${f.method} ${f.path}`));
  const held: ReportCase[] = run.operations
    .filter((op) => !op.skipped && !failed.has(op.operation))
    .map((op) => ({
      name: op.operation,
      group: "fuzz",
      file: op.operation,
      passed: true,
      status: 0,
      duration_ms: 0,
      error_type: null,
      hint: `${op.requests} request(s), every check held`,
      details: [],
    }));
  return {
    title: "apispec fuzz",
    cases: [...run.failures.map(failureCase), ...held],
    deleted: [],
    notes: notes(run),
  };
}

/** The HTML report: one case per failure with its request, documented contract and answer. */
export function fuzzHtmlReport(run: FuzzRunView, generated: string): HtmlReport {
  const cases: HtmlCase[] = run.failures.map((failure) => ({
    kind: "endpoint",
    name: `${failure.method} ${failure.path}: ${failure.check}`,
    file: failure.file ?? `${failure.method} ${failure.path}`,
    method: failure.method,
    passed: false,
    status: failure.status,
    duration_ms: 0,
    error_type: failure.check,
    hint: failure.message,
    ...(failure.request ? { request: failure.request } : {}),
    ...(failure.expected
      ? {
        expected: {
          status: failure.expected.status,
          reason: "",
          headers: failure.expected.headers,
          body: failure.expected.body ?? "",
        },
      }
      : {}),
    ...(failure.response ? { actual: { ...failure.response, reason: "" } } : {}),
    differences: [failure.message, ...failure.also.map((check) => `also failed: ${check}`)],
    assertions: [],
    problems: [],
    history: [],
  }));
  return { title: "apispec fuzz", generated, env: run.env, notes: notes(run), cases };
}

/** The JSON report: BEYOND.md §10's summary, with the seed. */
export function fuzzJson(run: FuzzRunView): Record<string, unknown> {
  return { ...run.summary, seed: run.seed ?? null };
}

/** The console summary: one line per failure and its file, then the totals and the seed. */
export function renderFuzzConsole(run: FuzzRunView, paint: Paint): string {
  const lines: string[] = [];
  for (const failure of run.failures) {
    lines.push(
      `${paint.red("✗")} ${
        paint.bold(`${failure.method} ${failure.path}`)
      }  ${failure.check}  ${failure.status}  ${escapeControls(failure.message)}`,
    );
    lines.push(
      failure.file
        ? paint.dim(`    reproduce: apispec exec ${failure.file}`)
        : paint.dim(`    ${failure.written}`),
    );
  }
  const { operations, requests, failures } = run.summary;
  const seconds = (run.durationMs / 1000).toFixed(1);
  const verdict = failures.length
    ? paint.red(`${failures.length} failure(s)`)
    : paint.green("no failure");
  lines.push(
    `${operations} operation(s), ${requests} request(s), ${verdict} in ${seconds} s` +
      (run.timedOut ? " (time budget reached)" : "") +
      `. Seed ${run.seed}: repeat with --seed ${run.seed}`,
  );
  return lines.join("\n");
}
