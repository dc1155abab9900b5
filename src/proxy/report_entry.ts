/**
 * One exchange as the proxy reports it: the JSON Lines record of BEYOND §3,
 * `{timestamp, method, path, spec, status, passed, error_type, diff}`, and
 * the line printed on stderr. Both are built from masked values only.
 */
import type { Diff, ErrorType } from "../engine/model.ts";
import type { Paint } from "../engine/render/paint.ts";

export interface ProxyReportEntry {
  /** ISO 8601 UTC, when the request arrived. */
  timestamp: string;
  method: string;
  /** The request path, without the query (which may carry credentials). */
  path: string;
  /** The endpoint file compared with, relative to the collection; null when none matches. */
  spec: string | null;
  /** The status the client received (502 or 504 when the target failed). */
  status: number;
  /** null when no endpoint file documents the route (nothing to compare with). */
  passed: boolean | null;
  error_type: ErrorType | null;
  diff: Diff | null;
}

/** What the stderr line adds to the entry. */
export interface ExchangeNote {
  durationMs: number;
  /** The draft written for this exchange. */
  recorded?: string;
  /** Why the exchange was not compared or recorded, or what failed. */
  note?: string;
}

/**
 * `pass GET /users/42 200 apis/users/get-user.md 3 ms`, `FAIL ...` followed by
 * the first differences, or `new GET /orders/1 200 (no endpoint file)`.
 */
export function renderExchangeLine(entry: ProxyReportEntry, extra: ExchangeNote, paint: Paint) {
  const verdict = entry.passed === true
    ? paint.green("pass")
    : entry.passed === false
    ? paint.red(paint.bold("FAIL"))
    : paint.yellow(" new");
  const status = entry.status >= 500
    ? paint.red(String(entry.status))
    : entry.status >= 400
    ? paint.yellow(String(entry.status))
    : String(entry.status);
  const source = entry.spec ?? "(no endpoint file)";
  const time = paint.dim(`${Math.round(extra.durationMs)} ms`);
  const head = `${verdict} ${paint.bold(entry.method)} ${entry.path} ${status} ${
    paint.dim(source)
  } ${time}`;
  const details: string[] = [];
  if (entry.diff && !entry.diff.passed) {
    if (entry.diff.status) details.push(`status: ${entry.diff.status}`);
    details.push(...entry.diff.headers);
    if (entry.diff.body) details.push(...entry.diff.body.split("\n").slice(0, 3));
  }
  if (extra.note) details.push(extra.note);
  if (extra.recorded) details.push(`recorded ${extra.recorded}`);
  return [head, ...details.map((d) => `     ${paint.dim("·")} ${d}`)].join("\n");
}
