/**
 * One case of the HTML report as a `<details>`: the verdict line, the hint,
 * the differences by path, the assertions, expected against actual (status
 * line, headers, and the bodies as a highlighted line diff), the masked
 * request, and the timings with the recent runs. A flow nests its steps.
 */
import type { HttpResponse, ResolvedRequest } from "../model.ts";
import { runStats } from "../history/stats.ts";
import { escapeHtml, escapeProse } from "./html_escape.ts";
import { type ExpectedBlock, formatMs, type HtmlCase, MARKS, outcomeOf } from "./html_model.ts";
import { lineDiff, pretty } from "./line_diff.ts";
import { cutNote, previewBody } from "./body_preview.ts";
import { sparklineSvg } from "./run_chart.ts";

export function renderCase(c: HtmlCase, id: string, open: boolean): string {
  const o = outcomeOf(c);
  const body = [
    // A problem already says what the hint says, with its place in the file.
    c.hint && c.problems.length === 0 ? `<p class="hint">${escapeProse(c.hint)}</p>` : "",
    list("problems", "Problems", c.problems),
    list("differences", "Differences", c.differences),
    assertions(c),
    c.kind === "flow" ? steps(c, id) : exchange(c),
    timings(c),
  ].filter(Boolean).join("\n");
  return `<details class="case ${o}" id="${id}"${open ? " open" : ""}>
<summary>${summaryLine(c)}</summary>
<div class="case-body">
${body}
</div>
</details>`;
}

function summaryLine(c: HtmlCase): string {
  const o = outcomeOf(c);
  return [
    `<span class="mark">${MARKS[o]}</span>`,
    c.method ? `<span class="method">${escapeHtml(c.method)}</span>` : "",
    c.kind === "flow" ? `<span class="method flow">FLOW</span>` : "",
    `<span class="name">${escapeHtml(c.name)}</span>`,
    `<span class="file">${escapeHtml(c.file)}</span>`,
    c.status ? `<span class="status">${c.status}</span>` : "",
    c.skipped
      ? `<span class="muted">skipped</span>`
      : `<span class="time">${formatMs(c.duration_ms)}</span>`,
    c.error_type ? `<span class="error-type">${escapeHtml(c.error_type)}</span>` : "",
  ].filter(Boolean).join(" ");
}

function list(cls: string, title: string, items: string[]): string {
  if (items.length === 0) return "";
  return `<div class="${cls}"><h3>${title}</h3><ul>${
    items.map((i) => `<li>${escapeProse(i)}</li>`).join("")
  }</ul></div>`;
}

function assertions(c: HtmlCase): string {
  if (c.assertions.length === 0) return "";
  return `<div class="assertions"><h3>Assertions</h3><ul>${
    c.assertions.map((a) =>
      `<li class="${a.passed ? "pass" : "fail"}"><span class="mark">${
        a.passed ? "✓" : "✗"
      }</span> <code>${escapeHtml(a.rule)}</code>${
        a.passed ? "" : ` <span class="muted">${escapeHtml(a.message)}</span>`
      }</li>`
    ).join("")
  }</ul></div>`;
}

function headerLines(headers: [string, string][]): string {
  return headers.map(([n, v]) => `${n}: ${v}`).join("\n");
}

function expectedHead(e: ExpectedBlock): string {
  return [`HTTP/1.1 ${e.status} ${e.reason}`.trim(), headerLines(e.headers)].filter(Boolean).join(
    "\n",
  );
}

function actualHead(r: HttpResponse): string {
  return [`HTTP/1.1 ${r.status} ${r.reason}`.trim(), headerLines(r.headers)].filter(Boolean).join(
    "\n",
  );
}

function requestText(r: ResolvedRequest, whole: string): string {
  const body = r.body ? shown(r.body, whole) : undefined;
  return [
    `${r.method} ${r.url}`,
    headerLines(r.headers),
    ...(body ? ["", body.text, ...(body.note ? [body.note] : [])] : []),
  ].filter((line, i) => i !== 1 || line !== "").join("\n");
}

/**
 * A body as the report shows it: indented, then at most a preview, so a 5 MB answer adds a
 * bounded part to the page (and to the line diff), with a note saying where all of it is.
 */
function shown(body: string, whole: string): { text: string; note?: string } {
  const preview = previewBody(pretty(body), { of: body });
  return preview.totalBytes === undefined
    ? { text: preview.text }
    : { text: preview.text, note: cutNote(preview, whole) };
}

function pre(text: string, cls = ""): string {
  return `<pre${cls ? ` class="${cls}"` : ""}>${escapeHtml(text)}</pre>`;
}

/** Expected against actual: heads side by side, then the bodies as one highlighted diff. */
function exchange(c: HtmlCase): string {
  const parts: string[] = [];
  if (c.expected || c.actual) {
    parts.push(`<div class="compare">
<div><h3>Expected</h3>${
      c.expected ? pre(expectedHead(c.expected)) : `<p class="muted">None</p>`
    }</div>
<div><h3>Actual</h3>${
      c.actual ? pre(actualHead(c.actual)) : `<p class="muted">No response was received</p>`
    }</div>
</div>`);
  }
  const whole = `apispec exec ${c.file} -v --output=json`;
  const expectedBody = shown(c.expected?.body ?? "", whole);
  const actualBody = shown(c.actual?.body ?? "", whole);
  if (c.actual && (expectedBody.text || actualBody.text)) {
    const lines = lineDiff(expectedBody.text, actualBody.text);
    parts.push(
      `<h3>Body <span class="legend"><span class="del">− documented</span> <span class="add">+ actual</span></span></h3>`,
      lines
        ? `<pre class="diff">${
          lines.map((l) =>
            // The line break sits inside the line's span: unstyled (a CSP that blocks the
            // stylesheet) the lines still break; styled, each span is a full-width block.
            `<span class="${l.op === "-" ? "del" : l.op === "+" ? "add" : "same"}">${l.op} ${
              escapeHtml(l.text)
            }\n</span>`
          ).join("")
        }</pre>`
        : `<p class="muted">The bodies are too large to compare line by line.</p>${
          pre(actualBody.text)
        }`,
      ...[expectedBody.note && `Documented: ${expectedBody.note}`, actualBody.note]
        .filter((note): note is string => !!note)
        .map((note) => `<p class="muted">${escapeHtml(note)}</p>`),
    );
  }
  if (c.request) {
    parts.push(`<h3>Request (secrets masked)</h3>`, pre(requestText(c.request, whole)));
  }
  return parts.join("\n");
}

function steps(c: HtmlCase, id: string): string {
  const items = c.steps ?? [];
  if (items.length === 0) return "";
  return `<div class="steps"><h3>Steps</h3>${
    items.map((s, i) => renderCase(s, `${id}-step-${i + 1}`, !s.passed && !s.skipped)).join(
      "\n",
    )
  }</div>`;
}

function timings(c: HtmlCase): string {
  if (c.kind === "flow" || c.history.length === 0) return "";
  const stats = runStats(c.history);
  const first = c.history[0].timestamp.slice(0, 10);
  const last = c.history.at(-1)!.timestamp.slice(0, 10);
  return `<div class="timings"><h3>Timings</h3><p>This run ${
    c.skipped ? "was skipped" : formatMs(c.duration_ms)
  } · last ${stats.runs} run${stats.runs === 1 ? "" : "s"}: ${stats.passed} passed, median ${
    formatMs(stats.medianMs)
  }, p95 ${formatMs(stats.p95Ms)}, slowest ${formatMs(stats.maxMs)} (${escapeHtml(first)} to ${
    escapeHtml(last)
  })</p>${
    sparklineSvg(c.history, { width: Math.min(360, c.history.length * 14), height: 48 })
  }</div>`;
}
