/**
 * The data of the HTML report: what a surface gathers from its results and
 * the history, and what the renderer reads. Plain values only.
 */
import type { AssertionResult, HistoryEntry, HttpResponse, ResolvedRequest } from "../model.ts";
import type { RunSummary } from "./report.ts";

/** The policy the report is written for; it also carries it as a meta tag. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** An expected-response block as documented (placeholders as written). */
export interface ExpectedBlock {
  status: number;
  reason: string;
  headers: [string, string][];
  body: string;
}

/** One endpoint run, or one flow with its steps. Every request and response is already masked. */
export interface HtmlCase extends RunSummary {
  kind: "endpoint" | "flow";
  name: string;
  /** Display path of the endpoint or flow file. */
  file: string;
  method?: string;
  request?: ResolvedRequest;
  expected?: ExpectedBlock;
  actual?: HttpResponse;
  /** The record's differences by path (status, headers, body), as the CLI prints them. */
  differences: string[];
  assertions: AssertionResult[];
  /** Errors that stopped the case before a request (invalid spec, missing variable). */
  problems: string[];
  /** Recent runs of the endpoint, oldest first, this run included when it was recorded. */
  history: HistoryEntry[];
  /** A flow's steps, in run order. */
  steps?: HtmlCase[];
}

export interface HtmlReport {
  title: string;
  /** ISO timestamp of the run; the renderer never reads a clock. */
  generated: string;
  env?: string;
  /** Lines shown under the title (what was checked and why). */
  notes: string[];
  cases: HtmlCase[];
}

export type Outcome = "fail" | "skip" | "pass";

export function outcomeOf(c: { passed: boolean; skipped?: boolean }): Outcome {
  return c.skipped ? "skip" : c.passed ? "pass" : "fail";
}

export const MARKS: Record<Outcome, string> = { fail: "✗", skip: "–", pass: "✓" };

/** `834 ms`, `2.4 s`. */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
