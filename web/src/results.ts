/**
 * Results the UI keeps between pages: the newest run of every spec (the
 * sidebar badges; refreshed by `history` events, whichever process ran the
 * spec) and the last Run all (its progress and results, so a result can be
 * opened and the list found again as it was).
 */
import { api, runAll } from "./api.ts";
import { subscribe } from "./live.ts";
import { createStore } from "./store.ts";
import type { HistoryEntry, Issue, RunAllItem } from "./types.ts";

export const latestRuns = createStore<Map<string, HistoryEntry>>(new Map());

export async function loadLatestRuns(): Promise<void> {
  const { runs } = await api.latestRuns();
  latestRuns.set(new Map(Object.entries(runs)));
}

function applyRuns(runs: Record<string, HistoryEntry | null>): void {
  const next = new Map(latestRuns.get());
  for (const [file, entry] of Object.entries(runs)) {
    if (entry) next.set(file, entry);
    else next.delete(file);
  }
  latestRuns.set(next);
}

let following = false;
/** Keeps the badges current: a `history` event updates them, a reconnect reloads them. */
export function followLatestRuns(): void {
  if (following) return;
  following = true;
  loadLatestRuns().catch(() => {});
  let wasDisconnected = false;
  subscribe((event) => {
    if (event.type === "history") applyRuns(event.runs);
    else if (event.type === "workspace") loadLatestRuns().catch(() => {});
    else if (event.type === "status") {
      // Only a reconnection reloads: the first `hello` comes while the first load is under way.
      if (event.connected && wasDisconnected) loadLatestRuns().catch(() => {});
      wasDisconnected = !event.connected;
    }
  });
}

export interface RunAllState {
  status: "idle" | "running" | "done" | "stopped" | "error";
  /** Folder under api-docs/ ("" for all of it). */
  folder: string;
  env: string;
  total: number;
  /** Every finished item, each with the iteration it ran in. */
  results: (RunAllItem & { iteration?: number })[];
  summary?: { total: number; passed: number; failed: number; skipped: number; duration_ms: number };
  issues: Issue[];
  error?: string;
  /** When the run started (ms since the epoch), for the "ran at" line. */
  startedAt?: number;
  /** The iteration running or last run (1-based), of `iterations`. */
  iteration: number;
  iterations: number;
  /** Each finished iteration's counts. */
  rounds: {
    iteration: number;
    passed: number;
    failed: number;
    skipped: number;
    duration_ms: number;
  }[];
}

export interface RunAllOptions {
  /** Times the whole selection runs (at least the number of data rows). */
  iterations: number;
  /** Variables of each iteration, in turn (a data file's rows); none: no extra variables. */
  rows: Record<string, string>[];
  /** Milliseconds to wait between iterations. */
  delayMs: number;
}

export const runAllState = createStore<RunAllState>({
  status: "idle",
  folder: "",
  env: "",
  total: 0,
  results: [],
  issues: [],
  iteration: 0,
  iterations: 1,
  rounds: [],
});

/** The running Run all's way to stop its iterations and the delay between them. */
let stopper: AbortController | undefined;

/**
 * Stops the Run all in progress: the server starts no further item (those
 * in flight finish and are listed), and no further iteration starts.
 */
export function stopRunAll(): void {
  stopper?.abort();
  api.stopRunAll().catch(() => {});
}

/**
 * Starts a Run all: the selection once per iteration, each with its data
 * row's variables (and `vars`), a delay between iterations; its messages
 * update `runAllState` as they arrive.
 */
export async function startRunAll(
  folder: string,
  env: string,
  options: RunAllOptions = { iterations: 1, rows: [], delayMs: 0 },
  vars: Record<string, string> = {},
): Promise<void> {
  if (runAllState.get().status === "running") return;
  const iterations = Math.max(1, options.iterations, options.rows.length);
  const controller = stopper = new AbortController();
  let state: RunAllState = {
    status: "running",
    folder,
    env,
    total: 0,
    results: [],
    issues: [],
    startedAt: Date.now(),
    iteration: 0,
    iterations,
    rounds: [],
  };
  const update = (patch: Partial<RunAllState>) => runAllState.set(state = { ...state, ...patch });
  update({});
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  try {
    for (let i = 1; i <= iterations && !controller.signal.aborted; i++) {
      if (i > 1 && options.delayMs > 0) await wait(options.delayMs);
      if (controller.signal.aborted) break;
      update({ iteration: i, status: "running", summary: undefined });
      const row = options.rows.length ? options.rows[(i - 1) % options.rows.length] : {};
      await runAll({ path: folder, env, vars: { ...row, ...vars } }, (message) => {
        if (message.type === "start") update({ total: message.total * iterations });
        else if (message.type === "result") {
          update({ results: [...state.results, { ...message.result, iteration: i }] });
        } else if (message.type === "done") {
          if (message.interrupted) controller.abort();
          update({
            summary: message.summary,
            issues: [...state.issues, ...message.issues as Issue[]],
            rounds: [...state.rounds, { iteration: i, ...message.summary }],
          });
        } else if (message.type === "error") {
          update({ status: "error", error: message.error.message });
        }
      });
      if (state.status === "error") return;
    }
    if (controller.signal.aborted) update({ status: "stopped" });
    else if (state.rounds.length < iterations) {
      update({ status: "error", error: "The run ended early" });
    } else update({ status: "done" });
  } catch (e) {
    if (controller.signal.aborted) update({ status: "stopped" });
    else update({ status: "error", error: (e as Error).message });
  } finally {
    if (stopper === controller) stopper = undefined;
  }
}

/** The last Run all's result for a file (its last iteration's), if it was part of it. */
export function runAllResult(file: string): RunAllItem | undefined {
  return runAllState.get().results.findLast((r) => r.file === file);
}
