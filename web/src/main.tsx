/** @jsxImportSource preact */
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The preview UI: the shell (top bar, sidebar, page; the sidebar becomes a
 * drawer below 860 px), the shared state (workspace, index, flows,
 * environment, last runs) and live reload.
 */
import "./app.css";
import "./layout.css";
import "./views.css";
import { render } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { api } from "./api.ts";
import { subscribe } from "./live.ts";
import { hrefFor, linkClick, useRoute } from "./router.ts";
import { applyTheme, effectiveTheme, storedTheme, type ThemeChoice } from "./theme.ts";
import type { BrokenEntry, EndpointEntry, FlowEntry, WorkspaceView } from "./types.ts";
import { Kbd, MOD, PagePlaceholder, PageTitle, Toasts } from "./components/common.tsx";
import { Sidebar } from "./components/sidebar.tsx";
import { EnvSwitcher } from "./components/env_switcher.tsx";
import { SidebarResize, storedSidebarWidth } from "./components/sidebar_resize.tsx";
import { fileAction, FileDialog, openFileAction } from "./components/file_dialogs.tsx";
import { SpecPage } from "./components/spec_page.tsx";
import { FlowPage } from "./components/flow_page.tsx";
import { RequestPage } from "./components/request_page.tsx";
import { RunAllPage } from "./components/run_all_page.tsx";
import { EnvPage } from "./components/env_page.tsx";
import { CoveragePage } from "./components/coverage_page.tsx";
import { ProxyPage } from "./components/proxy_page.tsx";
import { followLatestRuns, latestRuns } from "./results.ts";
import { useStore } from "./store.ts";

applyTheme(storedTheme());

function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme());
  const next = effectiveTheme(choice) === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      class="icon theme-toggle"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      onClick={() => {
        applyTheme(next);
        setChoice(next);
      }}
    >
      {next === "dark" ? "☾" : "☀"}
    </button>
  );
}

/** A collection with no endpoint and no flow: how to start one. */
function EmptyCollection({ workspace }: { workspace?: WorkspaceView }) {
  return (
    <div class="empty-state" data-testid="empty-collection">
      <h2>This collection has no endpoints yet</h2>
      <p>
        Endpoint files are markdown files under{" "}
        <code>{workspace?.collection ?? "api-docs/"}</code>. Start one of these ways:
      </p>
      <ul>
        <li>
          <a href="/request" class="inline" onClick={(e) => linkClick(e, "/request")}>
            New request
          </a>: send a request, then <em>Send &amp; save as spec</em>.
        </li>
        <li>
          Import what you have: <code>apispec import openapi.yaml</code>{" "}
          (also Postman, Insomnia, Bruno, <code>.http</code> and cURL).
        </li>
        <li>
          Record traffic: <code>apispec proxy</code> in front of your API, then save its routes.
        </li>
      </ul>
    </div>
  );
}

/**
 * The overview. Until the index has arrived (`loaded` false) it says so
 * instead of showing counts; its title stays the same element throughout,
 * so focus placed on it survives the index arriving.
 */
function Home(
  { workspace, endpoints, flows, broken, loaded }: {
    workspace?: WorkspaceView;
    endpoints: EndpointEntry[];
    flows: FlowEntry[];
    broken: BrokenEntry[];
    loaded: boolean;
  },
) {
  const resources = new Set(endpoints.map((e) => e.resource)).size;
  const latest = useStore(latestRuns);
  let passed = 0;
  let failed = 0;
  for (const e of endpoints) {
    const run = latest.get(e.file);
    if (run?.passed) passed++;
    else if (run) failed++;
  }
  const title = (
    <>
      <PageTitle>{workspace?.name ?? "apispec"}</PageTitle>
      <p class="muted collection-path">{workspace?.collection}</p>
    </>
  );
  if (!loaded) {
    return (
      <div class="page home" aria-busy="true">
        {title}
        <p class="loading" role="status" data-testid="index-loading">Loading the collection…</p>
      </div>
    );
  }
  return (
    <div class="page home">
      {title}
      <div class="stats">
        <div>
          <strong data-testid="endpoint-count">{endpoints.length}</strong> endpoints
        </div>
        <div>
          <strong>{resources}</strong> resources
        </div>
        <div>
          <strong>{flows.length}</strong> flows
        </div>
      </div>
      {endpoints.length === 0 && flows.length === 0 && broken.length === 0
        ? <EmptyCollection workspace={workspace} />
        : (
          <>
            <p data-testid="last-results">
              Last runs: <span class="pass-text">{passed} passed</span>,{" "}
              <span class="fail-text">{failed} failed</span>, {endpoints.length - passed - failed}
              {" "}
              never run. <a href="/run" onClick={(e) => linkClick(e, "/run")}>Run all</a>
            </p>
            <p>
              Pick an endpoint on the left to read it, send it and compare the response with the
              documented one.
            </p>
          </>
        )}
      <h2>Keyboard</h2>
      <ul class="shortcuts">
        <li>
          <Kbd>/</Kbd> or <Kbd>{MOD}+K</Kbd> search endpoints; <Kbd>↑</Kbd> <Kbd>↓</Kbd>{" "}
          <Kbd>Enter</Kbd> to open
        </li>
        <li>
          <Kbd>{MOD}+Enter</Kbd> send the open endpoint, run the open flow
        </li>
        <li>
          <Kbd>{MOD}+E</Kbd> switch between view and edit; <Kbd>{MOD}+S</Kbd> save
        </li>
        <li>
          <Kbd>Tab</Kbd> into the endpoint list, then <Kbd>↑</Kbd> <Kbd>↓</Kbd> <Kbd>Home</Kbd>{" "}
          <Kbd>End</Kbd> to move and <Kbd>→</Kbd> <Kbd>←</Kbd> to open or close a resource
        </li>
      </ul>
      <p>
        Search words match method, path, title and tags; narrow with <code>method:post</code>,{" "}
        <code>tag:users</code>, <code>resource:orders</code>.
      </p>
    </div>
  );
}

const ENV_KEY = "apispec.env";

function App() {
  const route = useRoute();
  const [workspace, setWorkspace] = useState<WorkspaceView>();
  const [endpoints, setEndpoints] = useState<EndpointEntry[]>([]);
  const [broken, setBroken] = useState<BrokenEntry[]>([]);
  const [flows, setFlows] = useState<FlowEntry[]>([]);
  /** False until the index first arrives: until then nothing may read as an empty collection. */
  const [indexLoaded, setIndexLoaded] = useState(false);
  const [env, setEnv] = useState<string>("");
  const [connected, setConnected] = useState(true);
  const [loadError, setLoadError] = useState<string>();
  /** The sidebar as a drawer on narrow screens. */
  const [navOpen, setNavOpen] = useState(false);
  const [sidebarWidth, setSidebarWidth] = useState(storedSidebarWidth);

  const loadIndex = useCallback(async () => {
    const [index, flowIndex] = await Promise.all([api.index(), api.flows()]);
    setEndpoints(index.endpoints);
    setBroken(index.broken);
    setFlows(flowIndex.flows);
    setIndexLoaded(true);
  }, []);

  const loadAll = useCallback(async () => {
    try {
      // Side by side: the index does not wait for the workspace's name.
      const index = loadIndex();
      const ws = await api.workspace();
      setWorkspace(ws);
      const stored = localStorage.getItem(`${ENV_KEY}:${ws.collection}`);
      setEnv(stored && ws.environments.includes(stored) ? stored : ws.env);
      await index;
      setLoadError(undefined);
    } catch (e) {
      setLoadError((e as Error).message);
    }
  }, []);

  // A link followed in the drawer closes it.
  useEffect(() => setNavOpen(false), [route]);

  useEffect(() => {
    let wasDisconnected = false;
    loadAll();
    followLatestRuns();
    return subscribe((event) => {
      if (event.type === "change") loadIndex().catch(() => {});
      else if (event.type === "workspace") loadAll();
      else if (event.type === "status") {
        setConnected(event.connected);
        // Back after a disconnect (server restarted): files may have changed meanwhile. The
        // first `hello` is no reconnection: loadAll is fetching the index already.
        if (event.connected && wasDisconnected) loadIndex().catch(() => {});
        wasDisconnected = !event.connected;
      }
    });
  }, []);

  const chooseEnv = (next: string) => {
    setEnv(next);
    if (workspace) localStorage.setItem(`${ENV_KEY}:${workspace.collection}`, next);
  };
  const openAction = useStore(fileAction);
  const environments = workspace?.environments ?? [];
  const shared = { env, environments, onEnv: chooseEnv };

  return (
    <div
      class={`app${navOpen ? " nav-open" : ""}`}
      style={sidebarWidth ? { "--sidebar-width": `${sidebarWidth}px` } : undefined}
    >
      <a
        href="#main"
        class="skip-link"
        data-testid="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById("main")?.focus();
        }}
      >
        Skip to main content
      </a>
      <header class="topbar">
        <button
          type="button"
          class="icon menu-toggle"
          aria-label={navOpen ? "Close the menu" : "Open the menu"}
          aria-expanded={navOpen}
          aria-controls="sidebar"
          onClick={() => setNavOpen(!navOpen)}
          data-testid="menu-toggle"
        >
          {navOpen ? "✕" : "☰"}
        </button>
        <a href="/" class="brand" onClick={(e) => linkClick(e, "/")}>
          <span class="logo" aria-hidden="true">≡</span> apispec
        </a>
        <span class="workspace-name" title={workspace?.collection}>{workspace?.name}</span>
        {workspace?.mock && (
          <span class="badge" title="Send returns the expected response; nothing is sent">
            mock
          </span>
        )}
        <span
          class={`live ${connected ? "on" : "off"}`}
          title={connected ? "Live reload is on" : "Disconnected from the preview server"}
        >
          {connected ? "● live" : "○ offline"}
        </span>
        <span class="spacer" />
        {workspace && <EnvSwitcher {...shared} />}
        <a
          href={hrefFor({ name: "request" })}
          class="button"
          onClick={(e) => linkClick(e, "/request")}
          data-testid="new-request"
          title="New request"
        >
          <span aria-hidden="true">+</span>
          <span class="label">New request</span>
        </a>
        <ThemeToggle />
      </header>
      <Sidebar
        endpoints={endpoints}
        flows={flows}
        broken={broken}
        route={route}
        loading={!indexLoaded}
      />
      <SidebarResize width={sidebarWidth} onWidth={setSidebarWidth} />
      <div class="backdrop" aria-hidden="true" onClick={() => setNavOpen(false)} />
      <main class="main" id="main" tabIndex={-1}>
        {loadError && <p class="error-box">{loadError}</p>}
        {route.name === "home" && !(loadError && !indexLoaded) && (
          <Home
            workspace={workspace}
            endpoints={endpoints}
            flows={flows}
            broken={broken}
            loaded={indexLoaded}
          />
        )}
        {route.name === "spec" && env && (
          <SpecPage
            file={route.file}
            view={route.view}
            mock={workspace?.mock ?? false}
            {...shared}
          />
        )}
        {route.name === "flow" && env && (
          <FlowPage file={route.file} endpoints={endpoints} {...shared} />
        )}
        {route.name === "request" && env && <RequestPage {...shared} />}
        {route.name === "run" && env && (indexLoaded
          ? <RunAllPage endpoints={endpoints} flows={flows} {...shared} />
          : <PagePlaceholder />)}
        {route.name === "environments" && <EnvPage />}
        {route.name === "coverage" && <CoveragePage openapi={route.openapi} />}
        {route.name === "proxy" && <ProxyPage />}
      </main>
      <FileDialog
        action={openAction}
        endpoints={endpoints}
        flows={flows}
        current={route.name === "spec" || route.name === "flow" ? route.file : undefined}
        onClose={() => fileAction.set(undefined)}
        onOpen={openFileAction}
      />
      <Toasts />
    </div>
  );
}

render(<App />, document.getElementById("app")!);
