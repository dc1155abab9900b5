/**
 * Runs the mock on a socket: `Deno.serve` on the chosen host and port, the
 * route table reloaded when files under the folder change, and a clean stop.
 * A busy port is an issue naming it, never a silent move to another port.
 */
import { type Issue, issue } from "../engine/issue.ts";
import type { OpsContext } from "../adapters/system.ts";
import { createMockHandler, type MockLogEntry } from "./handler.ts";
import type { LatencyRange } from "./faults.ts";
import { createStatefulMock, STATEFUL_DEFAULTS } from "./stateful.ts";
import type { CorsPolicy } from "./cors.ts";
import { createRouteLoader, type RouteLoad } from "../ops/collection/endpoint_routes.ts";
import { watchFolder } from "../adapters/watch_settled.ts";
import { readBodyFile } from "../adapters/body_files.ts";
import { dirname, join } from "../adapters/path.ts";
import { allowedHosts, hostnameOf, isLoopback } from "../adapters/host_guard.ts";

export interface MockServerOptions {
  root: string;
  hostname: string;
  port: number;
  latency?: LatencyRange;
  /** Share of routed requests answered with a documented 5xx (0 to 1). */
  errorRate?: number;
  /** Collections and items answer from memory. */
  stateful?: boolean;
  /** The bytes of JSON the stateful mock may hold (default 256 MiB). */
  maxStateBytes?: number;
  /** Browser origins allowed besides loopback ones. */
  cors?: CorsPolicy;
  onRequest?: (entry: MockLogEntry) => void;
  /** After a reload that changed a file, with the load it replaced. */
  onReload?: (load: RouteLoad, previous: RouteLoad) => void;
  onReloadError?: (error: Error) => void;
}

export interface RunningMock {
  url: string;
  port: number;
  /** The routes as first loaded. */
  load: RouteLoad;
  close(): Promise<void>;
}

export interface MockStart {
  mock?: RunningMock;
  load: RouteLoad;
  /** Why the server could not start (exit 3). */
  issues: Issue[];
}

export async function startMockServer(
  options: MockServerOptions,
  ctx: OpsContext,
): Promise<MockStart> {
  const loadRoutes = createRouteLoader(options.root, ctx);
  let current = await loadRoutes();
  const first = current;
  const handler = createMockHandler(() => current.table, {
    latency: options.latency,
    errorRate: options.errorRate,
    stateful: options.stateful
      ? createStatefulMock({
        ...STATEFUL_DEFAULTS,
        maxStateBytes: options.maxStateBytes ?? STATEFUL_DEFAULTS.maxStateBytes,
      })
      : undefined,
    cors: options.cors,
    // Bound to loopback, only loopback names reach it legitimately; bound wider, containers and
    // machines on the network use names of their own (`mock:4010` in Compose).
    ...(isLoopback(hostnameOf(options.hostname))
      ? { hostAllowed: allowedHosts(options.hostname) }
      : {}),
    log: options.onRequest,
    // `< ./files/logo.png`: relative to the endpoint file, inside the project (links followed),
    // at most 64 MiB, as exec reads it.
    readBodyFile: async (route, path) => {
      const read = await readBodyFile(dirname(options.root), join(options.root, route.file), path);
      return read.ok ? { ok: true, bytes: read.bytes } : { ok: false, reason: read.reason };
    },
  });

  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({ hostname: options.hostname, port: options.port, onListen() {} }, handler);
  } catch (error) {
    return { load: first, issues: [bindIssue(error as Error, options.hostname, options.port)] };
  }

  const watcher = watchFolder(options.root, async () => {
    try {
      const next = await loadRoutes();
      if (next.changed.length === 0) return;
      const previous = current;
      current = next;
      options.onReload?.(next, previous);
    } catch (error) {
      options.onReloadError?.(error as Error);
    }
  });

  const port = server.addr.port;
  return {
    load: first,
    issues: [],
    mock: {
      url: `http://${urlHost(options.hostname)}:${port}`,
      port,
      load: first,
      close: async () => {
        watcher.close();
        await server.shutdown();
      },
    },
  };
}

/** Why a server could not listen: a busy port names the port (exit 3), never a silent move. */
export function bindIssue(error: Error, hostname: string, port: number): Issue {
  const options = { hostname, port };
  const where = `${urlHost(options.hostname)}:${options.port}`;
  if (error instanceof Deno.errors.AddrInUse) {
    return issue("ENGINE_ERROR", `Port ${options.port} is already in use (${where})`, {
      fix: `Stop what listens on port ${options.port}, or pass another one: --port=<n>`,
    });
  }
  if (error instanceof Deno.errors.PermissionDenied) {
    return issue("ENGINE_ERROR", `Not allowed to listen on port ${options.port} (${where})`, {
      fix: "Ports below 1024 need extra rights; pass --port=4001 or another port above 1023",
    });
  }
  return issue("ENGINE_ERROR", `Cannot listen on ${where}: ${error.message}`, {
    fix: "Pass --host=127.0.0.1 (or another address of this machine) and a free --port",
  });
}

/** Hosts as they appear in a URL: IPv6 literals in brackets, any-address as localhost. */
export function urlHost(hostname: string): string {
  if (hostname === "0.0.0.0" || hostname === "::") return "localhost";
  return hostname.includes(":") ? `[${hostname}]` : hostname;
}

/** Resolves on the first Ctrl-C (or SIGTERM), then stops listening for them. */
export function shutdownSignal(): Promise<Deno.Signal> {
  const signals: Deno.Signal[] = Deno.build.os === "windows"
    ? ["SIGINT", "SIGBREAK"]
    : ["SIGINT", "SIGTERM"];
  return new Promise((resolve) => {
    const handlers = signals.map((signal) => {
      const handler = () => {
        handlers.forEach(([s, h]) => Deno.removeSignalListener(s, h));
        resolve(signal);
      };
      Deno.addSignalListener(signal, handler);
      return [signal, handler] as const;
    });
  });
}
