/**
 * History routes: one spec's recent runs for the History view (the same
 * `readHistory` the MCP tool and the CLI use) and the exchanges kept of runs
 * made in the UI, the last run of every spec for the sidebar badges (kept in
 * memory, refreshed by the watcher), and a data file's rows for Run all.
 */
import { HISTORY_LIMIT } from "../../engine/history/history.ts";
import { runStats } from "../../engine/history/stats.ts";
import { readHistory } from "../../ops/run/history.ts";
import { readExchanges } from "../../ops/run/exchange_log.ts";
import { Forbidden, markdownPath, NotFound } from "./files.ts";
import { containedPath } from "../guard.ts";
import { readText } from "../../adapters/fs.ts";
import { parseDataFile } from "../../engine/parse/data.ts";
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
  const kept = await readExchanges(state.history.place, path);
  return json({
    file,
    trend: history.trend,
    entries: history.entries,
    stats: runStats(history.entries),
    // Runs whose request and response are kept (runs made in the UI), by timestamp.
    kept: kept.map((k) => k.timestamp),
  });
}

/** `GET /api/history/exchange?path=&timestamp=`: the kept record of one run. */
export async function historyExchangeRoute(state: PreviewState, url: URL): Promise<Response> {
  const { path, file } = await markdownPath(state, url.searchParams.get("path"));
  const timestamp = url.searchParams.get("timestamp");
  const found = (await readExchanges(state.history.place, path)).find((k) =>
    k.timestamp === timestamp
  );
  if (!found) {
    throw new NotFound(
      `No exchange is kept for the run of ${file} at ${timestamp}`,
      "Exchanges are kept for the last 20 runs made in the UI",
    );
  }
  return json({ file, timestamp, record: found.record });
}

/** `GET /api/history/latest`: `{count, runs: {<file>: entry}}`, the newest run of every spec that ran. */
export function latestRunsRoute(state: PreviewState): Promise<Response> {
  const runs = Object.fromEntries(state.history.latest());
  return Promise.resolve(json({ count: Object.keys(runs).length, runs }));
}

/** Rows a Run all may take, at most: one iteration each. */
const MAX_RUN_ROWS = 1000;

/**
 * `GET /api/data?path=`: a data file of the collection (CSV, JSON, JSON Lines,
 * as flows read them) as rows of variables, for Run all's iterations.
 */
export async function dataRowsRoute(state: PreviewState, url: URL): Promise<Response> {
  const given = url.searchParams.get("path");
  if (!given) throw new BadRequest('Parameter "path" is required', "Pass ?path=data/users.csv");
  const contained = await containedPath(state.workspace.collection, given);
  if (!contained.ok) {
    throw new Forbidden(contained.reason, "Give a data file inside api-docs/, e.g. data/users.csv");
  }
  let text: string;
  try {
    text = await readText(contained.path);
  } catch {
    throw new NotFound(
      `No data file ${contained.relative}`,
      "Check the path; it is relative to api-docs/",
    );
  }
  const { rows, issues } = parseDataFile(text, contained.relative);
  if (rows.length > MAX_RUN_ROWS) {
    throw new BadRequest(
      `${contained.relative} has ${rows.length} rows; Run all takes at most ${MAX_RUN_ROWS}`,
      "Split the file",
    );
  }
  const vars = rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    )
  );
  return json({ file: contained.relative, rows: vars, issues });
}
