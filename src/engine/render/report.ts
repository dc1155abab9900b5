/**
 * One row of a report: an endpoint run, a flow step or a checked spec. The
 * JUnit, markdown and GitHub renderers read only this, so every command that
 * reports results shares them.
 */
import type { ExecRecord } from "../model.ts";

export interface ReportCase {
  name: string;
  /** Group: the resource, the flow, or the checked directory. */
  group: string;
  file: string;
  /** 1-based line for annotations; the request line when known. */
  line?: number;
  method?: string;
  url?: string;
  passed: boolean;
  skipped?: boolean;
  status: number;
  duration_ms: number;
  error_type: string | null;
  hint: string;
  /** Lines of detail: diff entries and failed assertions. */
  details: string[];
}

/** The detail lines of a record: status, header and body differences, failed assertions. */
export function recordDetails(record: ExecRecord): string[] {
  const details: string[] = [];
  if (record.diff.status) details.push(`status: ${record.diff.status}`);
  for (const header of record.diff.headers) details.push(`header ${header}`);
  if (record.diff.body) details.push(...record.diff.body.split("\n"));
  for (const result of record.assertion_results) {
    if (!result.passed) details.push(`assertion ${result.message}`);
  }
  if (!record.passed && details.length === 0 && record.hint) details.push(record.hint);
  return details;
}
