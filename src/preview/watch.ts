/**
 * Watches the collection and reports changed files in batches. Raw
 * `Deno.watchFs` events repeat and a rename arrives as remove + rename, so
 * events are gathered for a short quiet period (50 ms, at most 100 ms after
 * the first) and reported once, as collection-relative paths.
 */
import { relative, sep } from "../adapters/path.ts";

export interface WatchOptions {
  /** Quiet period after the last event. */
  debounceMs?: number;
  /** Longest wait after the first event of a batch. */
  maxWaitMs?: number;
}

export interface Watcher {
  close(): void;
}

/** Temp files of atomic writes, editor swap files and tool state are noise. */
export function ignoredPath(rel: string): boolean {
  const parts = rel.split("/");
  const name = parts.at(-1) ?? "";
  return parts.some((p) => p === ".apispec" || p === ".git" || p === "node_modules") ||
    name.endsWith(".tmp") || name.endsWith("~") || name.endsWith(".swp") || name.startsWith(".#");
}

export function watchCollection(
  root: string,
  onChange: (paths: string[]) => void | Promise<void>,
  options: WatchOptions = {},
): Watcher {
  const debounceMs = options.debounceMs ?? 50;
  const maxWaitMs = options.maxWaitMs ?? 100;
  const watcher = Deno.watchFs(root, { recursive: true });
  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt = 0;
  const flush = () => {
    timer = undefined;
    const paths = [...pending].sort();
    pending = new Set();
    if (paths.length > 0) void onChange(paths);
  };
  (async () => {
    try {
      for await (const event of watcher) {
        if (event.kind === "access" || event.kind === "other") continue;
        for (const path of event.paths) {
          const rel = relative(root, path).split(sep).join("/");
          if (rel && !rel.startsWith("..") && !ignoredPath(rel)) pending.add(rel);
        }
        if (pending.size === 0) continue;
        const now = performance.now();
        if (timer === undefined) firstAt = now;
        clearTimeout(timer);
        timer = setTimeout(flush, Math.max(0, Math.min(debounceMs, firstAt + maxWaitMs - now)));
      }
    } catch {
      // The watcher was closed, or the folder vanished: nothing more to report.
    }
  })();
  return {
    close() {
      clearTimeout(timer);
      try {
        watcher.close();
      } catch { /* already closed */ }
    },
  };
}
