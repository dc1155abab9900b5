/**
 * Coverage: per endpoint file, what it documents (example, schema, error
 * statuses, assertions) and how its last run went; with an OpenAPI document,
 * which operations a passing spec covers. The object is BEYOND.md §2's.
 */
import type { EndpointSpec, HistoryEntry } from "../model.ts";
import type { ContractDocument } from "./model.ts";
import { OperationIndex, routeKey } from "./path_match.ts";

/** A run older than this is stale even when it passed. */
export const STALE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

export interface CoverageEndpoint {
  spec: string;
  method: string;
  path: string;
  has_example: boolean;
  has_schema: boolean;
  error_statuses: number[];
  assertions: number;
  last_run: { timestamp: string; passed: boolean; duration_ms: number } | null;
  /** The last run failed or is older than 30 days (never run: false). */
  stale: boolean;
}

export interface CoverageOperations {
  total: number;
  covered: number;
  uncovered: { method: string; path: string }[];
}

export interface CoverageReport {
  endpoints: CoverageEndpoint[];
  /** Only with an OpenAPI document. */
  operations?: CoverageOperations;
  summary: {
    endpoints: number;
    run: number;
    passing: number;
    stale: number;
    /** Covered operations with a document, else endpoints whose last run passed; 0–100, one decimal. */
    coverage_pct: number;
  };
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

/**
 * @example
 * ```ts
 * import { coverageReport } from "./coverage.ts";
 * coverageReport([], new Map(), 0).summary.coverage_pct; // 0
 * ```
 */
export function coverageReport(
  specs: EndpointSpec[],
  lastRuns: Map<string, HistoryEntry>,
  now: number,
  doc?: ContractDocument,
): CoverageReport {
  const endpoints = [...specs].sort((a, b) => a.file.localeCompare(b.file)).map(
    (spec): CoverageEndpoint => {
      const last = lastRuns.get(spec.file);
      const age = last ? now - Date.parse(last.timestamp) : 0;
      return {
        spec: spec.file,
        method: spec.method,
        path: spec.path,
        has_example: spec.expected.body.trim() !== "",
        has_schema: spec.schema !== undefined,
        error_statuses: spec.errorResponses.map((r) => r.status),
        assertions: spec.assertions.length,
        last_run: last
          ? { timestamp: last.timestamp, passed: last.passed, duration_ms: last.duration_ms }
          : null,
        stale: !!last && (!last.passed || age > STALE_AFTER_MS),
      };
    },
  );
  const run = endpoints.filter((e) => e.last_run).length;
  const passing = endpoints.filter((e) => e.last_run?.passed).length;
  const report: CoverageReport = {
    endpoints,
    summary: {
      endpoints: endpoints.length,
      run,
      passing,
      stale: endpoints.filter((e) => e.stale).length,
      coverage_pct: percent(passing, endpoints.length),
    },
  };
  if (doc) {
    const index = new OperationIndex(doc.operations, doc.basePaths);
    const covered = new Set<string>();
    for (const e of endpoints) {
      const op = e.last_run?.passed ? index.find(e.method, e.path) : undefined;
      if (op) covered.add(routeKey(op.method, op.path));
    }
    const uncovered = doc.operations.filter((op) => !covered.has(routeKey(op.method, op.path)));
    const total = doc.operations.length;
    report.operations = {
      total,
      covered: total - uncovered.length,
      uncovered: uncovered.map((op) => ({ method: op.method, path: op.path })),
    };
    report.summary.coverage_pct = percent(total - uncovered.length, total);
  }
  return report;
}
