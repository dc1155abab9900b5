/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The ad-hoc request builder: method, URL (`{{baseUrl}}/...` and other
 * variables resolve in the chosen environment), then tabs for the query
 * parameters (in step with the URL), auth (bearer, basic, API key), headers
 * and the body (JSON, form, text). "Copy as cURL" copies the request as a
 * dry run resolves it (secrets masked); "Send & save" writes a spec from the
 * live exchange, like `apispec request --save`.
 */
import { useCallback, useState } from "preact/hooks";
import { api, ApiFailure } from "../api.ts";
import { hrefFor, linkClick } from "../router.ts";
import type { AdHocResponse } from "../types.ts";
import {
  EnvSelect,
  IssueList,
  Kbd,
  MOD,
  PageTitle,
  Tabs,
  TextField,
  toast,
  useModShortcuts,
  VarsEditor,
} from "./common.tsx";
import { RequestView, ResponseView } from "./result_view.tsx";
import {
  type Auth,
  basicValue,
  type BodyType,
  type Draft,
  effectiveRequest,
  joinQuery,
  jsonProblem,
  type Pair,
  splitQuery,
} from "../request_model.ts";
import { renderCurl } from "../../../src/engine/render/curl.ts";
import { prettyExpected } from "../../../src/engine/render/body_view.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

function suggestedPath(method: string, url: string): string {
  const path =
    url.replace(/^\{\{\s*baseUrl\s*\}\}/, "").replace(/^https?:\/\/[^/]+/, "").split("?")[0];
  const parts = path.split("/").filter(Boolean).filter((p) => !/^\{\{|^:/.test(p));
  const resource = (parts[0] ?? "scratch").replace(/[^\w-]/g, "") || "scratch";
  const slug = parts.join("-").replace(/[^\w-]+/g, "-").toLowerCase() || "root";
  return `apis/${resource}/${method.toLowerCase()}-${slug}.md`;
}

type Tab = "params" | "auth" | "headers" | "body";
const TAB_LABELS: Record<Tab, string> = {
  params: "Params",
  auth: "Auth",
  headers: "Headers",
  body: "Body",
};

/** Name/value rows with a remove button each and an add button. */
function PairsEditor(
  { pairs, onChange, noun, testid }: {
    pairs: Pair[];
    onChange: (pairs: Pair[]) => void;
    noun: string;
    testid: string;
  },
) {
  const set = (i: number, at: 0 | 1, value: string) =>
    onChange(pairs.map((p, j) => (j === i ? (at === 0 ? [value, p[1]] : [p[0], value]) : p)));
  return (
    <div class="pairs" data-testid={testid}>
      {pairs.map(([name, value], i) => (
        <div class="pair" key={i}>
          <input
            aria-label={`${noun} name`}
            value={name}
            placeholder="Name"
            spellcheck={false}
            onInput={(e) => set(i, 0, (e.target as HTMLInputElement).value)}
          />
          <input
            aria-label={`${noun} value`}
            value={value}
            placeholder="Value"
            spellcheck={false}
            onInput={(e) => set(i, 1, (e.target as HTMLInputElement).value)}
          />
          <button
            type="button"
            class="icon"
            aria-label={`Remove ${noun.toLowerCase()} ${name}`}
            onClick={() => onChange(pairs.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" class="ghost" onClick={() => onChange([...pairs, ["", ""]])}>
        + {noun}
      </button>
    </div>
  );
}

function AuthEditor({ auth, onChange }: { auth: Auth; onChange: (auth: Auth) => void }) {
  const input = (label: string, value: string, patch: (v: string) => Auth, placeholder = "") => (
    <TextField
      label={label}
      value={value}
      placeholder={placeholder}
      onInput={(v) => onChange(patch(v))}
    />
  );
  return (
    <div class="auth-editor" data-testid="auth-editor">
      <label class="field inline">
        <span>Type</span>
        <select
          value={auth.type}
          aria-label="Auth type"
          data-testid="auth-type"
          onChange={(e) => {
            const type = (e.target as HTMLSelectElement).value as Auth["type"];
            onChange(
              type === "bearer"
                ? { type, token: "{{authToken}}" }
                : type === "basic"
                ? { type, username: "", password: "" }
                : type === "apikey"
                ? { type, name: "X-Api-Key", value: "{{apiKey}}", in: "header" }
                : { type: "none" },
            );
          }}
        >
          <option value="none">No auth</option>
          <option value="bearer">Bearer token</option>
          <option value="basic">Basic</option>
          <option value="apikey">API key</option>
        </select>
      </label>
      {auth.type === "bearer" &&
        input("Token", auth.token, (token) => ({ ...auth, token }), "{{authToken}}")}
      {auth.type === "basic" && (
        <>
          {input("Username", auth.username, (username) => ({ ...auth, username }))}
          {input("Password", auth.password, (password) => ({ ...auth, password }))}
          {basicValue(auth.username, auth.password) === undefined && (
            <p class="warning-box">
              Basic credentials from variables are encoded by a spec (<code>auth: basic</code> with
              {" "}
              <code>username</code> and <code>password</code>); here give them as text.
            </p>
          )}
        </>
      )}
      {auth.type === "apikey" && (
        <>
          {input("Key name", auth.name, (name) => ({ ...auth, name }))}
          {input("Key value", auth.value, (value) => ({ ...auth, value }), "{{apiKey}}")}
          <label class="field inline">
            <span>Send in</span>
            <select
              value={auth.in}
              aria-label="Send the key in"
              onChange={(e) =>
                onChange({
                  ...auth,
                  in: (e.target as HTMLSelectElement).value as "header" | "query",
                })}
            >
              <option value="header">a header</option>
              <option value="query">the query</option>
            </select>
          </label>
        </>
      )}
      <p class="muted">
        Use <code>{"{{variables}}"}</code> for secrets: they resolve from the environment,{" "}
        <code>.env.local</code> or <code>APISPEC_*</code>, and a saved spec keeps the variable.
      </p>
    </div>
  );
}

function BodyEditor(
  { draft, onChange }: { draft: Draft; onChange: (patch: Partial<Draft>) => void },
) {
  if (draft.method === "GET" || draft.method === "HEAD") {
    return <p class="muted">A {draft.method} request carries no body.</p>;
  }
  const problem = draft.bodyType === "json" ? jsonProblem(draft.body) : undefined;
  return (
    <div class="body-editor">
      <div class="segmented" role="radiogroup" aria-label="Body type">
        {(["none", "json", "form", "text"] as BodyType[]).map((type) => (
          <button
            key={type}
            type="button"
            role="radio"
            aria-checked={draft.bodyType === type}
            onClick={() => onChange({ bodyType: type })}
            data-testid={`body-${type}`}
          >
            {type === "none"
              ? "None"
              : type === "json"
              ? "JSON"
              : type === "form"
              ? "Form"
              : "Text"}
          </button>
        ))}
      </div>
      {(draft.bodyType === "json" || draft.bodyType === "text") && (
        <>
          <textarea
            rows={8}
            value={draft.body}
            spellcheck={false}
            aria-label="Body"
            data-testid="request-body"
            onInput={(e) => onChange({ body: (e.target as HTMLTextAreaElement).value })}
          />
          {draft.bodyType === "json" && (
            <div class="toolbar">
              <button
                type="button"
                class="ghost"
                disabled={!!problem || !draft.body.trim()}
                onClick={() => onChange({ body: prettyExpected(draft.body) })}
              >
                Format
              </button>
              {problem && <span class="fail-text" role="status">Not JSON: {problem}</span>}
            </div>
          )}
        </>
      )}
      {draft.bodyType === "form" && (
        <PairsEditor
          pairs={draft.form}
          onChange={(form) => onChange({ form })}
          noun="Field"
          testid="form-fields"
        />
      )}
    </div>
  );
}

export function RequestPage(
  { env, environments, onEnv }: {
    env: string;
    environments: string[];
    onEnv: (env: string) => void;
  },
) {
  const [draft, setDraft] = useState<Draft>({
    method: "GET",
    url: "{{baseUrl}}/",
    headers: [["Accept", "application/json"]],
    auth: { type: "none" },
    bodyType: "json",
    body: "",
    form: [],
  });
  const [tab, setTab] = useState<Tab>("params");
  const [vars, setVars] = useState<Record<string, string>>({});
  const [savePath, setSavePath] = useState("");
  const [result, setResult] = useState<AdHocResponse>();
  const [busy, setBusy] = useState(false);
  const [curl, setCurl] = useState<string>();
  const patch = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
  const { base } = splitQuery(draft.url);
  // The table keeps rows still being filled in (no name yet), which the URL cannot hold.
  const [params, setParams] = useState<Pair[]>(() => splitQuery(draft.url).params);
  const sent = effectiveRequest(draft);

  const send = useCallback(async (save?: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const next = await api.request({ ...sent, env, vars, save });
      setResult(next);
      if (next.saved) toast(`Saved ${next.saved}`, "ok");
      else if (save) {
        toast(next.issues.find((i) => i.severity === "error")?.message ?? "Not saved", "error");
      }
    } catch (e) {
      toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
    } finally {
      setBusy(false);
    }
  }, [sent, env, vars, busy]);

  /** The request resolved by a dry run (secrets masked) as a cURL command, copied. */
  const copyCurl = async () => {
    try {
      const resolved = await api.request({ ...sent, env, vars, dry_run: true });
      if (!resolved.request) {
        toast(
          resolved.issues.find((i) => i.severity === "error")?.message ?? "Not resolved",
          "error",
        );
        return;
      }
      const command = renderCurl(resolved.request);
      setCurl(command);
      await navigator.clipboard?.writeText(command).then(
        () => toast("Copied as cURL (secrets masked)", "ok"),
        () => toast("Select the command below to copy it", "info"),
      );
    } catch (e) {
      toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
    }
  };

  useModShortcuts({ Enter: () => send() }, [send]);

  const target = savePath || suggestedPath(draft.method, draft.url);
  const counts: Record<Tab, number> = {
    params: params.length,
    auth: draft.auth.type === "none" ? 0 : 1,
    headers: draft.headers.length,
    body: draft.bodyType !== "none" && (draft.body || draft.form.length) ? 1 : 0,
  };
  return (
    <div class="page request-page">
      <header class="page-head">
        <PageTitle>New request</PageTitle>
        <div class="subtitle muted">
          Send an ad-hoc request; save it as an endpoint spec when it looks right.
        </div>
      </header>
      <form
        class="request-line"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <select
          aria-label="Method"
          value={draft.method}
          onChange={(e) => patch({ method: (e.target as HTMLSelectElement).value })}
        >
          {METHODS.map((m) => <option key={m}>{m}</option>)}
        </select>
        <input
          class="url"
          aria-label="URL"
          value={draft.url}
          onInput={(e) => {
            const url = (e.target as HTMLInputElement).value;
            patch({ url });
            setParams(splitQuery(url).params);
          }}
          spellcheck={false}
          data-testid="request-url"
        />
        <button type="submit" class="primary" disabled={busy} data-testid="request-send">
          {busy ? "Sending…" : "Send"} <Kbd>{MOD}+Enter</Kbd>
        </button>
      </form>
      <div class="toolbar">
        <EnvSelect env={env} environments={environments} onChange={onEnv} id="request-env" />
        <button type="button" class="ghost" onClick={copyCurl} data-testid="copy-curl">
          Copy as cURL
        </button>
      </div>
      <Tabs
        label="Request parts"
        selected={tab}
        onSelect={setTab}
        tabs={(Object.keys(TAB_LABELS) as Tab[]).map((id) => ({
          id,
          label: (
            <>
              {TAB_LABELS[id]}
              {counts[id] > 0 && <span class="count-badge">{counts[id]}</span>}
            </>
          ),
          testid: `request-tab-${id}`,
        }))}
      />
      <div class="request-part" role="tabpanel">
        {tab === "params" && (
          <PairsEditor
            pairs={params}
            onChange={(next) => {
              setParams(next);
              patch({ url: joinQuery(base, next) });
            }}
            noun="Parameter"
            testid="query-params"
          />
        )}
        {tab === "auth" && <AuthEditor auth={draft.auth} onChange={(auth) => patch({ auth })} />}
        {tab === "headers" && (
          <PairsEditor
            pairs={draft.headers}
            onChange={(headers) => patch({ headers })}
            noun="Header"
            testid="request-headers"
          />
        )}
        {tab === "body" && <BodyEditor draft={draft} onChange={patch} />}
      </div>
      {curl && (
        <pre class="code" tabIndex={0} aria-label="cURL command" data-testid="curl-command">
          {curl}
        </pre>
      )}
      <details class="overrides">
        <summary>Variables</summary>
        <VarsEditor report={[]} values={vars} onChange={setVars} />
      </details>
      <div class="save-row">
        <label class="field inline">
          <span>Save as</span>
          <input
            value={savePath}
            placeholder={target}
            aria-label="Save as spec path"
            onInput={(e) => setSavePath((e.target as HTMLInputElement).value)}
            data-testid="save-path"
          />
        </label>
        <button type="button" onClick={() => send(target)} disabled={busy} data-testid="send-save">
          Send &amp; save as spec
        </button>
        {result?.saved && (
          <a
            href={hrefFor({ name: "spec", file: result.saved })}
            onClick={(e) => linkClick(e, hrefFor({ name: "spec", file: result.saved! }))}
          >
            Open {result.saved}
          </a>
        )}
      </div>
      {result && (
        <div class="result" data-testid="request-result">
          <IssueList issues={result.issues} />
          {result.failure && <p class="error-box">{result.failure.message}</p>}
          {result.response && (
            <>
              <div class={`verdict ${result.response.status < 400 ? "pass" : "fail"}`}>
                <span class="verdict-status">
                  {result.response.status} {result.response.reason}
                </span>
                <span class="muted">{result.duration_ms} ms</span>
              </div>
              <ResponseView response={result.response} />
            </>
          )}
          {result.request && (
            <details>
              <summary>Request as sent</summary>
              <RequestView request={result.request} />
            </details>
          )}
        </div>
      )}
    </div>
  );
}
