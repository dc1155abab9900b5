/**
 * `proxy --report <file.jsonl>`: one JSON line per exchange, appended under
 * the shared JSONL lock so several proxies (or a reader) never see half a
 * line. Lines are gathered for a few milliseconds and written together, so a
 * busy proxy does not take the lock once per request.
 */
import { appendLinesLocked } from "../adapters/jsonl.ts";

/** How long lines wait to be written together. */
const BATCH_MS = 20;
/** The report is the user's file: it is never compacted. */
const NEVER = { keep: Number.MAX_SAFE_INTEGER, minLineBytes: 1 };

export interface ReportFile {
  write(record: unknown): void;
  /** Writes what is waiting (at exit). */
  flush(): void;
}

export function openReportFile(path: string, onError: (error: Error) => void): ReportFile {
  let waiting: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const lines = waiting.map((line) => ({ path, line }));
    waiting = [];
    try {
      appendLinesLocked(lines, { lockPath: `${path}.lock`, ...NEVER });
    } catch (error) {
      onError(error as Error);
    }
  };
  return {
    write(record) {
      waiting.push(JSON.stringify(record));
      timer ??= setTimeout(flush, BATCH_MS);
    },
    flush,
  };
}
