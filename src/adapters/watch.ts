/** File-system change notices for a folder tree, for caches that must notice edits. */

export interface Watcher {
  close(): void;
}

/**
 * Calls `onChange` with the absolute paths of each batch of events below
 * `root`. Raw events repeat and report renames as two events; callers only
 * mark paths stale, so repeats cost nothing. A root that cannot be watched
 * gives a watcher that never reports.
 */
export function watchTree(root: string, onChange: (paths: string[]) => void): Watcher {
  let watcher: Deno.FsWatcher;
  try {
    watcher = Deno.watchFs(root, { recursive: true });
  } catch {
    return { close() {} };
  }
  (async () => {
    try {
      for await (const event of watcher) onChange(event.paths);
    } catch { /* closed */ }
  })();
  return {
    close() {
      try {
        watcher.close();
      } catch { /* already closed */ }
    },
  };
}
