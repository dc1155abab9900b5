/**
 * The last run of every spec, for the preview's sidebar badges: each
 * history file's last line, read from its tail. History files mirror the
 * collection (`apis/users/get-user.md` → `.apispec/history/apis/users/get-user.jsonl`),
 * so the spec of a history file is its path with `.md` for `.jsonl`.
 */
import { join } from "../../adapters/path.ts";
import { parseHistory } from "../../engine/history/history.ts";
import type { HistoryEntry } from "../../engine/model.ts";
import { readTailSync } from "../../adapters/tail.ts";
import { listFilesSync } from "../../adapters/fs.ts";
import { HISTORY_DIR, type HistoryPlace } from "./history.ts";

/** Enough for the longest history line several times over. */
const TAIL_BYTES = 2048;

export function historyDir(place: HistoryPlace): string {
  return join(place.projectRoot, HISTORY_DIR);
}

/** The collection-relative spec of a history-relative path; undefined for files outside the collection or not history. */
export function specOfHistoryFile(rel: string): string | undefined {
  if (!rel.endsWith(".jsonl") || rel.startsWith("_outside/")) return undefined;
  return rel.slice(0, -".jsonl".length) + ".md";
}

/** The newest entry of one history file (history-relative path). */
export function lastRun(place: HistoryPlace, rel: string): HistoryEntry | undefined {
  const tail = readTailSync(join(historyDir(place), rel), TAIL_BYTES);
  return tail === undefined ? undefined : parseHistory(tail).at(-1);
}

/** Spec file (collection-relative) → its newest run, for every spec that has run. */
export function latestRuns(place: HistoryPlace): Map<string, HistoryEntry> {
  const runs = new Map<string, HistoryEntry>();
  for (const rel of listFilesSync(historyDir(place), (name) => name.endsWith(".jsonl"))) {
    const spec = specOfHistoryFile(rel);
    const entry = spec ? lastRun(place, rel) : undefined;
    if (spec && entry) runs.set(spec, entry);
  }
  return runs;
}
