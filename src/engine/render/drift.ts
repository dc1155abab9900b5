/**
 * Drift reports: console (grouped by kind, a line per finding), markdown (a
 * pull-request comment), GitHub workflow annotations on the spec line (or on
 * the document's path line for OpenAPI-side findings), and JUnit cases.
 */
import { DRIFT_KINDS, type DriftFinding, type DriftSummary } from "../contract/model.ts";
import { escapeData, escapeProperty } from "./check.ts";
import type { Paint } from "./paint.ts";
import type { ReportCase } from "./report.ts";

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

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** A pull-request comment: the verdict, then one table row per finding. */
export function renderDriftMarkdown(report: DriftReport): string {
  const icon = report.findings.length ? "❌" : "✅";
  const lines = [
    `## API drift: \`${report.collection}\` against \`${report.document}\``,
    "",
    `${icon} ${summaryLine(report.summary)}`,
    "",
  ];
  if (report.findings.length) {
    lines.push("| Kind | Operation | Where | Finding |", "|---|---|---|---|");
    for (const f of report.findings) {
      lines.push(
        `| \`${f.kind}\` | \`${cell(`${f.method} ${f.path}`)}\` | \`${cell(place(f, report))}\` | ${
          cell(f.message)
        } |`,
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
    const props = [
      ...(/^https?:\/\//.test(at.file) ? [] : [`file=${escapeProperty(at.file)}`]),
      ...(at.line ? [`line=${at.line}`] : []),
      `title=${escapeProperty(`drift ${f.kind}`)}`,
    ];
    return `::error ${props.join(",")}::${escapeData(f.message)}`;
  });
  return [...lines, "", renderDriftMarkdown(report)].join("\n");
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
