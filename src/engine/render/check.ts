/**
 * `check` reports: the markdown summary for a pull-request comment, and
 * GitHub workflow commands (`::error file=,line=::`) that annotate the
 * changed files, followed by the same summary.
 */
import type { Issue } from "../issue.ts";
import type { StepRecord } from "../model.ts";
import type { StepDetail } from "./flow.ts";
import { renderMarkdownReport } from "./markdown.ts";
import { mdCode, mdText } from "./markdown_text.ts";
import type { ReportCase } from "./report.ts";
import { withoutCommands, workflowCommand } from "./workflow_commands.ts";

export interface CheckReport {
  title: string;
  /** Endpoints first, then flows. */
  cases: ReportCase[];
  /** Deleted endpoint and flow files. */
  deleted: string[];
  /** Lines said before the table (what was compared, why everything was checked). */
  notes: string[];
}

/** The row of one flow: passed when every step passed; details list the steps. */
export function flowCase(flow: {
  file: string;
  title: string;
  passed: boolean;
  /** Why it did not run, when it did not on purpose. */
  skipped?: string;
  steps: StepRecord[];
  details: StepDetail[];
  issues: Issue[];
}): ReportCase {
  if (flow.skipped) {
    return {
      name: flow.title,
      group: "flows",
      file: flow.file,
      passed: false,
      skipped: true,
      status: 0,
      duration_ms: 0,
      error_type: null,
      hint: `Skipped: ${flow.skipped}`,
      details: [],
    };
  }
  const failedAt = flow.steps.findIndex((s) => !s.passed && !s.skipped);
  const failed = flow.steps[failedAt];
  const error = flow.issues.find((i) => i.severity === "error");
  const mark = (s: StepRecord) => (s.skipped ? "-" : s.passed ? "✓" : "✗");
  return {
    name: flow.title,
    group: "flows",
    file: flow.file,
    line: failed
      ? flow.details[failedAt]?.line
      : error?.file === flow.file
      ? error.line
      : undefined,
    passed: flow.passed && !error,
    status: 0,
    duration_ms: flow.steps.reduce((sum, s) => sum + s.duration_ms, 0),
    error_type: failed?.error_type ?? error?.code ?? null,
    hint: failed
      ? `Step "${failed.name}" failed: ${failed.hint ?? failed.error_type}`
      : error
      ? error.message
      : "",
    details: [
      ...(error ? [`${error.message}${error.fix ? `. ${error.fix}` : ""}`] : []),
      ...flow.steps.map((s) => `${mark(s)} ${s.name}${s.hint ? `: ${s.hint}` : ""}`),
    ],
  };
}

export function renderCheckMarkdown(report: CheckReport): string {
  const table = renderMarkdownReport(report.title, report.cases);
  const [heading, ...rest] = table.split("\n");
  const lines = [
    heading,
    ...(report.notes.length ? ["", ...report.notes.map((n) => `> ${mdText(n)}`)] : []),
    ...rest,
  ];
  if (report.deleted.length > 0) {
    lines.push(
      "### Deleted",
      "",
      ...report.deleted.map((file) =>
        `- ${mdCode(file)}: its contract is gone; flows that used it are checked above`
      ),
      "",
    );
  }
  return lines.join("\n");
}

/** `::<kind> file=<path>,line=<n>::<message>`, the form DECISIONS.md fixes. */
function command(
  kind: "error" | "warning" | "notice",
  file: string,
  line: number | undefined,
  message: string,
): string {
  return workflowCommand(kind, [
    ["file", file],
    ...(line ? [["line", line] as [string, number]] : []),
  ], message);
}

/** GitHub workflow commands for the report (files relative to the repository root), then its markdown summary. */
export function renderGithubReport(report: CheckReport): string {
  const lines: string[] = [];
  for (const c of report.cases) {
    if (c.skipped) {
      lines.push(command("warning", c.file, c.line, `${c.name}: ${c.hint}`));
    } else if (!c.passed) {
      const details = c.details.filter((d) => d !== c.hint);
      const message = [`${c.error_type ?? "FAILED"}: ${c.name}: ${c.hint}`, ...details].join("\n");
      lines.push(command("error", c.file, c.line, message));
    }
  }
  for (const file of report.deleted) {
    lines.push(command("notice", file, undefined, `${file} was deleted`));
  }
  return [...lines, "", withoutCommands(renderCheckMarkdown(report))].join("\n");
}
