/**
 * Calls back once a burst of file-system events under a folder has settled.
 * Raw `Deno.watchFs` events repeat (an editor's save is several writes) and a
 * rename arrives as remove + rename, so events are only a hint to reload:
 * the callback re-reads what it needs, and never runs twice at once.
 */

export interface Watcher {
  close(): void;
}

/** Events settle after this long without a new one. */
export const SETTLE_MS = 75;

export function watchFolder(
  root: string,
  onChange: () => Promise<void>,
  settleMs = SETTLE_MS,
): Watcher {
  const watcher = Deno.watchFs(root, { recursive: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const run = async () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    do {
      again = false;
      running = onChange().catch(() => {});
      await running;
    } while (again && !closed);
    running = undefined;
  };

  (async () => {
    try {
      for await (const event of watcher) {
        if (event.kind === "access" || closed) continue;
        if (timer !== undefined) clearTimeout(timer);
        timer = setTimeout(run, settleMs);
      }
    } catch {
      // The watched folder went away; serving goes on with the routes already loaded.
    }
  })();

  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      try {
        watcher.close();
      } catch { /* already closed */ }
    },
  };
}
