/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Run all: the collection or one folder of it, through the same operation
 * as `apispec check` (its ordering and concurrency), with live progress and
 * a result list that can be narrowed to the failures. A result opens its
 * spec (showing this run's diff) or its flow. The run keeps going, and its
 * results stay, while other pages are open.
 */
import { useMemo, useState } from "preact/hooks";
import { hrefFor, linkClick } from "../router.ts";
import { runAllState, startRunAll, stopRunAll } from "../results.ts";
import { api, ApiFailure } from "../api.ts";
import { useStore } from "../store.ts";
import type { EndpointEntry, FlowEntry, RunAllItem } from "../types.ts";
import {
  EnvSelect,
  IssueList,
  Kbd,
  MethodBadge,
  MOD,
  PageTitle,
  Prose,
  Tabs,
  toast,
  useModShortcuts,
} from "./common.tsx";
import { formatMs } from "./history_view.tsx";

/** Every folder that holds an endpoint or flow file, parents included: `apis`, `apis/users`, `flows`. */
export function foldersOf(files: string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  }
  return [...folders].sort();
}

function ResultRow(
  { item, iterations }: { item: RunAllItem & { iteration?: number }; iterations: number },
) {
  const outcome = item.skipped ? "skip" : item.passed ? "pass" : "fail";
  const href = item.kind === "flow"
    ? hrefFor({ name: "flow", file: item.file })
    : hrefFor({ name: "spec", file: item.file });
  return (
    <li class={`run-result ${outcome}`} data-testid="run-result" data-result={outcome}>
      <a href={href} onClick={(e) => linkClick(e, href)}>
        <span class="mark" aria-hidden="true">
          {outcome === "skip" ? "–" : outcome === "pass" ? "✓" : "✗"}
        </span>
        {item.kind === "flow"
          ? <span class="method method-flow">FLOW</span>
          : <MethodBadge method={item.method ?? "GET"} />}
        <span class="run-title">
          {iterations > 1 && <span class="iteration-tag">#{item.iteration}</span>}
          {item.title}
        </span>
        <span class="run-file muted">{item.file}</span>
        <span class="run-meta">
          {item.status > 0 && <span>{item.status}</span>}
          {!item.skipped && <span class="muted">{formatMs(item.duration_ms)}</span>}
          {item.error_type && <span class="error-type">{item.error_type}</span>}
        </span>
        {item.hint && (
          <span class="run-hint muted">
            <Prose text={item.hint} />
          </span>
        )}
      </a>
    </li>
  );
}

export function RunAllPage(
  { endpoints, flows, env, environments, onEnv }: {
    endpoints: EndpointEntry[];
    flows: FlowEntry[];
    env: string;
    environments: string[];
    onEnv: (env: string) => void;
  },
) {
  const state = useStore(runAllState);
  const [folder, setFolder] = useState(state.folder);
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [iterations, setIterations] = useState(1);
  const [delayMs, setDelayMs] = useState(0);
  const [dataFile, setDataFile] = useState("");
  const folders = useMemo(
    () => foldersOf([...endpoints.map((e) => e.file), ...flows.map((f) => f.file)]),
    [endpoints, flows],
  );
  const running = state.status === "running";
  const run = async () => {
    let rows: Record<string, string>[] = [];
    if (dataFile.trim()) {
      try {
        const data = await api.dataRows(dataFile.trim());
        if (data.issues.some((i) => i.severity === "error")) {
          toast(data.issues[0].message, "error");
          return;
        }
        rows = data.rows;
      } catch (e) {
        toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
        return;
      }
    }
    await startRunAll(folder, env, { iterations, rows, delayMs });
  };
  useModShortcuts({ Enter: run }, [folder, env, iterations, delayMs, dataFile]);

  const counts = { pass: 0, fail: 0, skip: 0 };
  for (const r of state.results) counts[r.skipped ? "skip" : r.passed ? "pass" : "fail"]++;
  const shown = failuresOnly
    ? state.results.filter((r) => !r.passed && !r.skipped)
    : [...state.results].sort((a, b) => rank(a) - rank(b));
  const done = state.results.length;
  return (
    <div class="page run-all-page">
      <header class="page-head">
        <PageTitle>Run all</PageTitle>
        <p class="muted">
          Every endpoint, then every flow, as <code>apispec check</code>{" "}
          runs them. Runs land in each spec's history.
        </p>
      </header>
      <div class="run-bar">
        <label class="field inline" for="run-folder">
          <span>Folder</span>
          <select
            id="run-folder"
            value={folder}
            onChange={(e) => setFolder((e.target as HTMLSelectElement).value)}
            data-testid="run-folder"
          >
            <option value="">All of api-docs/</option>
            {folders.map((f) => <option key={f} value={f}>{f}/</option>)}
          </select>
        </label>
        <EnvSelect env={env} environments={environments} onChange={onEnv} id="run-env" />
        <button
          type="button"
          class="primary"
          onClick={run}
          disabled={running}
          data-testid="run-all"
        >
          {running ? "Running…" : "Run"} <Kbd>{MOD}+Enter</Kbd>
        </button>
        {running && (
          <button type="button" class="danger" onClick={stopRunAll} data-testid="run-stop">
            Stop
          </button>
        )}
      </div>
      <details class="run-options" data-testid="run-options">
        <summary>
          Iterations, delay, data file{iterations > 1 || delayMs || dataFile
            ? ` (${iterations} × ${delayMs} ms${dataFile ? `, ${dataFile}` : ""})`
            : ""}
        </summary>
        <div class="run-options-fields">
          <label class="field inline" for="run-iterations">
            <span>Iterations</span>
            <input
              id="run-iterations"
              type="number"
              min={1}
              max={1000}
              value={iterations}
              onInput={(e) =>
                setIterations(Math.max(1, Number((e.target as HTMLInputElement).value) || 1))}
              data-testid="run-iterations"
            />
          </label>
          <label class="field inline" for="run-delay">
            <span>Delay between iterations (ms)</span>
            <input
              id="run-delay"
              type="number"
              min={0}
              step={100}
              value={delayMs}
              onInput={(e) =>
                setDelayMs(Math.max(0, Number((e.target as HTMLInputElement).value) || 0))}
              data-testid="run-delay"
            />
          </label>
          <label class="field inline" for="run-data">
            <span>Data file (in api-docs/)</span>
            <input
              id="run-data"
              value={dataFile}
              placeholder="data/users.csv"
              spellcheck={false}
              onInput={(e) => setDataFile((e.target as HTMLInputElement).value)}
              data-testid="run-data"
            />
          </label>
          <p class="muted">
            With a data file (CSV, JSON or JSON Lines, as flows read them) each iteration runs with
            one row's columns as variables, in turn; there are at least as many iterations as rows.
          </p>
        </div>
      </details>
      {state.status !== "idle" && (
        <section class="run-progress" aria-label="Progress" data-testid="run-progress">
          <progress max={state.total || 1} value={done} aria-label="Specs finished" />
          <div class="run-counts">
            <span data-testid="run-done">{done} / {state.total || "…"}</span>
            {state.iterations > 1 && (
              <span data-testid="run-iteration">
                iteration {state.iteration} of {state.iterations}
              </span>
            )}
            <span class="pass">✓ {counts.pass} passed</span>
            <span class="fail" data-testid="run-failed">✗ {counts.fail} failed</span>
            {counts.skip > 0 && <span class="skip">– {counts.skip} skipped</span>}
            {state.status === "stopped" && (
              <span class="fail" data-testid="run-stopped">stopped: nothing more was sent</span>
            )}
            {state.summary && state.status !== "running" && (
              <span class="muted" data-testid="run-summary">
                finished in {formatMs(state.summary.duration_ms)}
                {state.folder ? ` · ${state.folder}/` : ""} · env {state.env}
              </span>
            )}
          </div>
          {state.error && <p class="error-box">{state.error}</p>}
          <IssueList issues={state.issues} />
        </section>
      )}
      {done > 0 && (
        <div class="toolbar">
          <Tabs
            label="Which results"
            selected={failuresOnly ? "failures" : "all"}
            onSelect={(id) => setFailuresOnly(id === "failures")}
            tabs={[
              { id: "all", label: `All ${done}` },
              { id: "failures", label: `Failures ${counts.fail}`, testid: "filter-failures" },
            ]}
          />
        </div>
      )}
      <ul class="run-results" data-testid="run-results">
        {shown.map((item) => (
          <ResultRow
            key={`${item.iteration ?? 1}:${item.file}`}
            item={item}
            iterations={state.iterations}
          />
        ))}
      </ul>
      {failuresOnly && shown.length === 0 && done > 0 && (
        <p class="muted">No failures{running ? " so far" : ""}.</p>
      )}
    </div>
  );
}

/** Failures first, then skipped, then passed; each in the order they finished. */
function rank(item: RunAllItem): number {
  return item.skipped ? 1 : item.passed ? 2 : 0;
}
