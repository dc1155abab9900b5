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
  subscribe((event) => {
    if (event.type === "history") applyRuns(event.runs);
    else if (event.type === "workspace" || (event.type === "status" && event.connected)) {
      loadLatestRuns().catch(() => {});
    }
  });
}

export interface RunAllState {
  status: "idle" | "running" | "done" | "error";
  /** Folder under api-docs/ ("" for all of it). */
  folder: string;
  env: string;
  total: number;
  results: RunAllItem[];
  summary?: { total: number; passed: number; failed: number; skipped: number; duration_ms: number };
  issues: Issue[];
  error?: string;
  /** When the run started (ms since the epoch), for the "ran at" line. */
  startedAt?: number;
}

export const runAllState = createStore<RunAllState>({
  status: "idle",
  folder: "",
  env: "",
  total: 0,
  results: [],
  issues: [],
});

/** Starts a Run all; its messages update `runAllState` as they arrive. */
export async function startRunAll(
  folder: string,
  env: string,
  vars: Record<string, string> = {},
): Promise<void> {
  if (runAllState.get().status === "running") return;
  let state: RunAllState = {
    status: "running",
    folder,
    env,
    total: 0,
    results: [],
    issues: [],
    startedAt: Date.now(),
  };
  const update = (patch: Partial<RunAllState>) => runAllState.set(state = { ...state, ...patch });
  update({});
  try {
    await runAll({ path: folder, env, vars }, (message) => {
      if (message.type === "start") update({ total: message.total });
      else if (message.type === "result") update({ results: [...state.results, message.result] });
      else if (message.type === "done") {
        update({ status: "done", summary: message.summary, issues: message.issues as Issue[] });
      } else if (message.type === "error") {
        update({ status: "error", error: message.error.message });
      }
    });
    if (state.status === "running") update({ status: "error", error: "The run ended early" });
  } catch (e) {
    update({ status: "error", error: (e as Error).message });
  }
}

/** The last Run all's result for a file, if it was part of it. */
export function runAllResult(file: string): RunAllItem | undefined {
  return runAllState.get().results.find((r) => r.file === file);
}
