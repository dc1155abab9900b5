/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The ad-hoc request builder: method, URL (`{{baseUrl}}/...` and other
 * variables resolve in the chosen environment), headers and body. "Send &
 * save" writes a spec from the live exchange, like `apispec request --save`.
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
  toast,
  useModShortcuts,
  VarsEditor,
} from "./common.tsx";
import { RequestView, ResponseView } from "./result_view.tsx";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

function suggestedPath(method: string, url: string): string {
  const path =
    url.replace(/^\{\{\s*baseUrl\s*\}\}/, "").replace(/^https?:\/\/[^/]+/, "").split("?")[0];
  const parts = path.split("/").filter(Boolean).filter((p) => !/^\{\{|^:/.test(p));
  const resource = (parts[0] ?? "scratch").replace(/[^\w-]/g, "") || "scratch";
  const slug = parts.join("-").replace(/[^\w-]+/g, "-").toLowerCase() || "root";
  return `apis/${resource}/${method.toLowerCase()}-${slug}.md`;
}

export function RequestPage(
  { env, environments, onEnv }: {
    env: string;
    environments: string[];
    onEnv: (env: string) => void;
  },
) {
  const [method, setMethod] = useState("GET");
  const [url, setUrl] = useState("{{baseUrl}}/");
  const [headers, setHeaders] = useState<[string, string][]>([["Accept", "application/json"]]);
  const [body, setBody] = useState("");
  const [vars, setVars] = useState<Record<string, string>>({});
  const [savePath, setSavePath] = useState("");
  const [result, setResult] = useState<AdHocResponse>();
  const [busy, setBusy] = useState(false);

  const send = useCallback(async (save?: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const next = await api.request({
        method,
        url,
        headers: headers.filter(([n]) => n.trim()),
        body: body || undefined,
        env,
        vars,
        save,
      });
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
  }, [method, url, headers, body, env, vars, busy]);

  useModShortcuts({ Enter: () => send() }, [send]);

  const target = savePath || suggestedPath(method, url);
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
          value={method}
          onChange={(e) => setMethod((e.target as HTMLSelectElement).value)}
        >
          {METHODS.map((m) => <option key={m}>{m}</option>)}
        </select>
        <input
          class="url"
          aria-label="URL"
          value={url}
          onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
          spellcheck={false}
          data-testid="request-url"
        />
        <button type="submit" class="primary" disabled={busy} data-testid="request-send">
          {busy ? "Sending…" : "Send"} <Kbd>{MOD}+Enter</Kbd>
        </button>
      </form>
      <div class="toolbar">
        <EnvSelect env={env} environments={environments} onChange={onEnv} id="request-env" />
      </div>
      <fieldset class="headers-editor">
        <legend>Headers</legend>
        {headers.map(([name, value], i) => (
          <div class="pair" key={i}>
            <input
              aria-label="Header name"
              value={name}
              placeholder="Name"
              onInput={(e) =>
                setHeaders(
                  headers.map((
                    h,
                    j,
                  ) => (j === i ? [(e.target as HTMLInputElement).value, h[1]] : h)),
                )}
            />
            <input
              aria-label="Header value"
              value={value}
              placeholder="Value"
              onInput={(e) =>
                setHeaders(
                  headers.map((
                    h,
                    j,
                  ) => (j === i ? [h[0], (e.target as HTMLInputElement).value] : h)),
                )}
            />
            <button
              type="button"
              class="icon"
              aria-label="Remove header"
              onClick={() => setHeaders(headers.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </div>
        ))}
        <button type="button" class="ghost" onClick={() => setHeaders([...headers, ["", ""]])}>
          + Header
        </button>
      </fieldset>
      {method !== "GET" && method !== "HEAD" && (
        <label class="field">
          <span>Body</span>
          <textarea
            rows={6}
            value={body}
            spellcheck={false}
            onInput={(e) => setBody((e.target as HTMLTextAreaElement).value)}
            aria-label="Body"
          />
        </label>
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
