/**
 * What the proxy has seen so far, for `GET /__apispec/proxy` (the counts of
 * BEYOND §3) and `GET /__apispec/proxy/exchanges` (the latest exchanges,
 * violations first), so a person, a script or a UI can follow a running proxy.
 */
import type { ProxyReportEntry } from "./report_entry.ts";

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
  readonly #recent: ProxyReportEntry[] = [];

  add(entry: ProxyReportEntry, recorded: boolean): void {
    this.counts.exchanges++;
    // A target that did not answer is a failure, but there was no response to compare.
    const compared = entry.spec !== null && entry.passed !== null &&
      entry.error_type !== "NETWORK_ERROR";
    if (compared) this.counts.matched++;
    if (compared && entry.passed === false) this.counts.violations++;
    if (recorded) this.counts.recorded++;
    this.#recent.push(entry);
    if (this.#recent.length > RECENT_EXCHANGES) this.#recent.shift();
  }

  /** The latest exchanges, newest first, violations before the rest. */
  recent(): ProxyReportEntry[] {
    const newest = [...this.#recent].reverse();
    return [
      ...newest.filter((e) => e.passed === false),
      ...newest.filter((e) => e.passed !== false),
    ];
  }
}
