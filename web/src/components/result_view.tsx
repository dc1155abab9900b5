/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * A run's result: verdict, status, timing, hint; the record's diff and
 * assertion results; the documented body against the actual one, line by
 * line; then the response and the request as sent (masked by the server).
 */
import { useMemo, useRef, useState } from "preact/hooks";
import { pretty } from "../../../src/engine/render/line_diff.ts";
import { requestBodyText } from "../../../src/engine/render/exec.ts";
import { bodyView, type ViewRow } from "../../../src/engine/render/body_view.ts";
import { api, ApiFailure } from "../api.ts";
import type {
  ExecRecord,
  ExpectedView,
  HttpResponse,
  Issue,
  MatchMode,
  ResolvedRequest,
  UpdatePlanView,
} from "../types.ts";
import { IssueList, Prose, Tabs, toast } from "./common.tsx";
import { StreamView } from "./stream_view.tsx";

export function Verdict({ record, mock }: { record: ExecRecord; mock?: boolean }) {
  const label = record.passed ? "PASS" : "FAIL";
  return (
    <div class={`verdict ${record.passed ? "pass" : "fail"}`} data-testid="verdict">
      <span class="verdict-label">{label}</span>
      {record.status > 0 && (
        <span class="verdict-status">
          {record.status}
          {record.response ? ` ${record.response.reason}` : ""}
        </span>
      )}
      <span class="muted">{record.duration_ms} ms</span>
      {record.error_type && <span class="error-type">{record.error_type}</span>}
      {mock && <span class="badge">mock</span>}
    </div>
  );
}

function Headers({ headers }: { headers: [string, string][] }) {
  if (headers.length === 0) return <p class="muted">No headers</p>;
  return (
    <table class="headers">
      <tbody>
        {headers.map(([name, value], i) => (
          <tr key={i}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ResponseView({ response }: { response: HttpResponse }) {
  return (
    <div class="message">
      <div class="message-line">HTTP {response.status} {response.reason}</div>
      <Headers headers={response.headers} />
      <StreamView response={response} />
      {response.body
        ? (
          <pre
            class="code body"
            tabIndex={0}
            aria-label="Response body"
          >{pretty(response.body)}</pre>
        )
        : !response.binary && !response.events && !response.messages &&
          <p class="muted">Empty body</p>}
    </div>
  );
}

export function RequestView({ request }: { request: ResolvedRequest }) {
  return (
    <div class="message">
      <div class="message-line">{request.method} {request.url}</div>
      <Headers headers={request.headers} />
      {requestBodyText(request) && (
        <pre class="code body" tabIndex={0} aria-label="Request body">
          {pretty(requestBodyText(request)!)}
        </pre>
      )}
    </div>
  );
}

const LAYOUT_KEY = "apispec.diffLayout";
type Layout = "unified" | "split";

/** "fails" / "allowed" before a differing row, for screen readers (colour says it to the eye). */
function StateLabel({ row }: { row: ViewRow }) {
  if (row.state === "same") return null;
  return (
    <span class="visually-hidden">
      {row.state === "fail" ? "fails: " : `allowed (${row.reason}): `}
    </span>
  );
}

function UnifiedRows({ rows }: { rows: ViewRow[] }) {
  return (
    <pre class="code diff" aria-label="Documented body against actual body" tabIndex={0}>
      {rows.map((row, i) =>
        row.state === "same"
          ? (row.actual.length ? row.actual : row.expected).map((text, j) => (
            <div key={`${i}.${j}`} class="diff-line diff-same">{`  ${text}`}</div>
          ))
          : (
            <div
              key={i}
              class={`diff-row diff-${row.state}`}
              title={row.reason}
              data-path={row.path}
              data-state={row.state}
            >
              <StateLabel row={row} />
              {row.expected.map((text, j) => (
                <div key={`e${j}`} class="diff-line diff-del">- {text}</div>
              ))}
              {row.actual.map((text, j) => (
                <div key={`a${j}`} class="diff-line diff-add">+ {text}</div>
              ))}
            </div>
          )
      )}
    </pre>
  );
}

function SplitRows({ rows }: { rows: ViewRow[] }) {
  return (
    <div class="split-diff" tabIndex={0} role="region" aria-label="Documented and actual body">
      <table>
        <thead>
          <tr>
            <th scope="col">Documented</th>
            <th scope="col">Actual</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr
              key={i}
              class={`diff-${row.state}`}
              title={row.reason}
              data-path={row.path}
              data-state={row.state}
            >
              <td class={row.state === "same" ? "" : "side-del"}>
                <StateLabel row={row} />
                <pre>{row.expected.join("\n")}</pre>
              </td>
              <td class={row.state === "same" ? "" : "side-add"}>
                <pre>{row.actual.join("\n")}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The documented body against the actual one, as the match mode compared
 * them: failing differences in red and green, allowed ones grey, unified or
 * side by side (the choice is remembered).
 */
function BodyCompare(
  { expected, actual, match, ignore, diffBody }: {
    expected: string;
    actual: string;
    match: MatchMode;
    ignore: string[];
    diffBody: string | null;
  },
) {
  const [layout, setLayout] = useState<Layout>(
    () => (localStorage.getItem(LAYOUT_KEY) === "split" ? "split" : "unified"),
  );
  const view = useMemo(
    () => bodyView(expected, actual, { match, ignore, diffBody }),
    [expected, actual, match, ignore, diffBody],
  );
  if (!view) return <p class="muted">The bodies are too large to compare line by line.</p>;
  const choose = (next: Layout) => {
    setLayout(next);
    localStorage.setItem(LAYOUT_KEY, next);
  };
  const allowed = view.rows.some((r) => r.state === "allowed");
  return (
    <div class="body-compare" data-testid="body-compare" data-layout={layout}>
      <div class="compare-bar">
        <h3>Documented body → actual body</h3>
        <div class="segmented" role="group" aria-label="Diff layout">
          <button
            type="button"
            aria-pressed={layout === "unified"}
            onClick={() => choose("unified")}
            data-testid="layout-unified"
          >
            Unified
          </button>
          <button
            type="button"
            aria-pressed={layout === "split"}
            onClick={() => choose("split")}
            data-testid="layout-split"
          >
            Side by side
          </button>
        </div>
      </div>
      <p class="legend muted">
        <span class="swatch swatch-fail" aria-hidden="true" /> fails the run
        {allowed && (
          <>
            {" · "}
            <span class="swatch swatch-allowed" aria-hidden="true" /> differs, allowed by{" "}
            {match === "strict" ? "the ignore list" : `${match} mode`}
          </>
        )}
      </p>
      {layout === "split" ? <SplitRows rows={view.rows} /> : <UnifiedRows rows={view.rows} />}
    </div>
  );
}

/** The rewrite of `## Expected response` from this run's response, confirmed before it is written. */
function AcceptResponse({ updateId }: { updateId: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [plan, setPlan] = useState<UpdatePlanView>();
  const [busy, setBusy] = useState(false);
  const fail = (e: unknown) =>
    toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
  const open = async () => {
    setBusy(true);
    try {
      const next = await api.planUpdate(updateId);
      if (!next.changed) {
        toast(`${next.file}: ## Expected response already says this`, "info");
        return;
      }
      setPlan(next);
      dialog.current?.showModal();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const write = async () => {
    setBusy(true);
    try {
      const done = await api.applyUpdate(updateId);
      dialog.current?.close();
      toast(`Updated ## Expected response in ${done.file}`, "ok");
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        class="accept"
        onClick={open}
        disabled={busy}
        data-testid="accept-response"
      >
        Accept response as expected
      </button>
      <dialog
        ref={dialog}
        class="confirm"
        aria-labelledby="accept-title"
        data-testid="accept-dialog"
      >
        {plan && (
          <>
            <h2 id="accept-title">Write this to {plan.file}?</h2>
            <p class="muted">
              The <code>## Expected response</code> block becomes the response of this run, as{" "}
              <code>apispec exec --update</code> writes it; every other line stays.
            </p>
            <pre
              class="code diff"
              tabIndex={0}
              aria-label="Expected response block, before and after"
            >
              {plan.diff.map((line, i) => (
                <div key={i} class={`diff-line diff-${line.op === " " ? "same" : line.op === "-" ? "del" : "add"}`}>
                  {line.op} {line.text}
                </div>
              ))}
            </pre>
            {plan.dropped_headers.length > 0 && (
              <p class="muted">
                Left out (the response did not carry them): {plan.dropped_headers.join(", ")}
              </p>
            )}
            <div class="toolbar">
              <button
                type="button"
                class="primary"
                onClick={write}
                disabled={busy}
                data-testid="accept-write"
              >
                Write to file
              </button>
              <button type="button" onClick={() => dialog.current?.close()}>Cancel</button>
            </div>
          </>
        )}
      </dialog>
    </>
  );
}

type Tab = "diff" | "response" | "request";

export function ResultView(
  { record, issues, mock, updateId, acceptNote, documented }: {
    record: ExecRecord;
    issues: Issue[];
    mock?: boolean;
    /** The spec's own expected body and rules, for a record that does not carry them. */
    documented?: ExpectedView;
    /** A Send whose response can become the expected one ("Accept response as expected"). */
    updateId?: string;
    /** Said instead of the Accept button when the run cannot be accepted here. */
    acceptNote?: string;
  },
) {
  const [tab, setTab] = useState<Tab>("diff");
  const diff = record.diff;
  const expected = record.expected ?? documented;
  const differences = [
    diff.status && `status: ${diff.status}`,
    ...diff.headers.map((h) => `header ${h}`),
    // Body lines already start with their JSON path (`body.items[0].id: ...`).
    ...(diff.body ? diff.body.split("\n") : []),
  ].filter(Boolean) as string[];
  return (
    <div class="result" data-testid="result">
      <Verdict record={record} mock={mock} />
      {record.hint && (
        <p class="hint">
          <Prose text={record.hint} />
        </p>
      )}
      {record.hints.length > 1 && (
        <ul class="hints">
          {record.hints.slice(1).map((h, i) => (
            <li key={i}>
              <Prose text={h} />
            </li>
          ))}
        </ul>
      )}
      <IssueList issues={issues} />
      <Tabs
        label="Result"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: "diff", label: "Diff" },
          { id: "response", label: "Response" },
          { id: "request", label: "Request" },
        ]}
      />
      {tab === "diff" && (
        <div class="diff-panel" role="tabpanel">
          {record.status > 0 && (
            <div class={`diff-summary ${diff.passed ? "pass" : "fail"}`} data-testid="diff-summary">
              {diff.passed ? <p>The response matches the expected response.</p> : (
                <ul>
                  {differences.map((d, i) => <li key={i}>{d}</li>)}
                </ul>
              )}
            </div>
          )}
          {record.assertion_results.length > 0 && (
            <ul class="assertions" aria-label="Assertion results">
              {record.assertion_results.map((a, i) => (
                <li key={i} class={a.passed ? "pass" : "fail"}>
                  <span class="mark">{a.passed ? "✓" : "✗"}</span>
                  <code>{a.rule}</code>
                  {!a.passed && <span class="muted">{a.message}</span>}
                </li>
              ))}
            </ul>
          )}
          {expected && record.response && (expected.body || record.response.body) && (
            <BodyCompare
              expected={expected.body}
              actual={record.response.body}
              match={expected.match}
              ignore={expected.ignore}
              diffBody={diff.body}
            />
          )}
          {record.response && (updateId
            ? <AcceptResponse updateId={updateId} />
            : acceptNote && <p class="muted">{acceptNote}</p>)}
        </div>
      )}
      {tab === "response" && (
        <div role="tabpanel">
          {record.response
            ? <ResponseView response={record.response} />
            : <p class="muted">No response was received.</p>}
        </div>
      )}
      {tab === "request" && (
        <div role="tabpanel">
          {record.request
            ? <RequestView request={record.request} />
            : <p class="muted">No request was built.</p>}
        </div>
      )}
    </div>
  );
}
