/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * A run's result: verdict, status, timing, hint; the record's diff and
 * assertion results; the documented body against the actual one, line by
 * line; then the response and the request as sent (masked by the server).
 */
import { useState } from "preact/hooks";
import { lineDiff, pretty } from "../../../src/engine/render/line_diff.ts";
import { requestBodyText } from "../../../src/engine/render/exec.ts";
import type { ExecRecord, HttpResponse, Issue, ResolvedRequest } from "../types.ts";
import { IssueList } from "./common.tsx";
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
        ? <pre class="code body">{pretty(response.body)}</pre>
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
      {requestBodyText(request) && <pre class="code body">{pretty(requestBodyText(request)!)}</pre>}
    </div>
  );
}

function BodyDiff({ expected, actual }: { expected: string; actual: string }) {
  const lines = lineDiff(pretty(expected), pretty(actual));
  if (!lines) return <p class="muted">The bodies are too large to compare line by line.</p>;
  return (
    <pre class="code diff" aria-label="Documented body against actual body">
      {lines.map((line, i) => <div key={i} class={`diff-line diff-${line.op === " " ? "same" : line.op === "-" ? "del" : "add"}`}>{line.op} {line.text}</div>)}
    </pre>
  );
}

type Tab = "diff" | "response" | "request";

export function ResultView(
  { record, issues, mock, expectedBody }: {
    record: ExecRecord;
    issues: Issue[];
    mock?: boolean;
    expectedBody?: string;
  },
) {
  const [tab, setTab] = useState<Tab>("diff");
  const diff = record.diff;
  const differences = [
    diff.status && `status: ${diff.status}`,
    ...diff.headers.map((h) => `header ${h}`),
    // Body lines already start with their JSON path (`body.items[0].id: ...`).
    ...(diff.body ? diff.body.split("\n") : []),
  ].filter(Boolean) as string[];
  return (
    <div class="result" data-testid="result">
      <Verdict record={record} mock={mock} />
      {record.hint && <p class="hint">{record.hint}</p>}
      {record.hints.length > 1 && (
        <ul class="hints">
          {record.hints.slice(1).map((h, i) => <li key={i}>{h}</li>)}
        </ul>
      )}
      <IssueList issues={issues} />
      <div class="tabs" role="tablist">
        {(["diff", "response", "request"] as Tab[]).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            class={tab === name ? "active" : ""}
            onClick={() => setTab(name)}
          >
            {name === "diff" ? "Diff" : name === "response" ? "Response" : "Request"}
          </button>
        ))}
      </div>
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
          {expectedBody !== undefined && record.response &&
            (expectedBody || record.response.body) && (
            <>
              <h4>Documented body → actual body</h4>
              <BodyDiff expected={expectedBody} actual={record.response.body} />
            </>
          )}
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
