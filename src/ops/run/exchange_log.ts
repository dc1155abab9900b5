/**
 * The exchanges of a spec's recent runs made in the UI (request, response,
 * diff: the masked verbose record), kept beside its history so a History row
 * opens what was sent and received: `.apispec/exchanges/<spec>.jsonl`, one
 * `{timestamp, record}` per line under the history's lock, the newest
 * `KEPT_EXCHANGES` kept. Bodies are cut at 64 KiB after masking. The
 * timestamp is the history entry's, which is how a row finds its exchange.
 */
import { join } from "../../adapters/path.ts";
import { appendLinesLocked, readTextIfExists } from "../../adapters/jsonl.ts";
import { staysInsideSync } from "../../adapters/contain.ts";
import { type Issue, warning } from "../../engine/issue.ts";
import type { ExecRecord } from "../../engine/model.ts";
import { HISTORY_DIR, historyFile, type HistoryPlace } from "./history.ts";

export const EXCHANGE_DIR = ".apispec/exchanges";
export const KEPT_EXCHANGES = 20;
export const EXCHANGE_BODY_LIMIT = 64 * 1024;

/** Where a spec's exchanges are kept: its history file's place, under `exchanges/`. */
export function exchangeFile(place: HistoryPlace, specPath: string): string {
  const history = historyFile(place, specPath);
  const base = join(place.projectRoot, HISTORY_DIR);
  return join(place.projectRoot, EXCHANGE_DIR, history.slice(base.length + 1));
}

function cut(text: string | undefined): string | undefined {
  return text !== undefined && text.length > EXCHANGE_BODY_LIMIT
    ? `${text.slice(0, EXCHANGE_BODY_LIMIT)}\n… (cut at 64 KiB)`
    : text;
}

/** Keeps a run's masked record under the timestamp of its history entry. */
export function keepExchange(
  place: HistoryPlace,
  specPath: string,
  timestamp: string,
  record: ExecRecord,
): Issue | undefined {
  const file = exchangeFile(place, specPath);
  const kept: ExecRecord = {
    ...record,
    ...(record.request ? { request: { ...record.request, body: cut(record.request.body) } } : {}),
    ...(record.response
      ? { response: { ...record.response, body: cut(record.response.body)! } }
      : {}),
    ...(record.expected
      ? { expected: { ...record.expected, body: cut(record.expected.body)! } }
      : {}),
  };
  try {
    const inside = staysInsideSync(place.projectRoot, join(place.projectRoot, EXCHANGE_DIR));
    if (!inside.ok) return warning(`Not keeping the exchange: ${inside.reason}`);
    appendLinesLocked([{ path: file, line: JSON.stringify({ timestamp, record: kept }) }], {
      lockPath: join(place.projectRoot, EXCHANGE_DIR, ".lock"),
      keep: KEPT_EXCHANGES,
      compactAbove: KEPT_EXCHANGES * 2,
      minLineBytes: 64,
    });
    return undefined;
  } catch (error) {
    return warning(`Cannot keep the exchange: ${(error as Error).message}`);
  }
}

/** The kept exchanges of a spec, newest first. */
export async function readExchanges(
  place: HistoryPlace,
  specPath: string,
): Promise<{ timestamp: string; record: ExecRecord }[]> {
  const text = await readTextIfExists(exchangeFile(place, specPath));
  if (!text) return [];
  const out: { timestamp: string; record: ExecRecord }[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const value = JSON.parse(line);
      if (typeof value?.timestamp === "string" && value.record) out.push(value);
    } catch { /* a line cut by a crash: skipped */ }
  }
  return out.reverse().slice(0, KEPT_EXCHANGES);
}
