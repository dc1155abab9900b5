/**
 * The live-reload channel: one EventSource to `/api/events`. Pages subscribe
 * to `change` (collection-relative paths), `workspace` and `history` (runs
 * made by any process) events.
 */
import type { HistoryEntry } from "./types.ts";

type Listener = (
  event:
    | { type: "change"; paths: string[] }
    | { type: "workspace" }
    | { type: "status"; connected: boolean }
    | { type: "history"; runs: Record<string, HistoryEntry | null> },
) => void;

const listeners = new Set<Listener>();
let source: EventSource | undefined;

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  connect();
  return () => listeners.delete(listener);
}

function emit(event: Parameters<Listener>[0]) {
  for (const listener of [...listeners]) listener(event);
}

function connect() {
  if (source) return;
  source = new EventSource("/api/events");
  source.addEventListener("hello", () => emit({ type: "status", connected: true }));
  source.addEventListener("change", (event) => {
    const data = JSON.parse((event as MessageEvent).data) as { paths: string[] };
    emit({ type: "change", paths: data.paths });
  });
  source.addEventListener("workspace", () => emit({ type: "workspace" }));
  // Some process ran specs: their newest runs, by file.
  source.addEventListener("history", (event) => {
    const data = JSON.parse((event as MessageEvent).data) as {
      runs: Record<string, HistoryEntry | null>;
    };
    emit({ type: "history", runs: data.runs });
  });
  source.addEventListener("error", () => emit({ type: "status", connected: false }));
}
