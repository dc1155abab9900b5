/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Proxy (`/proxy`): the exchanges of the `apispec proxy` running for this
 * workspace (it announces itself in `.apispec/proxy.json`), violations
 * first, polled every few seconds while the view is open. A row opens its
 * diff. Without a proxy, how to start one.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { age } from "../../../src/engine/render/coverage.ts";
import { api, ApiFailure } from "../api.ts";
import { hrefFor, linkClick, navigate } from "../router.ts";
import type { ExchangeDetail, ProxyReportEntry, ProxyView, ResolvedRequest } from "../types.ts";
import { MethodBadge, PagePlaceholder, PageTitle, Tabs, toast } from "./common.tsx";
import { RequestView, ResponseView } from "./result_view.tsx";
import "./coverage.css";

const POLL_MS = 2000;

type Tab = "all" | "violations" | "undocumented";
const TAB_LABELS: Record<Tab, string> = {
  all: "All",
  violations: "Violations",
  undocumented: "Undocumented",
};

function outcome(e: ProxyReportEntry): "fail" | "pass" | "new" {
  return e.passed === false ? "fail" : e.passed ? "pass" : "new";
}

const inTab = (tab: Tab, e: ProxyReportEntry) =>
  tab === "all" || (tab === "violations" ? e.passed === false : e.spec === null);

function useProxy(): { view?: ProxyView; error?: string } {
  const [state, setState] = useState<{ view?: ProxyView; error?: string }>({});
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      // A hidden tab asks nothing; it catches up when shown again.
      if (!document.hidden) {
        try {
          const view = await api.proxyExchanges();
          if (!stopped) setState({ view });
        } catch (e) {
          if (!stopped) setState((s) => ({ ...s, error: (e as Error).message }));
        }
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return state;
}

function Diff({ entry }: { entry: ProxyReportEntry }) {
  const diff = entry.diff;
  if (!diff) {
    return (
      <p class="muted proxy-diff">
        {entry.spec === null
          ? "No endpoint file documents this route: nothing was compared."
          : entry.error_type === "NETWORK_ERROR"
          ? "The target did not answer."
          : "Nothing was compared."}
      </p>
    );
  }
  const lines = [
    ...(diff.status ? [`status: ${diff.status}`] : []),
    ...diff.headers.map((h) => `header ${h}`),
    ...(diff.body ? diff.body.split("\n") : []),
  ];
  return (
    <pre class="code proxy-diff" data-testid="proxy-diff" tabIndex={0} aria-label="Differences">
      {diff.passed ? "The response matches the endpoint file." : lines.join("\n")}
    </pre>
  );
}

type Entry = ProxyReportEntry & { id?: number };
type DetailTab = "diff" | "request" | "response";

/**
 * An open exchange: its diff, and the request and response as the proxy
 * saw them (masked); an undocumented one can be saved as an endpoint file.
 */
function ExchangeDetailView({ entry, canSave }: { entry: Entry; canSave: boolean }) {
  const [tab, setTab] = useState<DetailTab>("diff");
  const [detail, setDetail] = useState<ExchangeDetail>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (entry.id === undefined) return;
    api.proxyExchange(entry.id).then(setDetail).catch((e) => setError((e as Error).message));
  }, [entry.id]);
  const save = async () => {
    setSaving(true);
    try {
      const saved = await api.saveProxyExchange(entry.id!);
      toast(`Saved ${saved.file}`, "ok");
      navigate(hrefFor({ name: "spec", file: saved.file, view: "edit" }));
    } catch (e) {
      toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
      setSaving(false);
    }
  };
  const request = detail?.request;
  return (
    <div class="exchange-detail" data-testid="exchange-detail">
      <Tabs
        label="Exchange"
        selected={tab}
        onSelect={setTab}
        tabs={(["diff", "request", "response"] as DetailTab[]).map((id) => ({
          id,
          label: id === "diff" ? "Diff" : id === "request" ? "Request" : "Response",
          testid: `exchange-tab-${id}`,
        }))}
      />
      <div role="tabpanel">
        {tab === "diff" && <Diff entry={entry} />}
        {tab !== "diff" && error && <p class="muted">{error}</p>}
        {tab !== "diff" && !error && !detail && <p class="muted">Loading…</p>}
        {tab === "request" && request && (
          <RequestView
            request={{
              method: request.method,
              url: request.path + (request.query ? `?${request.query}` : ""),
              headers: request.headers,
              ...(request.body ? { body: request.body } : {}),
            } as ResolvedRequest}
          />
        )}
        {tab === "response" && detail && (detail.response
          ? <ResponseView response={detail.response} />
          : <p class="muted">The target did not answer.</p>)}
        {detail?.truncated && <p class="muted">Bodies are cut at 64 KB here.</p>}
      </div>
      {canSave && entry.spec === null && entry.id !== undefined && (
        <div class="toolbar">
          <button
            type="button"
            class="primary"
            onClick={save}
            disabled={saving}
            data-testid="save-exchange"
          >
            Save as spec
          </button>
          <span class="muted">
            A draft endpoint file from this exchange (credentials as variables), opened in the
            editor.
          </span>
        </div>
      )}
    </div>
  );
}

function Exchange(
  { entry, open, onToggle, linkSpecs, now }: {
    entry: Entry;
    open: boolean;
    onToggle: () => void;
    linkSpecs: boolean;
    now: number;
  },
) {
  const result = outcome(entry);
  const href = entry.spec ? hrefFor({ name: "spec", file: entry.spec }) : "";
  return (
    <li class={`proxy-exchange ${result}`} data-testid="proxy-exchange" data-result={result}>
      <button type="button" class="exchange-head" aria-expanded={open} onClick={onToggle}>
        <span class="chevron" aria-hidden="true">{open ? "▾" : "▸"}</span>
        <span class="verdict-mark">{result === "fail" ? "FAIL" : result}</span>
        <MethodBadge method={entry.method} />
        <code class="path">{entry.path}</code>
        <span class="exchange-status">{entry.status}</span>
        {entry.error_type && <span class="error-type">{entry.error_type}</span>}
        <span class="muted exchange-age">{age(entry.timestamp, now)}</span>
      </button>
      <div class="exchange-spec">
        {entry.spec === null
          ? <span class="muted">no endpoint file</span>
          : linkSpecs
          ? <a href={href} onClick={(e) => linkClick(e, href)}>{entry.spec}</a>
          : <span>{entry.spec}</span>}
      </div>
      {open && <ExchangeDetailView entry={entry} canSave={linkSpecs} />}
    </li>
  );
}

function NotRunning({ view }: { view: Extract<ProxyView, { running: false }> }) {
  return (
    <div class="proxy-none" data-testid="proxy-none" data-reason={view.reason}>
      <p class={view.reason === "none" ? "" : "warning-box"}>{view.message}.</p>
      <p>
        Start one in this project and its exchanges appear here, violations first:
      </p>
      <pre class="code" tabIndex={0}>apispec proxy --target=http://127.0.0.1:8080</pre>
      <p class="muted">
        Point a client (an app, a test suite) at the proxy's address; each exchange is compared with
        the endpoint file that documents it.
      </p>
    </div>
  );
}

export function ProxyPage() {
  const { view, error } = useProxy();
  const [tab, setTab] = useState<Tab>("all");
  const [open, setOpen] = useState<Set<string>>(new Set());
  const exchanges = view?.running ? view.exchanges : [];
  const counts = useMemo(() => ({
    all: exchanges.length,
    violations: exchanges.filter((e) => inTab("violations", e)).length,
    undocumented: exchanges.filter((e) => inTab("undocumented", e)).length,
  }), [exchanges]);
  if (!view) return <PagePlaceholder error={error} />;
  const keyOf = (e: ProxyReportEntry) => `${e.timestamp} ${e.method} ${e.path}`;
  const toggle = (key: string) => {
    const next = new Set(open);
    if (!next.delete(key)) next.add(key);
    setOpen(next);
  };
  const now = Date.now();
  return (
    <div class="page proxy-page" data-testid="proxy-page">
      <header class="page-head">
        <PageTitle>Proxy</PageTitle>
        <p class="muted">
          Exchanges through{" "}
          <code>apispec proxy</code>, compared with the endpoint files as they happen (the latest
          200, credentials masked).
        </p>
      </header>
      {!view.running ? <NotRunning view={view} /> : (
        <>
          <p class="proxy-where" data-testid="proxy-where">
            <code>{view.proxy.url}</code> → <code>{view.proxy.target}</code>
            {view.proxy.report && <span class="muted">· report {view.proxy.report}</span>}
          </p>
          <dl class="coverage-counts proxy-counts" data-testid="proxy-counts">
            <div>
              <dt>Exchanges</dt>
              <dd>{view.counts.exchanges}</dd>
            </div>
            <div>
              <dt>Matched</dt>
              <dd>{view.counts.matched}</dd>
            </div>
            <div class={view.counts.violations ? "fail-text" : "pass-text"}>
              <dt>Violations</dt>
              <dd data-testid="proxy-violations">{view.counts.violations}</dd>
            </div>
            <div>
              <dt>Recorded</dt>
              <dd>{view.counts.recorded}</dd>
            </div>
          </dl>
          <div class="toolbar">
            <Tabs
              label="Which exchanges"
              selected={tab}
              onSelect={setTab}
              tabs={(Object.keys(TAB_LABELS) as Tab[]).map((id) => ({
                id,
                label: `${TAB_LABELS[id]} ${counts[id]}`,
                testid: `proxy-tab-${id}`,
              }))}
            />
          </div>
          {exchanges.length === 0 && (
            <p class="muted" data-testid="proxy-empty">
              No exchanges yet: send a request to {view.proxy.url}.
            </p>
          )}
          <ul class="proxy-exchanges">
            {exchanges.filter((e) => inTab(tab, e)).map((e) => (
              <Exchange
                key={keyOf(e)}
                entry={e}
                open={open.has(keyOf(e))}
                onToggle={() => toggle(keyOf(e))}
                linkSpecs={view.proxy.same_collection}
                now={now}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
