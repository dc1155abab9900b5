/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The Coverage view's table: one row per endpoint file with what it
 * documents and how its last run went, failing and stale rows marked.
 * Filters narrow it to failing, stale or never-run files; every column
 * header sorts. Below 640 px each row becomes a small card.
 */
import { useMemo, useState } from "preact/hooks";
import { age } from "../../../src/engine/render/coverage.ts";
import {
  coverageRows,
  type Filter,
  FILTER_LABELS,
  filterCounts,
  FILTERS,
  rowState,
  type Sort,
  type SortKey,
} from "../coverage.ts";
import { hrefFor, linkClick } from "../router.ts";
import type { CoverageEndpoint } from "../types.ts";
import { MethodBadge, Tabs } from "./common.tsx";
import { formatMs } from "./history_view.tsx";

const COLUMNS: { key: SortKey; label: string; class?: string }[] = [
  { key: "endpoint", label: "Endpoint" },
  { key: "example", label: "Example", class: "flag" },
  { key: "schema", label: "Schema", class: "flag" },
  { key: "errors", label: "Errors" },
  { key: "assertions", label: "Assertions", class: "num" },
  { key: "run", label: "Last run" },
];

function LastRun({ e, now }: { e: CoverageEndpoint; now: number }) {
  const state = rowState(e);
  if (!e.last_run) return <span class="muted">never run</span>;
  return (
    <span class="last-run" title={new Date(e.last_run.timestamp).toLocaleString()}>
      <span class={e.last_run.passed ? "pass-text" : "fail-text"}>
        {e.last_run.passed ? "✓ passed" : "✗ failed"}
      </span>{" "}
      <span class="muted">
        {age(e.last_run.timestamp, now)} · {formatMs(e.last_run.duration_ms)}
      </span>
      {e.stale && (
        <span class="tag stale-tag" title="Failed, or older than 30 days">
          {state === "fail" ? "stale: failed" : "stale: old"}
        </span>
      )}
    </span>
  );
}

function Row({ e, now }: { e: CoverageEndpoint; now: number }) {
  const href = hrefFor({ name: "spec", file: e.spec });
  const yes = (value: boolean) => value ? <span class="pass-text">✓</span> : <span>–</span>;
  return (
    <tr class={`state-${rowState(e)}`} data-testid="coverage-row" data-state={rowState(e)}>
      <td class="endpoint-cell">
        <a href={href} onClick={(ev) => linkClick(ev, href)}>
          <MethodBadge method={e.method} /> <code class="path">{e.path}</code>
        </a>
        <span class="muted file">{e.spec}</span>
      </td>
      <td class="flag" data-label="Example">{yes(e.has_example)}</td>
      <td class="flag" data-label="Schema">{yes(e.has_schema)}</td>
      <td data-label="Errors">{e.error_statuses.length ? e.error_statuses.join(", ") : "–"}</td>
      <td class="num" data-label="Assertions">{e.assertions}</td>
      <td data-label="Last run">
        <LastRun e={e} now={now} />
      </td>
    </tr>
  );
}

export function CoverageTable({ endpoints }: { endpoints: CoverageEndpoint[] }) {
  const [filter, setFilter] = useState<Filter>("all");
  // Problems first until a column is picked.
  const [sort, setSort] = useState<Sort>({ key: "state", descending: false });
  const counts = useMemo(() => filterCounts(endpoints), [endpoints]);
  const rows = useMemo(() => coverageRows(endpoints, filter, sort), [endpoints, filter, sort]);
  const now = Date.now();
  const sortBy = (key: SortKey) =>
    setSort(sort.key === key ? { key, descending: !sort.descending } : { key, descending: false });
  return (
    <section class="coverage-table" aria-label="Endpoint files">
      <div class="toolbar">
        <Tabs
          label="Which endpoint files"
          selected={filter}
          onSelect={setFilter}
          tabs={FILTERS.map((f) => ({
            id: f,
            label: `${FILTER_LABELS[f]} ${counts[f]}`,
            testid: `coverage-filter-${f}`,
          }))}
        />
      </div>
      <table class="coverage" data-testid="coverage-table">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                class={c.class}
                aria-sort={sort.key === c.key
                  ? (sort.descending ? "descending" : "ascending")
                  : undefined}
              >
                <button
                  type="button"
                  class="sort"
                  onClick={() => sortBy(c.key)}
                  data-testid={`coverage-sort-${c.key}`}
                >
                  {c.label}
                  <span aria-hidden="true">
                    {sort.key === c.key ? (sort.descending ? " ▾" : " ▴") : ""}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => <Row key={e.spec} e={e} now={now} />)}
        </tbody>
      </table>
      {rows.length === 0 && (
        <p class="muted" data-testid="coverage-none">
          {endpoints.length === 0
            ? "No endpoint files yet."
            : `No ${FILTER_LABELS[filter].toLowerCase()} endpoint files.`}
        </p>
      )}
    </section>
  );
}
