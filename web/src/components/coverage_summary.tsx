/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The Coverage view's summary bar: coverage_pct as a bar (operations covered
 * with an OpenAPI document, else endpoint files whose last run passed), then
 * the counts of `summary` beside it.
 */
import type { CoverageResponse } from "../types.ts";

export function CoverageSummary({ report }: { report: CoverageResponse["report"] }) {
  const { summary, operations } = report;
  const pct = summary.coverage_pct;
  const level = pct >= 80 ? "good" : pct >= 50 ? "fair" : "poor";
  const basis = operations
    ? `${operations.covered} of ${operations.total} operations covered by a passing spec`
    : `${summary.passing} of ${summary.endpoints} endpoint files passed their last run`;
  return (
    <section class="coverage-summary" aria-label="Coverage summary" data-testid="coverage-summary">
      <div class="coverage-pct">
        <strong data-testid="coverage-pct">{pct}%</strong>
        <span class="muted">{basis}</span>
      </div>
      <div
        class={`coverage-meter ${level}`}
        role="meter"
        aria-label="Coverage"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${Math.min(100, Math.max(0, pct))}%` }} />
      </div>
      <dl class="coverage-counts">
        <div>
          <dt>Endpoints</dt>
          <dd data-testid="coverage-endpoints">{summary.endpoints}</dd>
        </div>
        <div>
          <dt>Run</dt>
          <dd data-testid="coverage-run">{summary.run}</dd>
        </div>
        <div class="pass-text">
          <dt>Passing</dt>
          <dd data-testid="coverage-passing">{summary.passing}</dd>
        </div>
        <div class={summary.stale > 0 ? "warn-text" : ""}>
          <dt>Stale</dt>
          <dd data-testid="coverage-stale">{summary.stale}</dd>
        </div>
        {operations && (
          <div>
            <dt>Operations</dt>
            <dd data-testid="coverage-operations">{operations.covered} / {operations.total}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
