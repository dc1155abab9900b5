/**
 * The Coverage view's rows: each endpoint's state at a glance (failing,
 * stale, never run, passing), the filters over it and the column sorts.
 * Pure, so the table renders 2,000 rows from one pass.
 */
import type { CoverageEndpoint } from "./types.ts";

/** Failing wins over stale: a failed last run is both, and failing says more. */
export type RowState = "fail" | "stale" | "never" | "pass";

export function rowState(e: CoverageEndpoint): RowState {
  if (!e.last_run) return "never";
  if (!e.last_run.passed) return "fail";
  return e.stale ? "stale" : "pass";
}

export const FILTERS = ["all", "fail", "stale", "never"] as const;
export type Filter = typeof FILTERS[number];

export const FILTER_LABELS: Record<Filter, string> = {
  all: "All",
  fail: "Failing",
  stale: "Stale",
  never: "Never run",
};

/** Stale counts every stale row (failed last runs included), as the summary does. */
export function keeps(filter: Filter, e: CoverageEndpoint): boolean {
  if (filter === "all") return true;
  if (filter === "stale") return e.stale;
  return rowState(e) === filter;
}

export function filterCounts(endpoints: CoverageEndpoint[]): Record<Filter, number> {
  const counts: Record<Filter, number> = { all: 0, fail: 0, stale: 0, never: 0 };
  for (const e of endpoints) for (const f of FILTERS) if (keeps(f, e)) counts[f]++;
  return counts;
}

export type SortKey = "state" | "endpoint" | "example" | "schema" | "errors" | "assertions" | "run";
export interface Sort {
  key: SortKey;
  descending: boolean;
}

const STATE_RANK: Record<RowState, number> = { fail: 0, stale: 1, never: 2, pass: 3 };

/** Ascending order of each column; ties fall back to the file, so the order is stable. */
const COMPARE: Record<SortKey, (a: CoverageEndpoint, b: CoverageEndpoint) => number> = {
  state: (a, b) => STATE_RANK[rowState(a)] - STATE_RANK[rowState(b)],
  endpoint: (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  example: (a, b) => Number(a.has_example) - Number(b.has_example),
  schema: (a, b) => Number(a.has_schema) - Number(b.has_schema),
  errors: (a, b) => a.error_statuses.length - b.error_statuses.length,
  assertions: (a, b) => a.assertions - b.assertions,
  // Never run is oldest of all.
  run: (a, b) => (a.last_run?.timestamp ?? "").localeCompare(b.last_run?.timestamp ?? ""),
};

export function coverageRows(
  endpoints: CoverageEndpoint[],
  filter: Filter,
  sort: Sort,
): CoverageEndpoint[] {
  const compare = COMPARE[sort.key];
  const sign = sort.descending ? -1 : 1;
  return endpoints.filter((e) => keeps(filter, e)).sort((a, b) =>
    sign * compare(a, b) || a.spec.localeCompare(b.spec)
  );
}
