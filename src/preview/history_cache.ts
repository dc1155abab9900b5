/**
 * The last run of every spec, kept in memory for the sidebar badges and
 * refreshed file by file when the history watcher reports appends. Appends
 * come from any process (the CLI, an agent, this server), so the badges and
 * an open History view follow runs made anywhere.
 */
import type { HistoryEntry } from "../engine/model.ts";
import type { HistoryPlace } from "../ops/run/history.ts";
import { join } from "../adapters/path.ts";
import { listFilesSync } from "../adapters/fs.ts";
import { historyDir, lastRun, latestRuns, specOfHistoryFile } from "../ops/run/history_latest.ts";
import { watchCollection, type Watcher } from "./watch.ts";

export class HistoryCache {
  #runs?: Map<string, HistoryEntry>;
  constructor(readonly place: HistoryPlace) {}

  /** Spec file (relative to api-docs/) → its newest run; read from disk once, then kept. */
  latest(): Map<string, HistoryEntry> {
    this.#runs ??= latestRuns(this.place);
    return this.#runs;
  }

  /**
   * Re-reads the given history files (relative to the history folder) and
   * answers the specs they belong to with their newest run (null when the
   * file is gone).
   */
  update(historyFiles: string[]): Record<string, HistoryEntry | null> {
    const runs = this.latest();
    const changed: Record<string, HistoryEntry | null> = {};
    const dir = historyDir(this.place);
    // A new folder's first file can be written before the watcher follows the folder: read what it holds.
    const files = historyFiles.flatMap((rel) =>
      rel.endsWith(".jsonl")
        ? [rel]
        : listFilesSync(join(dir, rel), (name) => name.endsWith(".jsonl")).map((f) => `${rel}/${f}`)
    );
    for (const rel of files) {
      const spec = specOfHistoryFile(rel);
      if (!spec) continue;
      const entry = lastRun(this.place, rel);
      if (entry) runs.set(spec, entry);
      else runs.delete(spec);
      changed[spec] = entry ?? null;
    }
    return changed;
  }
}

/**
 * Watches the history folder (creating it, so a first run anywhere is seen)
 * and reports the specs whose history changed, debounced: a batch of a
 * thousand runs is one report.
 */
export function watchHistory(
  cache: HistoryCache,
  dir: string,
  onRuns: (runs: Record<string, HistoryEntry | null>) => void,
): Watcher | undefined {
  try {
    Deno.mkdirSync(dir, { recursive: true });
  } catch {
    return undefined; // a read-only project: badges still load, they just do not update live
  }
  return watchCollection(dir, (paths) => {
    const runs = cache.update(paths);
    if (Object.keys(runs).length > 0) onRuns(runs);
  }, { debounceMs: 100, maxWaitMs: 300 });
}
