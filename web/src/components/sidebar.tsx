/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The sidebar: the views (Overview, Run all, Environments), search (`/` or
 * Mod-K focuses it; arrows and Enter pick), the endpoints grouped by resource
 * in a virtual list (thousands of specs stay smooth) with each one's last
 * result, the flows, and files that do not parse.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { hrefFor, linkClick, navigate, type Route } from "../router.ts";
import { filterEndpoints, groupRows, searchKey } from "../search.ts";
import { latestRuns } from "../results.ts";
import { useStore } from "../store.ts";
import type { BrokenEntry, EndpointEntry, FlowEntry, HistoryEntry } from "../types.ts";
import { Kbd, MethodBadge } from "./common.tsx";
import { NavLinks } from "./nav.tsx";
import { openFileAction } from "./file_dialogs.tsx";

const ROW_HEIGHT = 30;
const OVERSCAN = 8;

export function Sidebar(
  { endpoints, flows, broken, route, loading }: {
    endpoints: EndpointEntry[];
    flows: FlowEntry[];
    broken: BrokenEntry[];
    route: Route;
    /** The index has not arrived yet: no count, no "No flows yet". */
    loading: boolean;
  },
) {
  const [query, setQuery] = useState("");
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [cursor, setCursor] = useState(-1);
  const search = useRef<HTMLInputElement>(null);
  const keys = useMemo(() => endpoints.map(searchKey), [endpoints]);
  const matches = useMemo(() => filterEndpoints(endpoints, keys, query), [endpoints, keys, query]);
  const rows = useMemo(() => groupRows(matches, query ? new Set() : collapsed), [
    matches,
    collapsed,
    query,
  ]);
  const activeFile = route.name === "spec" ? route.file : undefined;
  const latest = useStore(latestRuns);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const typing = target.closest("input, textarea, select, .cm-editor");
      if (
        (event.key === "/" && !typing) ||
        ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k")
      ) {
        event.preventDefault();
        search.current?.focus();
        search.current?.select();
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => setCursor(-1), [query]);

  const endpointRows = rows.flatMap((row, i) => (row.kind === "endpoint" ? [i] : []));
  const onSearchKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const at = endpointRows.indexOf(cursor);
      const next = event.key === "ArrowDown"
        ? Math.min(endpointRows.length - 1, at + 1)
        : Math.max(0, at - 1);
      setCursor(endpointRows[next] ?? -1);
    } else if (event.key === "Enter") {
      const row = rows[cursor >= 0 ? cursor : endpointRows[0]];
      if (row?.kind === "endpoint") navigate(hrefFor({ name: "spec", file: row.entry.file }));
    } else if (event.key === "Escape") {
      setQuery("");
    }
  };

  return (
    <nav class="sidebar" id="sidebar" aria-label="Views, endpoints and flows">
      <NavLinks route={route} />
      <div class="new-files" role="group" aria-label="New">
        <button
          type="button"
          class="ghost"
          onClick={() => openFileAction({ kind: "new-endpoint" })}
          data-testid="new-endpoint"
        >
          + Endpoint
        </button>
        <button
          type="button"
          class="ghost"
          onClick={() => openFileAction({ kind: "new-flow" })}
          data-testid="new-flow"
        >
          + Flow
        </button>
        <button
          type="button"
          class="ghost"
          onClick={() => openFileAction({ kind: "folders" })}
          data-testid="manage-folders"
        >
          Folders…
        </button>
      </div>
      <div class="search">
        <input
          ref={search}
          type="search"
          placeholder="Search endpoints…"
          aria-label="Search endpoints (method, path, title, tag)"
          value={query}
          onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
          onKeyDown={onSearchKey}
          data-testid="search"
        />
        <Kbd>/</Kbd>
      </div>
      <div class="count muted" data-testid="match-count" role={loading ? "status" : undefined}>
        {loading
          ? "Loading endpoints…"
          : query
          ? `${matches.length} of ${endpoints.length} endpoints`
          : `${endpoints.length} endpoints`}
      </div>
      <VirtualRows
        rows={rows}
        cursor={cursor}
        activeFile={activeFile}
        latest={latest}
        onToggle={(resource) => {
          const next = new Set(collapsed);
          if (next.has(resource)) next.delete(resource);
          else next.add(resource);
          setCollapsed(next);
        }}
      />
      <div class="flows-list">
        <h2>Flows</h2>
        {!loading && flows.length === 0 && <p class="muted">No flows yet.</p>}
        <ul>
          {flows.map((flow) => {
            const href = hrefFor({ name: "flow", file: flow.file });
            const active = route.name === "flow" && route.file === flow.file;
            return (
              <li key={flow.file}>
                <a href={href} class={active ? "active" : ""} onClick={(e) => linkClick(e, href)}>
                  <span class="flow-icon" aria-hidden="true">⇢</span> {flow.title}{" "}
                  <span class="muted">{flow.steps} steps</span>
                </a>
              </li>
            );
          })}
        </ul>
        {broken.length > 0 && (
          <>
            <h2>Files with errors</h2>
            <ul>
              {broken.map((b) => {
                const href = hrefFor({ name: b.kind === "flow" ? "flow" : "spec", file: b.file });
                return (
                  <li key={b.file}>
                    <a
                      href={href}
                      class="broken"
                      title={b.message}
                      onClick={(e) => linkClick(e, href)}
                    >
                      ⚠ {b.file}
                    </a>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </nav>
  );
}

/** The last run of a spec as a mark: ✓ passed, ✗ failed; nothing when it never ran. */
/**
 * `2026-01-31 14:05:09` in local time. Not `toLocaleString`: its first call
 * loads the browser's locale data (about 30 ms), which the first screen,
 * drawing a badge per row, would wait for.
 */
export function localTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${
    two(date.getHours())
  }:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

export function RunBadge({ entry }: { entry?: HistoryEntry }) {
  if (!entry) return <span class="run-badge none" aria-hidden="true" />;
  const result = entry.passed ? "pass" : "fail";
  const label = `Last run ${entry.passed ? "passed" : "failed"}${
    entry.status ? ` (${entry.status})` : ""
  } in ${entry.duration_ms} ms, ${localTime(entry.timestamp)}`;
  return (
    <span
      class={`run-badge ${result}`}
      title={label}
      aria-label={label}
      role="img"
      data-testid="run-badge"
      data-result={result}
    >
      {entry.passed ? "✓" : "✗"}
    </span>
  );
}

/**
 * The endpoint list: only the rows in view are drawn, and the whole list is
 * one Tab stop (a roving tabindex): arrows move between rows, Home and End
 * jump, Page Up and Down move a screen, → and ← open and close a resource,
 * Enter opens an endpoint; Tab leaves the list.
 */
function VirtualRows(
  { rows, cursor, activeFile, latest, onToggle }: {
    rows: ReturnType<typeof groupRows>;
    cursor: number;
    activeFile?: string;
    latest: Map<string, HistoryEntry>;
    onToggle: (resource: string) => void;
  },
) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  /** The row that holds the list's Tab stop; -1 until one was chosen (then: the open endpoint). */
  const [current, setCurrent] = useState(-1);
  const moved = useRef(false);
  useEffect(() => {
    const element = box.current!;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scrollTo = (index: number) => {
    const element = box.current;
    if (!element || index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    }
    setScrollTop(element.scrollTop);
  };
  // Keep the search's keyboard cursor in view.
  useEffect(() => scrollTo(cursor), [cursor]);
  const activeIndex = activeFile
    ? rows.findIndex((r) => r.kind === "endpoint" && r.entry.file === activeFile)
    : -1;
  const focusIndex = Math.min(rows.length - 1, current >= 0 ? current : Math.max(0, activeIndex));
  // A keyboard move: the row is drawn once scrolled into view, then focused.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    box.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`)?.focus();
  }, [focusIndex, scrollTop]);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  // The Tab stop must be a drawn row: when the chosen one is scrolled away, the first in view.
  const tabStop = focusIndex >= first && focusIndex < last ? focusIndex : first;
  const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = Number((event.target as HTMLElement).dataset.index ?? -1);
    if (index < 0) return;
    const row = rows[index];
    let next = index;
    if (event.key === "ArrowDown") next = index + 1;
    else if (event.key === "ArrowUp") next = index - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = rows.length - 1;
    else if (event.key === "PageDown") next = index + page;
    else if (event.key === "PageUp") next = index - page;
    else if (row?.kind === "group" && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      if ((event.key === "ArrowRight") === row.collapsed) onToggle(row.resource);
      event.preventDefault();
      return;
    } else return;
    event.preventDefault();
    next = Math.max(0, Math.min(rows.length - 1, next));
    moved.current = true;
    setCurrent(next);
    scrollTo(next);
  };
  return (
    <div
      class="rows"
      ref={box}
      onScroll={(e) => setScrollTop((e.target as HTMLDivElement).scrollTop)}
      onKeyDown={onKeyDown}
      role="group"
      aria-label="Endpoints by resource (arrow keys move, Tab leaves)"
      data-testid="endpoint-list"
    >
      <div style={{ height: `${rows.length * ROW_HEIGHT}px`, position: "relative" }}>
        {rows.slice(first, last).map((row, offset) => {
          const index = first + offset;
          const style = { top: `${index * ROW_HEIGHT}px`, height: `${ROW_HEIGHT}px` };
          const focus = {
            tabIndex: index === tabStop ? 0 : -1,
            "data-index": index,
            onFocus: () => setCurrent(index),
          };
          if (row.kind === "group") {
            return (
              <button
                key={`g:${row.resource}`}
                type="button"
                class="row group"
                style={style}
                aria-expanded={!row.collapsed}
                onClick={() => onToggle(row.resource)}
                {...focus}
              >
                <span class="chevron" aria-hidden="true">{row.collapsed ? "▸" : "▾"}</span>
                {row.resource}
                <span class="muted">{row.count}</span>
              </button>
            );
          }
          const href = hrefFor({ name: "spec", file: row.entry.file });
          const active = row.entry.file === activeFile;
          const classes = [
            "row",
            "endpoint",
            active ? "active" : "",
            index === cursor ? "cursor" : "",
          ].join(" ");
          return (
            <a
              key={row.entry.file}
              href={href}
              class={classes}
              style={style}
              title={`${row.entry.title}\n${row.entry.file}`}
              aria-current={active ? "page" : undefined}
              onClick={(e) => linkClick(e, href)}
              {...focus}
            >
              <RunBadge entry={latest.get(row.entry.file)} />
              <MethodBadge method={row.entry.method} />
              <span class="row-path">{row.entry.path}</span>
              <span class="row-title muted">{row.entry.title}</span>
            </a>
          );
        })}
      </div>
    </div>
  );
}
