/**
 * The HTML report: one self-contained page for people (a CI artifact, a
 * Jenkins or GitHub Pages link). No script and no external reference, so it
 * renders under `default-src 'none'; style-src 'unsafe-inline'; img-src
 * data:` (the page says so itself with a meta CSP). Totals first, then every
 * case in a table linking to its `<details>`, failures first.
 */
import { renderCase } from "./html_case.ts";
import {
  formatMs,
  type HtmlCase,
  type HtmlReport,
  MARKS,
  type Outcome,
  outcomeOf,
  REPORT_CSP,
} from "./html_model.ts";
import { escapeHtml, escapeProse } from "./html_escape.ts";
import { REPORT_CSS } from "./html_style.ts";
import { FAIL_FILL, PASS_FILL, SKIP_FILL, sparklineSvg } from "./run_chart.ts";

const ORDER: Outcome[] = ["fail", "skip", "pass"];
const HEADINGS: Record<Outcome, string> = { fail: "Failed", skip: "Skipped", pass: "Passed" };
const FILLS: Record<Outcome, string> = { fail: FAIL_FILL, skip: SKIP_FILL, pass: PASS_FILL };

/**
 * Renders the whole page.
 *
 * @example
 * ```ts
 * import { renderHtmlReport } from "./html_report.ts";
 * const html = renderHtmlReport({ title: "Check", generated: "2026-01-01T00:00:00.000Z", notes: [], cases: [] });
 * html.includes("<script"); // false
 * ```
 */
export function renderHtmlReport(report: HtmlReport): string {
  // Failures first, keeping the run's order within each outcome.
  const ordered = ORDER.flatMap((o) => report.cases.filter((c) => outcomeOf(c) === o));
  const ids = new Map(ordered.map((c, i) => [c, `case-${i + 1}`]));
  const sections = ORDER.map((o) => {
    const cases = ordered.filter((c) => outcomeOf(c) === o);
    if (cases.length === 0) return "";
    return `<section class="group ${o}" aria-labelledby="h-${o}"><h2 id="h-${o}">${
      HEADINGS[o]
    } <span class="n">${cases.length}</span></h2>${
      cases.map((c) => renderCase(c, ids.get(c)!, o === "fail")).join("\n")
    }</section>`;
  }).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(report.title)}: ${summaryWords(report.cases)}</title>
<link rel="icon" href="data:,">
<style>${REPORT_CSS}</style>
</head>
<body>
<main>
${header(report)}
${totals(report.cases)}
${indexTable(ordered, ids)}
${sections}
</main>
</body>
</html>
`;
}

function counts(cases: HtmlCase[]): Record<Outcome, number> {
  const out: Record<Outcome, number> = { fail: 0, skip: 0, pass: 0 };
  for (const c of cases) out[outcomeOf(c)]++;
  return out;
}

function summaryWords(cases: HtmlCase[]): string {
  const n = counts(cases);
  return `${n.fail} failed, ${n.pass} passed${n.skip ? `, ${n.skip} skipped` : ""}`;
}

function header(report: HtmlReport): string {
  const meta = [
    `<time datetime="${escapeHtml(report.generated)}">${
      escapeHtml(report.generated.replace("T", " ").replace(/\.\d+Z$/, " UTC"))
    }</time>`,
    ...(report.env ? [`environment <b>${escapeHtml(report.env)}</b>`] : []),
  ].join(" · ");
  return `<header><h1>${escapeHtml(report.title)}</h1><p class="meta">${meta}</p>${
    report.notes.map((n) => `<p class="note">${escapeProse(n)}</p>`).join("")
  }</header>`;
}

function totals(cases: HtmlCase[]): string {
  const n = counts(cases);
  const total = cases.length;
  const ms = cases.reduce((sum, c) => sum + c.duration_ms, 0);
  const verdict = n.fail > 0 ? "fail" : "pass";
  // A proportion bar as SVG: widths are attributes, not style, and need no script.
  let x = 0;
  const parts = ORDER.map((o) => {
    const width = total ? (n[o] / total) * 100 : 0;
    const rect = width > 0
      ? `<rect class="${o}" fill="${FILLS[o]}" x="${x.toFixed(2)}" y="0" width="${
        width.toFixed(2)
      }" height="8"/>`
      : "";
    x += width;
    return rect;
  }).join("");
  return `<section class="totals ${verdict}" aria-label="Totals" data-total="${total}">
<div class="verdict">${verdict === "fail" ? "FAIL" : "PASS"}</div>
<div class="tile"><b data-count="total">${total}</b> total</div>
<div class="tile fail"><b data-count="failed">${n.fail}</b> failed</div>
<div class="tile pass"><b data-count="passed">${n.pass}</b> passed</div>
<div class="tile skip"><b data-count="skipped">${n.skip}</b> skipped</div>
<div class="tile"><b>${formatMs(ms)}</b> in requests</div>
<svg class="bar" width="100%" height="8" viewBox="0 0 100 8" preserveAspectRatio="none" role="img" aria-label="${
    escapeHtml(summaryWords(cases))
  }">${parts}</svg>
</section>`;
}

function indexTable(ordered: HtmlCase[], ids: Map<HtmlCase, string>): string {
  if (ordered.length === 0) return `<p class="empty">Nothing was run.</p>`;
  const rows = ordered.map((c) => {
    const o = outcomeOf(c);
    const recent = c.history.slice(-30);
    return `<tr class="${o}"><td class="mark">${MARKS[o]}</td><td><a href="#${ids.get(c)}">${
      c.method ? `<span class="method">${escapeHtml(c.method)}</span> ` : ""
    }${escapeHtml(c.name)}</a><div class="file">${escapeHtml(c.file)}</div></td><td>${
      c.status || ""
    }</td><td class="num">${c.skipped ? "" : formatMs(c.duration_ms)}</td><td>${
      escapeHtml(c.error_type ?? "")
    }</td><td>${
      recent.length
        ? sparklineSvg(recent, { width: Math.min(90, recent.length * 8), height: 18 })
        : ""
    }</td></tr>`;
  }).join("\n");
  return `<table class="index"><thead><tr><th scope="col"><span class="sr">Result</span></th><th scope="col">Spec</th><th scope="col">Status</th><th scope="col">Time</th><th scope="col">Error</th><th scope="col">Recent runs</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

export type { HtmlCase, HtmlReport };
export { REPORT_CSP };
