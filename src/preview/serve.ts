/**
 * Starts the preview server: finds the workspace, indexes it, binds the
 * socket (a busy port is an error naming it, never a silent fallback),
 * watches the files and pushes changes to connected browsers.
 */
import { type Issue, issue } from "../engine/issue.ts";
import type { OpsContext } from "../adapters/system.ts";
import { loadAssets } from "./assets.ts";
import { EventHub } from "./events.ts";
import { allowedHosts } from "./guard.ts";
import { isWildcard, machineNames } from "../adapters/host_guard.ts";
import { createHandler } from "./handler.ts";
import { CollectionIndex } from "./index_cache.ts";
import { HistoryCache, watchHistory } from "./history_cache.ts";
import { historyDir } from "../ops/run/history_latest.ts";
import type { PreviewState } from "./state.ts";
import { watchCollection, type Watcher } from "./watch.ts";
import { describeWorkspace, resolveWorkspace, type Workspace } from "./workspace.ts";

export interface PreviewOptions {
  /** Workspace folder (holds `api-docs/`) or the `api-docs` folder; default: discovery from cwd. */
  path?: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  env?: string;
  mock: boolean;
  ctx: OpsContext;
  onError?: (error: unknown) => void;
}

export interface PreviewServer {
  url: string;
  port: number;
  state: PreviewState;
  /** Resolves once the server has stopped. */
  finished: Promise<void>;
  /** True when this start built web/dist/ first (a source checkout before `deno task build`). */
  builtUi: boolean;
  close(): Promise<void>;
}

export { isWildcard } from "../adapters/host_guard.ts";

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function startPreview(
  options: PreviewOptions,
): Promise<{ server?: PreviewServer; issues: Issue[] }> {
  const found = await resolveWorkspace(options.path, options.ctx);
  if (!found.workspace) return { issues: found.issues };
  const { assets, built, error } = await loadAssets();
  if (!assets) {
    return {
      issues: [
        issue(
          "ENGINE_ERROR",
          `The web UI bundle web/dist/ is missing${
            error ? ` and building it failed: ${error}` : ""
          }`,
          { fix: "Run `deno task build`, then start the preview again" },
        ),
      ],
    };
  }
  let watcher: Watcher | undefined;
  let historyWatcher: Watcher | undefined;
  const events = new EventHub();
  const follow = (workspace: Workspace, index: CollectionIndex, history: HistoryCache) => {
    watcher?.close();
    watcher = watchCollection(workspace.collection, async (paths) => {
      if (state.workspace !== workspace) return;
      if (paths.some((p) => !p.toLowerCase().endsWith(".md"))) await index.rebuild();
      else await index.update(paths);
      events.broadcast("change", { paths });
    });
    historyWatcher?.close();
    historyWatcher = watchHistory(history, historyDir(history.place), (runs) => {
      if (state.workspace === workspace) events.broadcast("history", { runs });
    });
  };
  const historyOf = (workspace: Workspace) =>
    new HistoryCache({ root: workspace.collection, projectRoot: workspace.root });
  const state: PreviewState = {
    ctx: options.ctx,
    workspace: found.workspace,
    index: new CollectionIndex(found.workspace.collection),
    history: historyOf(found.workspace),
    events,
    env: options.env,
    mock: options.mock,
    token: randomToken(),
    describe: () => describeWorkspace(state.workspace, state.ctx, state),
    async openWorkspace(path) {
      const next = await resolveWorkspace(path, state.ctx);
      if (!next.workspace) return { issues: next.issues };
      const index = new CollectionIndex(next.workspace.collection);
      await index.rebuild();
      state.workspace = next.workspace;
      state.index = index;
      state.history = historyOf(next.workspace);
      follow(next.workspace, index, state.history);
      const view = await state.describe();
      events.broadcast("workspace", view);
      return { view, issues: [] };
    },
  };
  await state.index.rebuild();

  const wildcard = isWildcard(options.host);
  const extraHosts = wildcard ? machineNames() : [];
  const handler = createHandler(state, assets, {
    hostAllowed: allowedHosts(options.host, extraHosts),
    onError: options.onError,
  });
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve(
      { hostname: options.host, port: options.port, onListen: () => {} },
      handler,
    );
  } catch (error) {
    const busy = error instanceof Deno.errors.AddrInUse;
    return {
      issues: [issue(
        "ENGINE_ERROR",
        busy
          ? `Port ${options.port} is already in use`
          : `Cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`,
        {
          fix: busy
            ? `Stop what listens on port ${options.port}, or pick another with --port`
            : "Check --host and --port",
        },
      )],
    };
  }
  follow(state.workspace, state.index, state.history);
  const port = server.addr.port;
  const shownHost = wildcard
    ? "127.0.0.1"
    : options.host.includes(":")
    ? `[${options.host}]`
    : options.host;
  return {
    issues: [],
    server: {
      url: `http://${shownHost}:${port}/`,
      port,
      state,
      finished: server.finished,
      builtUi: built === true,
      async close() {
        watcher?.close();
        historyWatcher?.close();
        events.close();
        await server.shutdown();
      },
    },
  };
}
