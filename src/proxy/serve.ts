/**
 * Runs the proxy on a socket: `Deno.serve` on the chosen address, the
 * collection's endpoint files loaded into a route table and reloaded when
 * they change (drafts recorded into the collection are matched from then
 * on), its announcement in the project's `.apispec/proxy.json` (so the
 * preview UI finds it), and a clean stop that writes every pending report
 * line and withdraws the announcement.
 */
import { resolve } from "../adapters/path.ts";
import type { Issue } from "../engine/issue.ts";
import {
  buildRouteTable,
  type EndpointRoute,
  type RouteTable,
} from "../engine/routes/route_table.ts";
import type { OpsContext } from "../adapters/system.ts";
import { isDirectory } from "../adapters/fs.ts";
import { watchFolder } from "../adapters/watch_settled.ts";
import { createRouteLoader, type RouteLoad } from "../ops/collection/endpoint_routes.ts";
import { recordExchange } from "../ops/proxy/record.ts";
import { bindIssue, urlHost } from "../mock/serve.ts";
import { createProxyHandler, type ProxyHandler } from "./handler.ts";
import type { ExchangeNote, ProxyReportEntry } from "./report_entry.ts";
import { openReportFile } from "./report_file.ts";
import { announceProxy, publicTarget, reachableUrl } from "./announce.ts";
import { allowedHosts, isWildcard, machineNames } from "../adapters/host_guard.ts";

/** How long a stop waits for open exchanges, and then for those still being compared. */
const SETTLE_AT_STOP_MS = 2000;

export interface ProxyServerOptions {
  /** The collection whose endpoint files are compared with; none: every exchange is undocumented. */
  root?: string;
  target: URL;
  hostname: string;
  port: number;
  /** Folder for drafts of undocumented routes. */
  record?: string;
  /** JSON Lines file that every exchange is appended to. */
  report?: string;
  timeoutMs: number;
  onExchange?: (entry: ProxyReportEntry, note: ExchangeNote) => void;
  onReload?: (load: RouteLoad, previous: RouteLoad) => void;
  onError?: (error: Error) => void;
}

export interface RunningProxy {
  url: string;
  port: number;
  handler: ProxyHandler;
  close(): Promise<void>;
}

export interface ProxyStart {
  proxy?: RunningProxy;
  load?: RouteLoad;
  issues: Issue[];
}

export async function startProxyServer(
  options: ProxyServerOptions,
  ctx: OpsContext,
): Promise<ProxyStart> {
  const onError = options.onError ?? (() => {});
  const root = options.root && await isDirectory(options.root) ? options.root : undefined;
  const loadRoutes = root ? createRouteLoader(root, ctx) : undefined;
  let load = loadRoutes ? await loadRoutes() : undefined;
  const empty: RouteTable<EndpointRoute> = buildRouteTable([]);
  const report = options.report ? openReportFile(options.report, onError) : undefined;
  const recordDir = options.record;

  const handler = createProxyHandler({
    target: options.target,
    hostAllowed: allowedHosts(
      options.hostname,
      isWildcard(options.hostname) ? machineNames() : [],
    ),
    currentTable: () => load?.table ?? empty,
    timeoutMs: options.timeoutMs,
    record: recordDir
      ? async (exchange) => {
        const outcome = await recordExchange(recordDir, exchange, ctx);
        if ("written" in outcome) return outcome.written;
        if ("invalid" in outcome) {
          onError(new Error(`Draft ${outcome.invalid} not written: ${outcome.reason}`));
        }
        return undefined;
      }
      : undefined,
    onExchange: (entry, note) => {
      report?.write(entry);
      options.onExchange?.(entry, note);
    },
  });

  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve(
      { hostname: options.hostname, port: options.port, onListen() {} },
      handler,
    );
  } catch (error) {
    return { load, issues: [bindIssue(error as Error, options.hostname, options.port)] };
  }

  const watcher = root && loadRoutes
    ? watchFolder(root, async () => {
      try {
        const next = await loadRoutes();
        if (next.changed.length === 0 || !load) return;
        const previous = load;
        load = next;
        options.onReload?.(next, previous);
      } catch (error) {
        onError(error as Error);
      }
    })
    : undefined;

  const port = server.addr.port;
  // Without a collection there is no project to announce it in.
  const withdraw = root
    ? await announceProxy({
      url: reachableUrl(options.hostname, port),
      target: publicTarget(options.target),
      collection: resolve(root),
      report: options.report ?? null,
      pid: Deno.pid,
      started_at: new Date().toISOString(),
    }).catch((error) => {
      onError(new Error(`The preview UI will not find this proxy: ${(error as Error).message}`));
      return undefined;
    })
    : undefined;
  return {
    load,
    issues: [],
    proxy: {
      url: `http://${urlHost(options.hostname)}:${port}`,
      port,
      handler,
      close: async () => {
        watcher?.close();
        // Open streams and exchanges still being compared get a moment; neither can hold the exit.
        await withDeadline(server.shutdown(), SETTLE_AT_STOP_MS);
        await withDeadline(handler.settled(), SETTLE_AT_STOP_MS);
        report?.flush();
        await withdraw?.();
      },
    },
  };
}

async function withDeadline(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((resolve) => timer = setTimeout(resolve, ms))]);
  clearTimeout(timer);
}
