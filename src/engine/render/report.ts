/**
 * One row of a report: an endpoint run, a flow step or a checked spec. The
 * JUnit, markdown and GitHub renderers read only this, so every command that
 * reports results shares them.
 */
import type { EndpointSpec, ExecRecord, ResolvedRequest } from "../model.ts";

/** What every report says of one run: its verdict, status, time and first hint. */
export interface RunSummary {
  passed: boolean;
  skipped?: boolean;
  status: number;
  duration_ms: number;
  error_type: string | null;
  hint: string;
}

export interface ReportCase extends RunSummary {
  name: string;
  /** Group: the resource, the flow, or the checked directory. */
  group: string;
  file: string;
  /** 1-based line for annotations; the request line when known. */
  line?: number;
  method?: string;
  url?: string;
  /** Lines of detail: diff entries and failed assertions. */
  details: string[];
}

/** The detail lines of a record: status, header and body differences, failed assertions. */
export function recordDetails(record: ExecRecord): string[] {
  const details: string[] = [];
  if (record.diff.status) details.push(`status: ${record.diff.status}`);
  for (const header of record.diff.headers) details.push(`header ${header}`);
  if (record.diff.body) { for (const line of record.diff.body.split("\n")) details.push(line); }
  for (const result of record.assertion_results) {
    if (!result.passed) details.push(`assertion ${result.message}`);
  }
  if (!record.passed && details.length === 0 && record.hint) details.push(record.hint);
  return details;
}

/** The row of one endpoint run (`exec`, a batch, `check`), grouped by its resource. */
export function endpointCase(
  run: { file: string; spec?: EndpointSpec; request?: ResolvedRequest; record: ExecRecord },
): ReportCase {
  const { record, spec } = run;
  return {
    name: spec?.title ?? run.file,
    group: spec?.resource ?? "apispec",
    file: run.file,
    line: spec?.request.line,
    method: run.request?.method ?? spec?.method,
    url: run.request?.url,
    passed: record.passed,
    status: record.status,
    duration_ms: record.duration_ms,
    error_type: record.error_type,
    hint: record.hint,
    details: recordDetails(record),
  };
}
