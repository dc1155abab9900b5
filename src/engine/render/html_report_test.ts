import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import type { HistoryEntry } from "../model.ts";
import type { HtmlCase } from "./html_model.ts";
import { renderHtmlReport, REPORT_CSP } from "./html_report.ts";
import { runBars, sparklineSvg } from "./run_chart.ts";
import { runStats } from "../history/stats.ts";

const run = (passed: boolean, duration_ms: number, i = 0): HistoryEntry => ({
  timestamp: `2026-01-0${1 + (i % 9)}T10:00:00.000Z`,
  passed,
  status: passed ? 200 : 500,
  duration_ms,
  error_type: passed ? null : "CONTRACT_MISMATCH",
});

function endpointCase(name: string, passed: boolean, extra: Partial<HtmlCase> = {}): HtmlCase {
  return {
    kind: "endpoint",
    name,
    file: `api-docs/apis/users/${name.toLowerCase().replaceAll(" ", "-")}.md`,
    method: "GET",
    passed,
    status: passed ? 200 : 404,
    duration_ms: 12,
    error_type: passed ? null : "CONTRACT_MISMATCH",
    hint: passed ? "" : "Status expected 200, got 404",
    differences: passed ? [] : ["status: expected 200, got 404"],
    assertions: [],
    problems: [],
    history: [run(true, 10, 1), run(passed, 12, 2)],
    ...extra,
  };
}

const generated = "2026-03-04T05:06:07.000Z";

Deno.test("renderHtmlReport() puts totals first and failures before skipped and passed cases", () => {
  const html = renderHtmlReport({
    title: "API contract check",
    generated,
    env: "staging",
    notes: ["Every endpoint and flow in `api-docs`"],
    cases: [
      endpointCase("List users", true),
      endpointCase("Get user", false),
      endpointCase("Old user", false, { skipped: true, hint: "Skipped: only in prod" }),
    ],
  });
  assertStringIncludes(html, '<b data-count="total">3</b>');
  assertStringIncludes(html, '<b data-count="failed">1</b>');
  assertStringIncludes(html, '<b data-count="passed">1</b>');
  assertStringIncludes(html, '<b data-count="skipped">1</b>');
  assertStringIncludes(html, "<title>API contract check: 1 failed, 1 passed, 1 skipped</title>");
  const failed = html.indexOf('<details class="case fail"');
  const skipped = html.indexOf('<details class="case skip"');
  const passed = html.indexOf('<details class="case pass"');
  assert(failed > 0 && failed < skipped && skipped < passed, "fail, skip, pass in that order");
  // Failures are open; the rest folded.
  assertStringIncludes(html, '<details class="case fail" id="case-1" open>');
  assertStringIncludes(html, '<details class="case pass" id="case-3">');
  assertStringIncludes(html, 'href="#case-1"');
});

Deno.test("renderHtmlReport() has no script, no external reference, and carries its CSP", () => {
  const html = renderHtmlReport({
    title: "<script>alert(1)</script>",
    generated,
    notes: ['"><img src=x onerror=alert(1)>'],
    cases: [endpointCase("Get user", false, {
      actual: { status: 404, reason: "Not Found", headers: [], body: "</pre><script>x()</script>" },
    })],
  });
  assert(!/<script/i.test(html), "no script element");
  assert(!/\s(src|href)="(?!#|data:)/i.test(html), "no reference outside the page");
  assert(!/<[a-z][^>]*\son\w+=/i.test(html), "no event handler attribute");
  assertStringIncludes(html, `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`);
  assertStringIncludes(html, "&lt;script&gt;alert(1)&lt;/script&gt;");
});

Deno.test("renderHtmlReport() shows expected against actual with the body diff highlighted", () => {
  const html = renderHtmlReport({
    title: "Check",
    generated,
    notes: [],
    cases: [endpointCase("Get user", false, {
      request: {
        method: "GET",
        url: "http://127.0.0.1/users/2",
        headers: [["authorization", "Bearer ****"]],
      },
      expected: {
        status: 200,
        reason: "OK",
        headers: [["Content-Type", "application/json"]],
        body: '{"id": "2"}',
      },
      actual: {
        status: 200,
        reason: "OK",
        headers: [["content-type", "application/json"]],
        body: '{"id":2}',
      },
      differences: ["body.id: expected string, got number"],
    })],
  });
  assertStringIncludes(html, `<span class="del">-   &quot;id&quot;: &quot;2&quot;\n</span>`);
  assertStringIncludes(html, `<span class="add">+   &quot;id&quot;: 2\n</span>`);
  assertStringIncludes(html, "<li>body.id: expected string, got number</li>");
  assertStringIncludes(html, "authorization: Bearer ****");
  assertStringIncludes(html, "HTTP/1.1 200 OK\nContent-Type: application/json");
});

Deno.test("a flow case nests its steps; a failed step is open", () => {
  const html = renderHtmlReport({
    title: "Flow",
    generated,
    notes: [],
    cases: [{
      ...endpointCase("Onboarding", false),
      kind: "flow",
      method: undefined,
      steps: [endpointCase("Create user", true), endpointCase("Read user", false)],
    }],
  });
  assertStringIncludes(html, '<span class="method flow">FLOW</span>');
  assertStringIncludes(html, '<details class="case fail" id="case-1-step-2" open>');
  assertStringIncludes(html, '<details class="case pass" id="case-1-step-1">');
});

Deno.test("runBars() scales durations to the height and keeps the verdicts; sparklineSvg() titles each bar", () => {
  const entries = [run(true, 5, 1), run(false, 20, 2), run(true, 10, 3)];
  const bars = runBars(entries, { width: 30, height: 40, gap: 0 });
  assertEquals(bars.map((b) => b.height), [10, 40, 20]);
  assertEquals(bars.map((b) => b.y), [30, 0, 20]);
  assertEquals(bars.map((b) => b.x), [0, 10, 20]);
  assertEquals(bars.map((b) => b.passed), [true, false, true]);
  const svg = sparklineSvg(entries);
  assertEquals(svg.match(/<rect /g)?.length, 3);
  assertEquals(svg.match(/class="fail"/g)?.length, 1);
  assertStringIncludes(svg, "failed (CONTRACT_MISMATCH), 500 status, 20 ms</title>");
  assertEquals(runBars([], { width: 10, height: 10 }), []);
});

Deno.test("runStats() counts passes and takes the median, p95 and slowest duration", () => {
  const entries = Array.from({ length: 20 }, (_, i) => run(i % 4 !== 0, (i + 1) * 10, i));
  const stats = runStats(entries);
  assertEquals(stats.runs, 20);
  assertEquals(stats.passed, 15);
  assertEquals(stats.failed, 5);
  assertEquals(stats.passRate, 0.75);
  assertEquals(stats.medianMs, 100);
  assertEquals(stats.p95Ms, 190);
  assertEquals(stats.maxMs, 200);
  assertEquals(runStats([]).medianMs, 0);
});
