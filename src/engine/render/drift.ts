/**
 * Drift reports: console (grouped by kind, a line per finding), markdown (a
 * pull-request comment), GitHub workflow annotations on the spec line (or on
 * the document's path line for OpenAPI-side findings), and JUnit cases.
 */
import { DRIFT_KINDS, type DriftFinding, type DriftSummary } from "../contract/model.ts";
import { mdCode, mdText } from "./markdown_text.ts";
import type { Paint } from "./paint.ts";
import type { ReportCase } from "./report.ts";
import { withoutCommands, workflowCommand } from "./workflow_commands.ts";

export interface DriftReport {
  findings: DriftFinding[];
  summary: DriftSummary;
  /** The collection folder and the document, as the reader should see them. */
  collection: string;
  document: string;
  version: string;
  /** Line of each OpenAPI path key in the document. */
  documentLines: Map<string, number>;
}

/** Where a finding sits: the endpoint file and line, else the document and the path's line. */
export function findingPlace(
  finding: DriftFinding,
  report: DriftReport,
): { file: string; line?: number } {
  if (finding.spec) return { file: finding.spec, line: finding.line ?? undefined };
  return { file: report.document, line: report.documentLines.get(finding.path) };
}

function place(finding: DriftFinding, report: DriftReport): string {
  const at = findingPlace(finding, report);
  return at.line ? `${at.file}:${at.line}` : at.file;
}

function summaryLine(summary: DriftSummary): string {
  return `${summary.operations} operations, ${summary.specs} endpoint files, ` +
    `${summary.matched} operations matched: ${summary.findings} finding${
      summary.findings === 1 ? "" : "s"
    }`;
}

function byKind(findings: DriftFinding[]): [string, DriftFinding[]][] {
  return DRIFT_KINDS.map((kind) =>
    [kind, findings.filter((f) => f.kind === kind)] as [
      string,
      DriftFinding[],
    ]
  ).filter(([, list]) => list.length > 0);
}

/** For a person at a terminal: a heading, findings grouped by kind, the summary. */
export function renderDriftConsole(report: DriftReport, paint: Paint): string {
  const lines = [
    paint.bold(
      `Drift: ${report.collection} against ${report.document} (OpenAPI ${report.version})`,
    ),
  ];
  for (const [kind, list] of byKind(report.findings)) {
    lines.push("", `${paint.yellow(kind)} (${list.length})`);
    for (const f of list) lines.push(`  ${paint.dim(place(f, report))}  ${f.message}`);
  }
  const summary = summaryLine(report.summary);
  lines.push(
    "",
    report.findings.length ? paint.red(`✗ ${summary}`) : paint.green(`✓ ${summary}`),
  );
  return lines.join("\n");
}

/** A pull-request comment: the verdict, then one table row per finding. */
export function renderDriftMarkdown(report: DriftReport): string {
  const icon = report.findings.length ? "❌" : "✅";
  const lines = [
    `## API drift: ${mdCode(report.collection)} against ${mdCode(report.document)}`,
    "",
    `${icon} ${summaryLine(report.summary)}`,
    "",
  ];
  if (report.findings.length) {
    lines.push("| Kind | Operation | Where | Finding |", "|---|---|---|---|");
    for (const f of report.findings) {
      lines.push(
        `| ${mdCode(f.kind, { table: true })} | ${
          mdCode(`${f.method} ${f.path}`, { table: true })
        } | ${mdCode(place(f, report), { table: true })} | ${mdText(f.message)} |`,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}

/** `::error file=,line=,title=drift <kind>::<message>` per finding, then the markdown summary. */
export function renderDriftGithub(report: DriftReport): string {
  const lines = report.findings.map((f) => {
    const at = findingPlace(f, report);
    const props: [string, string | number][] = [
      ...(/^https?:\/\//.test(at.file) ? [] : [["file", at.file] as [string, string]]),
      ...(at.line ? [["line", at.line] as [string, number]] : []),
      ["title", `drift ${f.kind}`],
    ];
    return workflowCommand("error", props, f.message);
  });
  return [...lines, "", withoutCommands(renderDriftMarkdown(report))].join("\n");
}

/** JUnit cases: a failing case per finding, grouped by kind; one passing case when none. */
export function driftCases(report: DriftReport): ReportCase[] {
  if (report.findings.length === 0) {
    return [{
      name: `${report.collection} matches ${report.document}`,
      group: "drift",
      file: report.document,
      passed: true,
      status: 0,
      duration_ms: 0,
      error_type: null,
      hint: summaryLine(report.summary),
      details: [],
    }];
  }
  return report.findings.map((f) => {
    const at = findingPlace(f, report);
    return {
      name: `${f.method} ${f.path}`,
      group: `drift ${f.kind}`,
      file: at.file,
      line: at.line,
      passed: false,
      status: 0,
      duration_ms: 0,
      error_type: f.kind,
      hint: f.message,
      details: [f.message],
    };
  });
}
