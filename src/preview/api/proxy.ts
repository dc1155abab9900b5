/**
 * `GET /api/proxy/exchanges`: what a running `apispec proxy` of this
 * workspace has seen, for the Proxy view. The proxy announces itself in
 * `.apispec/proxy.json`; this route asks it, server-side (its routes send no
 * CORS headers), for its counts and latest exchanges. Only loopback URLs are
 * asked, only the proxy's two fixed GET routes, with a short timeout; a file
 * left by a proxy that is gone reads as "no proxy running".
 */
import { readBounded } from "../../adapters/bounded.ts";
import { announcementPath, CONTROL_PATH, readAnnouncement } from "../../proxy/announce.ts";
import type { ProxyReportEntry } from "../../proxy/report_entry.ts";
import type { ProxyCounts } from "../../proxy/stats.ts";
import { isLoopback } from "../guard.ts";
import { json } from "./reply.ts";
import type { PreviewState } from "../state.ts";

/** What `GET /api/proxy/exchanges` answers (the Proxy view reads it). */
export type ProxyView =
  | {
    running: true;
    proxy: {
      url: string;
      target: string;
      report: string | null;
      started_at: string;
      pid: number;
      /** The proxy compares with this workspace's collection: its `spec` paths open here. */
      same_collection: boolean;
    };
    counts: ProxyCounts;
    /** Newest first, violations before the rest (at most 200). */
    exchanges: ProxyReportEntry[];
  }
  | { running: false; reason: "none" | "gone" | "not-loopback"; message: string; url?: string };

/** The proxy answers from memory; a slower answer means it is not (or no longer) ours. */
const ASK_TIMEOUT_MS = 1500;
/** 200 masked entries with diffs stay far below this. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

async function ask(origin: string, path: string): Promise<unknown> {
  const response = await fetch(new URL(path, origin), {
    redirect: "manual",
    signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
  });
  const read = await readBounded(response.body, MAX_ANSWER_BYTES);
  if (!response.ok || !read.ok) throw new Error(`the proxy answered ${response.status}`);
  return JSON.parse(new TextDecoder().decode(read.bytes));
}

const isCount = (value: unknown) => typeof value === "number" && Number.isInteger(value);

function notRunning(reason: "none" | "gone" | "not-loopback", message: string, url?: string) {
  return json({ running: false, reason, message, ...(url ? { url } : {}) });
}

export async function proxyExchangesRoute(state: PreviewState): Promise<Response> {
  const file = announcementPath(state.workspace.root);
  const announced = await readAnnouncement(file);
  if (!announced) {
    return notRunning("none", "No proxy is running for this workspace");
  }
  let origin: URL;
  try {
    origin = new URL(announced.url);
  } catch {
    return notRunning("none", "No proxy is running for this workspace");
  }
  const host = origin.hostname.replace(/^\[|\]$/g, "");
  if (origin.protocol !== "http:" || host === "localhost" || !isLoopback(host)) {
    return notRunning(
      "not-loopback",
      `The proxy announced ${announced.url}; only proxies on a loopback address are asked`,
      announced.url,
    );
  }
  try {
    const [counts, latest] = await Promise.all([
      ask(origin.origin, CONTROL_PATH),
      ask(origin.origin, `${CONTROL_PATH}/exchanges`),
    ]) as [Record<string, unknown>, { exchanges?: unknown }];
    const valid = ["exchanges", "matched", "violations", "recorded"].every((k) =>
      isCount(counts?.[k])
    ) && Array.isArray(latest?.exchanges);
    if (!valid) throw new Error("not an apispec proxy");
    let sameCollection = false;
    try {
      sameCollection = await Deno.realPath(announced.collection) === state.workspace.collection;
    } catch { /* the collection is gone: its spec links would lead nowhere */ }
    const view: ProxyView = {
      running: true,
      proxy: {
        url: origin.origin,
        target: announced.target,
        report: announced.report,
        started_at: announced.started_at,
        pid: announced.pid,
        same_collection: sameCollection,
      },
      counts: counts as unknown as ProxyCounts,
      exchanges: latest.exchanges as ProxyReportEntry[],
    };
    return json(view);
  } catch {
    return notRunning(
      "gone",
      `No proxy answers at ${origin.origin}: .apispec/proxy.json is left from one that stopped`,
      origin.origin,
    );
  }
}
