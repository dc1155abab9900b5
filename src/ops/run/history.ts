/**
 * Run history: one JSON Lines file per endpoint file under
 * `<project root>/.apispec/history/`, mirroring the file's place in the
 * collection (`apis/users/get-user.md` → `apis/users/get-user.jsonl`).
 * `runEndpoint` appends an entry after every real execution, whichever
 * surface asked for it. Readers see the newest 200 entries; a file is
 * compacted back to 200 once it holds more than 250.
 */
import { dirname, isAbsolute, join, relative, resolve } from "../../adapters/path.ts";
import {
  HISTORY_COMPACT_ABOVE,
  HISTORY_LIMIT,
  historyLine,
  historyTrend,
  MIN_LINE_BYTES,
  parseHistory,
} from "../../engine/history/history.ts";
import { type Issue, issue, warning } from "../../engine/issue.ts";
import type { ExecRecord, HistoryEntry, HistoryTrend } from "../../engine/model.ts";
import { appendLinesLocked, readTextIfExists } from "../../adapters/jsonl.ts";
import { staysInsideSync } from "../../adapters/contain.ts";
import { exists, toSlash } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath, findCollectionRoot, resolveUserPath } from "../collection/load.ts";

export const HISTORY_DIR = ".apispec/history";

/** Where the collection keeps its history: the folder that holds `api-docs/`. */
export interface HistoryPlace {
  root: string;
  projectRoot: string;
}

/** The history file of an endpoint file (absolute path). */
export function historyFile(place: HistoryPlace, specPath: string): string {
  const base = join(place.projectRoot, HISTORY_DIR);
  const rel = relative(place.root, specPath);
  const inside = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  const name = inside
    ? toSlash(rel)
    : "_outside/" + toSlash(resolve(specPath)).replace(/^\/+/, "").replace(/[:/\\]+/g, "__");
  return join(base, name.replace(/\.md$/i, "") + ".jsonl");
}

/** The entry for a finished run. */
export function historyEntry(record: ExecRecord, now: number): HistoryEntry {
  let timestamp: string | undefined;
  return {
    // Formatted when first read: a data-driven run keeps only each spec's newest entries.
    get timestamp() {
      return timestamp ??= new Date(now).toISOString();
    },
    passed: record.passed,
    status: record.status,
    duration_ms: record.duration_ms,
    error_type: record.error_type,
  };
}

/** Where a run is recorded; `runEndpoint` appends at once unless given another. */
export type HistorySink = (specPath: string, entry: HistoryEntry) => Issue | undefined;

/**
 * Appends runs to their specs' histories under one hold of the lock. A
 * history that cannot be written is a warning, never a failed run.
 */
export function appendHistory(
  place: HistoryPlace,
  runs: { specPath: string; entry: HistoryEntry }[],
): Issue | undefined {
  const dir = join(place.projectRoot, HISTORY_DIR);
  try {
    const lines = runs.map(({ specPath, entry }) => ({
      path: historyFile(place, specPath),
      line: historyLine(entry),
    }));
    // A committed link (`.apispec -> /anywhere`) must not carry history files out of the project.
    Deno.mkdirSync(place.projectRoot, { recursive: true }); // the per-user workspace, at first use
    for (const folder of new Set([dir, ...lines.map(({ path }) => dirname(path))])) {
      const inside = staysInsideSync(place.projectRoot, folder);
      if (!inside.ok) {
        return warning(`Not recording runs: ${inside.reason}`, {
          fix: `Remove the link; ${HISTORY_DIR} is apispec's own folder`,
        });
      }
    }
    appendLinesLocked(
      lines,
      {
        lockPath: join(dir, ".lock"),
        keep: HISTORY_LIMIT,
        compactAbove: HISTORY_COMPACT_ABOVE,
        minLineBytes: MIN_LINE_BYTES,
      },
    );
    return undefined;
  } catch (error) {
    return warning(`Cannot record runs in ${dir}: ${(error as Error).message}`, {
      fix: `Check that ${dir} is writable`,
    });
  }
}

/**
 * A sink that keeps runs in memory until `flush`: a batch of a thousand specs
 * takes the lock once instead of a thousand times.
 */
export function bufferedHistory(place: HistoryPlace): { sink: HistorySink; flush(): Issue[] } {
  const runs: { specPath: string; entry: HistoryEntry }[] = [];
  return {
    sink: (specPath, entry) => {
      runs.push({ specPath, entry });
      return undefined;
    },
    flush: () => {
      if (runs.length === 0) return [];
      const problem = appendHistory(place, runs.splice(0));
      return problem ? [problem] : [];
    },
  };
}

export interface HistoryResult {
  spec: string;
  trend: HistoryTrend;
  /** Newest first. */
  entries: HistoryEntry[];
}

export interface HistoryOptions {
  /** How many entries to return, newest first (default 10). The trend always looks at the last six. */
  last?: number;
  config?: string;
}

/** The history of one endpoint file, for the `apispec_history` tool. */
export async function readHistory(
  specPath: string,
  ctx: OpsContext,
  options: HistoryOptions = {},
): Promise<HistoryResult> {
  const path = await resolveUserPath(specPath, ctx, options.config);
  const root = await findCollectionRoot({ config: options.config, near: path }, ctx);
  const place = { root, projectRoot: dirname(root) };
  const all = parseHistory(await readTextIfExists(historyFile(place, path)) ?? "");
  const last = Math.max(0, Math.floor(options.last ?? 10));
  return {
    spec: displayPath(path, ctx.cwd),
    trend: historyTrend(all),
    entries: all.slice(all.length - Math.min(last, all.length)).reverse(),
  };
}

/**
 * `readHistory` for the CLI: an endpoint file that does not exist and never
 * ran is a usage error (a typo), not an empty history.
 */
export async function historyOf(
  specPath: string,
  ctx: OpsContext,
  options: HistoryOptions = {},
): Promise<{ result?: HistoryResult; issues: Issue[] }> {
  const result = await readHistory(specPath, ctx, options);
  const path = await resolveUserPath(specPath, ctx, options.config);
  if (result.entries.length === 0 && !(await exists(path))) {
    return {
      issues: [
        issue("USAGE", `File ${result.spec} does not exist and has no history`, {
          fix: "Check the path; paths may be relative to the working folder or to api-docs/",
        }),
      ],
    };
  }
  return { result, issues: [] };
}
