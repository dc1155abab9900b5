/**
 * `GET /api/proxy/exchanges`: what a running `apispec proxy` of this
 * workspace has seen, for the Proxy view. The proxy announces itself in
 * `.apispec/proxy.json`; this route asks it, server-side (its routes send no
 * CORS headers), for its counts and latest exchanges. Only loopback URLs are
 * asked, only the proxy's fixed GET routes, with a short timeout; a file
 * left by a proxy that is gone reads as "no proxy running".
 * `GET /api/proxy/exchange?id=` asks it for one exchange's request and
 * response (masked by the proxy); `POST /api/proxy/save {id}` writes an
 * undocumented one as a draft endpoint file, as `proxy --record` would.
 */
import { readBounded } from "../../adapters/bounded.ts";
import { join, relative } from "../../adapters/path.ts";
import { toSlash } from "../../adapters/fs.ts";
import type { HttpMethod } from "../../engine/model.ts";
import { routeTemplate } from "../../engine/proxy/route_template.ts";
import type { ExchangeDetail, RecentExchange } from "../../proxy/stats.ts";
import { announcementPath, CONTROL_PATH, readAnnouncement } from "../../proxy/announce.ts";
import type { ProxyReportEntry } from "../../proxy/report_entry.ts";
import type { ProxyCounts } from "../../proxy/stats.ts";
import { isLoopback } from "../guard.ts";
import { BadRequest, json, problem, readJson } from "./reply.ts";
import { type PreviewState, workspaceCtx } from "../state.ts";
import { NotFound } from "./files.ts";

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
    /** Newest first, violations before the rest (at most 200); `id` asks for the exchange. */
    exchanges: (ProxyReportEntry & { id?: number })[];
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

type Announced = NonNullable<Awaited<ReturnType<typeof readAnnouncement>>>;

/** The announced proxy of the workspace, if there is one on a loopback address; else why not. */
async function announcedProxy(
  state: PreviewState,
): Promise<{ origin: URL; announced: Announced } | { answer: Response }> {
  const file = announcementPath(state.workspace.root);
  const announced = await readAnnouncement(file);
  if (!announced) {
    return { answer: notRunning("none", "No proxy is running for this workspace") };
  }
  let origin: URL;
  try {
    origin = new URL(announced.url);
  } catch {
    return { answer: notRunning("none", "No proxy is running for this workspace") };
  }
  const host = origin.hostname.replace(/^\[|\]$/g, "");
  if (origin.protocol !== "http:" || host === "localhost" || !isLoopback(host)) {
    return {
      answer: notRunning(
        "not-loopback",
        `The proxy announced ${announced.url}; only proxies on a loopback address are asked`,
        announced.url,
      ),
    };
  }
  return { origin, announced };
}

export async function proxyExchangesRoute(state: PreviewState): Promise<Response> {
  const found = await announcedProxy(state);
  if ("answer" in found) return found.answer;
  const { origin, announced } = found;
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
      exchanges: latest.exchanges as RecentExchange[],
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

function exchangeId(value: unknown): number {
  const id = typeof value === "string" ? Number(value) : value;
  if (!Number.isInteger(id) || (id as number) < 1) {
    throw new BadRequest('Field "id" must be an exchange id', "Send the id of a listed exchange");
  }
  return id as number;
}

/** One exchange's detail from the running proxy, or a NotFound saying why not. */
async function askDetail(state: PreviewState, id: number): Promise<ExchangeDetail> {
  const found = await announcedProxy(state);
  if ("answer" in found) {
    throw new NotFound("No proxy is running for this workspace", "Start `apispec proxy` here");
  }
  try {
    const detail = await ask(found.origin.origin, `${CONTROL_PATH}/exchange?id=${id}`);
    if (!detail || typeof detail !== "object" || !("request" in detail)) throw new Error();
    return detail as ExchangeDetail;
  } catch {
    throw new NotFound(
      `The proxy no longer keeps exchange ${id} (it keeps the latest 200)`,
      "Pick a recent exchange",
    );
  }
}

/** `GET /api/proxy/exchange?id=`: the request and response of one exchange, masked. */
export async function proxyExchangeRoute(state: PreviewState, url: URL): Promise<Response> {
  return json(await askDetail(state, exchangeId(url.searchParams.get("id"))));
}

/**
 * `POST /api/proxy/save {id}` (write): an exchange as a draft endpoint file
 * under `apis/<resource>/`, created exclusively, through the writer of
 * `proxy --record` (credentials as variables; masked values stay `****`).
 */
export async function saveExchangeRoute(state: PreviewState, request: Request): Promise<Response> {
  const detail = await askDetail(state, exchangeId((await readJson(request)).id));
  if (!detail.response) {
    return problem(
      422,
      "NOT_WRITTEN",
      "The target did not answer this exchange",
      "Pick one with a response",
    );
  }
  const template = routeTemplate(detail.request.path);
  const { recordExchange } = await import("../../ops/proxy/record.ts");
  const outcome = await recordExchange(
    state.workspace.collection,
    {
      method: detail.request.method as HttpMethod,
      template: template.path,
      params: template.params,
      query: detail.request.query,
      requestHeaders: detail.request.headers,
      requestBody: detail.request.body,
      response: detail.response,
    },
    workspaceCtx(state),
    "the Proxy view of `apispec serve`",
  );
  const inCollection = (shown: string) =>
    toSlash(relative(state.workspace.collection, join(state.workspace.root, shown)));
  if ("written" in outcome) {
    await state.index.update([inCollection(outcome.written)]);
    return json({ status: "ok", file: inCollection(outcome.written) });
  }
  if ("exists" in outcome) {
    return problem(
      409,
      "EXISTS",
      `${outcome.exists} exists already`,
      "Open it, or rename it first",
    );
  }
  return problem(
    422,
    "NOT_WRITTEN",
    `${outcome.invalid}: ${outcome.reason}`,
    "Write the spec by hand",
  );
}
