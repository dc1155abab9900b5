/**
 * History routes: one spec's recent runs for the History view (the same
 * `readHistory` the MCP tool and the CLI use), and the last run of every
 * spec for the sidebar badges (kept in memory, refreshed by the watcher).
 */
import { HISTORY_LIMIT } from "../../engine/history/history.ts";
import { runStats } from "../../engine/history/stats.ts";
import { readHistory } from "../../ops/run/history.ts";
import { markdownPath } from "./files.ts";
import { BadRequest, json } from "./reply.ts";
import { type PreviewState, workspaceCtx } from "../state.ts";

/** `GET /api/history?path=&last=`: `{file, trend, entries (newest first), stats}`. */
export async function historyRoute(state: PreviewState, url: URL): Promise<Response> {
  const { path, file } = await markdownPath(state, url.searchParams.get("path"));
  const lastText = url.searchParams.get("last");
  const last = lastText === null ? HISTORY_LIMIT : Number(lastText);
  if (!Number.isInteger(last) || last < 1) {
    throw new BadRequest(`"last" must be a positive whole number`, `Pass e.g. ?last=50`);
  }
  const history = await readHistory(path, workspaceCtx(state), {
    last: Math.min(last, HISTORY_LIMIT),
  });
  return json({
    file,
    trend: history.trend,
    entries: history.entries,
    stats: runStats(history.entries),
  });
}

/** `GET /api/history/latest`: `{count, runs: {<file>: entry}}`, the newest run of every spec that ran. */
export function latestRunsRoute(state: PreviewState): Promise<Response> {
  const runs = Object.fromEntries(state.history.latest());
  return Promise.resolve(json({ count: Object.keys(runs).length, runs }));
}
