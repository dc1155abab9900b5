/**
 * The view every `check` reporter reads: the operation's full result beside
 * its report cases, with files named from the repository root (as a pull
 * request shows them) wherever `check` ran.
 */
import { relative, resolve } from "../adapters/path.ts";
import { EXIT } from "../engine/issue.ts";
import { type CheckReport, flowCase } from "../engine/render/check.ts";
import { issueJson } from "../engine/render/issue.ts";
import { endpointCase, type ReportCase } from "../engine/render/report.ts";
import { toSlash } from "../adapters/fs.ts";
import type { CheckResult } from "../ops/run/check.ts";
import { INTERRUPTED_NOT_RUN } from "../ops/run/run_items.ts";
import type { SpecRun } from "../ops/run/batch.ts";
import { flowJson } from "../ops/flow/flow.ts";
import type { HtmlReport } from "../engine/render/html_model.ts";

export interface CheckReportView {
  /** Everything the run produced: masked records, requests and responses, flows, shard, timings. */
  result: CheckResult;
  /** Rows (endpoints in file order, then flows), notes and deleted files. */
  report: CheckReport;
  /** The HTML report's data (cases with their recent history), gathered only when an html report is asked for. */
  html?: HtmlReport;
}

/** The HTML report's notes: the report's own, then each deleted file (as the markdown report lists them). */
export function htmlNotes(report: CheckReport): string[] {
  return [...report.notes, ...report.deleted.map((file) => `${file} was deleted`)];
}

export function checkReportView(result: CheckResult, cwd: string): CheckReportView {
  const repoPath = (file: string) =>
    toSlash(result.repoRoot ? relative(result.repoRoot, resolve(cwd, file)) : file);
  return { result, report: checkReport(result, repoPath) };
}

function specCase(run: SpecRun): ReportCase {
  const base = endpointCase(run);
  if (run.skipped) {
    return {
      ...base,
      passed: false,
      skipped: true,
      error_type: null,
      url: undefined,
      hint: `Skipped: ${run.skipped}`,
      details: [],
    };
  }
  // An invalid spec has no request line: point at its first error instead.
  const error = run.issues.find((i) => i.severity === "error");
  if (!run.spec && error) {
    return {
      ...base,
      line: error.line,
      details: run.issues.filter((i) => i.severity === "error").map((i) =>
        `${i.message}${i.line ? ` (line ${i.line})` : ""}`
      ),
    };
  }
  return base;
}

function checkReport(result: CheckResult, repoPath: (file: string) => string): CheckReport {
  const notes: string[] = [];
  if (result.changedFrom) {
    notes.push(
      `Endpoint and flow files changed since \`${result.changedFrom}\`` +
        (result.base ? ` (merge base \`${result.base.slice(0, 7)}\`)` : "") +
        `, and the flows that use them: ${result.endpoints.length} endpoint(s), ${result.flows.length} flow(s)`,
    );
  } else {
    notes.push(`Every endpoint and flow in \`${repoPath(result.dir)}\``);
  }
  if (result.sharedChanges.length > 0) {
    notes.push(
      `Shared files changed (${
        result.sharedChanges.map((f) => `\`${f}\``).join(", ")
      }): every spec was checked`,
    );
  }
  const shard = result.shard;
  if (shard) {
    const by = { timings: "the timings file", history: "local history", equal: "equal weights" };
    notes.push(
      `Shard ${shard.index}/${shard.total}: ${shard.items} of ${shard.of} item(s), ` +
        `${Math.round(shard.share * 100)}% of the estimated time (balanced by ${
          by[shard.weights]
        })`,
    );
  }
  if (result.interrupted) {
    const notRun = [...result.endpoints, ...result.flows].filter((item) =>
      item.skipped === INTERRUPTED_NOT_RUN
    ).length;
    notes.push(`Interrupted: ${notRun} item(s) not run; Always steps of the flows under way ran`);
  }
  const cases = [...result.endpoints.map(specCase), ...result.flows.map(flowCase)];
  return {
    title: "API contract check",
    cases: cases.map((c) => ({ ...c, file: repoPath(c.file) })),
    deleted: result.deleted.map(repoPath),
    notes,
  };
}

/** The `--report json` object. */
export function checkJson({ result, report }: CheckReportView) {
  const cases = report.cases;
  const skipped = cases.filter((c) => c.skipped).length;
  const passed = cases.filter((c) => c.passed && !c.skipped).length;
  return {
    passed: result.exitCode === EXIT.passed && !result.interrupted,
    ...(result.interrupted ? { interrupted: true } : {}),
    changed_from: result.changedFrom ?? null,
    base: result.base ?? null,
    ...(result.shard
      ? {
        shard: {
          index: result.shard.index,
          total: result.shard.total,
          items: result.shard.items,
          of: result.shard.of,
          weights: result.shard.weights,
        },
      }
      : {}),
    summary: { total: cases.length, passed, failed: cases.length - passed - skipped, skipped },
    endpoints: result.endpoints.map((run, i) => ({
      file: cases[i].file,
      passed: cases[i].passed,
      ...(run.skipped ? { skipped: true } : {}),
      status: cases[i].status,
      duration_ms: cases[i].duration_ms,
      error_type: cases[i].error_type,
      ...(run.record.interrupted ? { interrupted: true } : {}),
      hint: cases[i].hint,
    })),
    flows: result.flows.map((flow, i) => ({
      file: cases[result.endpoints.length + i].file,
      ...flowJson(flow),
    })),
    deleted: report.deleted,
    issues: checkIssues(result).map(issueJson),
  };
}

/** Every issue of the run: the check's own, each endpoint's that ran, each flow's, why nothing was sent. */
export function checkIssues(result: CheckResult) {
  return [
    ...result.issues,
    ...result.endpoints.filter((r) => !r.skipped).flatMap((r) => r.issues),
    ...result.flows.flatMap((f) => f.issues),
    ...(result.refused ? [result.refused] : []),
  ];
}
