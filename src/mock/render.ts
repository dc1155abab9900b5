/**
 * What `apispec mock` prints: the route table at start, a summary of what a
 * reload changed, and one line per request. Pure: colour comes in as a Paint.
 */
import { type Paint, PLAIN } from "../engine/render/paint.ts";
import type { MockLogEntry } from "./handler.ts";
import type { CollectionDef } from "../engine/mock_state/resources.ts";
import { formatBytes } from "../engine/bytes.ts";
import { isSecretHeader, MASK } from "../engine/secrets/mask.ts";

export interface RouteRow {
  method: string;
  path: string;
  file: string;
}

function rows(routes: RouteRow[], paint: Paint, mark = ""): string[] {
  const pathWidth = Math.max(0, ...routes.map((r) => r.path.length));
  return routes.map((r) =>
    `  ${mark}${paint.bold(r.method.padEnd(7))} ${r.path.padEnd(pathWidth)}  ${paint.dim(r.file)}`
  );
}

/** The routes, sorted by path then method, one per line. */
export function renderRouteTable(routes: RouteRow[], paint: Paint = PLAIN): string {
  if (routes.length === 0) {
    return "  (no routes yet: add endpoint files and they are served at once)";
  }
  const sorted = [...routes].sort((a, b) =>
    a.path.localeCompare(b.path) || a.method.localeCompare(b.method)
  );
  return rows(sorted, paint).join("\n");
}

const key = (r: RouteRow) => `${r.method} ${r.path} ${r.file}`;

/** What a reload changed: the files, then routes removed and added. */
export function renderReload(
  changed: string[],
  before: RouteRow[],
  after: RouteRow[],
  paint: Paint = PLAIN,
): string {
  const old = new Set(before.map(key));
  const now = new Set(after.map(key));
  const added = after.filter((r) => !old.has(key(r)));
  const removed = before.filter((r) => !now.has(key(r)));
  const files = changed.length === 1 ? changed[0] : `${changed.length} files`;
  return [
    `Reloaded ${files}: ${after.length} route${after.length === 1 ? "" : "s"}`,
    ...rows(removed, paint, paint.red("- ")),
    ...rows(added, paint, paint.green("+ ")),
  ].join("\n");
}

/** `GET /users/42 200 apis/users/get-user.md`, or the mock's own reason instead of a file. */
export function renderLogLine(entry: MockLogEntry, paint: Paint = PLAIN): string {
  const status = String(entry.status);
  const painted = entry.status >= 500
    ? paint.red(status)
    : entry.status >= 400
    ? paint.yellow(status)
    : paint.green(status);
  const source = entry.file ?? `(${entry.note ?? "mock"})`;
  return `${paint.bold(entry.method)} ${maskQuery(entry.target)} ${painted} ${paint.dim(source)}`;
}

/** `/a?api_key=k&page=2` → `/a?api_key=****&page=2`: credential-named query values stay out of logs. */
export function maskQuery(target: string): string {
  const start = target.indexOf("?");
  if (start === -1) return target;
  return target.slice(0, start + 1) + target.slice(start + 1).split("&").map((pair) => {
    const cut = pair.indexOf("=");
    if (cut === -1) return pair;
    let name = pair.slice(0, cut);
    try {
      name = decodeURIComponent(name);
    } catch { /* judge the raw name */ }
    return isSecretHeader(name) ? `${pair.slice(0, cut)}=${MASK}` : pair;
  }).join("&");
}

/** What `--stateful` keeps in memory: each collection, its seed size, and how to reset. */
export function renderStateSummary(
  collections: CollectionDef[],
  state: { resetPath: string; budget: number },
  paint: Paint = PLAIN,
): string {
  if (collections.length === 0) {
    return paint.yellow(
      "Stateful: no collections found (a GET whose example is a list, or POST with an item route)",
    );
  }
  const width = Math.max(...collections.map((c) => c.path.length));
  return [
    `Stateful: ${collections.length} collection${collections.length === 1 ? "" : "s"} ` +
    `in memory (at most ${formatBytes(state.budget)}); POST ${state.resetPath} restores the seed`,
    ...collections.map((c) =>
      `  ${c.path.padEnd(width)}  ${paint.dim(`${c.seed.length} seeded, id key "${c.idKey}"`)}`
    ),
  ].join("\n");
}
