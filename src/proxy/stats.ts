/**
 * What the proxy has seen so far, for `GET /__apispec/proxy` (the counts of
 * BEYOND §3) and `GET /__apispec/proxy/exchanges` (the latest exchanges,
 * violations first), so a person, a script or a UI can follow a running proxy.
 */
import type { ProxyReportEntry } from "./report_entry.ts";
import type { HeaderPairs } from "../engine/proxy/hop_by_hop.ts";

/**
 * One exchange as sent and answered, masked, bodies cut at `DETAIL_BODY_LIMIT`
 * (after masking), for `GET /__apispec/proxy/exchange?id=`.
 */
export interface ExchangeDetail {
  request: { method: string; path: string; query: string; headers: HeaderPairs; body: string };
  response: { status: number; reason: string; headers: HeaderPairs; body: string } | null;
  /** Bodies longer than the limit were cut. */
  truncated: boolean;
}

/** Bytes of each body an exchange's detail keeps. */
export const DETAIL_BODY_LIMIT = 64 * 1024;

/** An entry of the exchanges route: the report entry and the id its detail is asked by. */
export type RecentExchange = ProxyReportEntry & { id: number };

export interface ProxyCounts {
  /** Exchanges forwarded (the proxy's own routes aside). */
  exchanges: number;
  /** Exchanges compared with an endpoint file. */
  matched: number;
  /** Compared exchanges that broke their file's contract. */
  violations: number;
  /** Draft endpoint files written by `--record`. */
  recorded: number;
}

/** Exchanges kept for the exchanges route; older ones are in the report file. */
export const RECENT_EXCHANGES = 200;

export class ProxyStats {
  readonly counts: ProxyCounts = { exchanges: 0, matched: 0, violations: 0, recorded: 0 };
  readonly #recent: RecentExchange[] = [];
  readonly #details = new Map<number, ExchangeDetail>();
  #next = 1;

  add(entry: ProxyReportEntry, recorded: boolean, detail?: ExchangeDetail): void {
    this.counts.exchanges++;
    // A target that did not answer is a failure, but there was no response to compare.
    const compared = entry.spec !== null && entry.passed !== null &&
      entry.error_type !== "NETWORK_ERROR";
    if (compared) this.counts.matched++;
    if (compared && entry.passed === false) this.counts.violations++;
    if (recorded) this.counts.recorded++;
    const id = this.#next++;
    this.#recent.push({ ...entry, id });
    if (detail) this.#details.set(id, detail);
    if (this.#recent.length > RECENT_EXCHANGES) this.#details.delete(this.#recent.shift()!.id);
  }

  /** The request and response of a recent exchange. */
  detail(id: number): ExchangeDetail | undefined {
    return this.#details.get(id);
  }

  /** The latest exchanges, newest first, violations before the rest. */
  recent(): RecentExchange[] {
    const newest = [...this.#recent].reverse();
    return [
      ...newest.filter((e) => e.passed === false),
      ...newest.filter((e) => e.passed !== false),
    ];
  }
}
