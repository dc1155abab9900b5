/// <reference lib="dom" />
/**
 * Every report is built by construction: the hostile strings of
 * tests/helpers/hostile_strings.ts go through every field of the HTML
 * report, JUnit XML, the markdown reports (check, drift, coverage) and the
 * GitHub workflow-command reports, and each output is read by what reads it
 * for real. The HTML report loads in Chromium with a CSP-violation listener
 * (and again without its CSP): no script runs, nothing is blocked, every
 * string shows as text. JUnit is parsed by Chromium's XML parser. Markdown is
 * rendered by marked (GFM) and opened in Chromium: no element comes from
 * data, tables keep their columns. The GitHub output is read the way the
 * Actions runner reads a step's output: only apispec's own commands.
 */
import { assert, assertEquals } from "@std/assert";
import { marked } from "marked";
import type { Browser, Page } from "playwright-core";
import type { ErrorType } from "../../src/engine/model.ts";
import { renderHtmlReport } from "../../src/engine/render/html_report.ts";
import { type HtmlCase, REPORT_CSP } from "../../src/engine/render/html_model.ts";
import { renderJunit } from "../../src/engine/render/junit.ts";
import { renderCheckMarkdown, renderGithubReport } from "../../src/engine/render/check.ts";
import type { ReportCase } from "../../src/engine/render/report.ts";
import { renderDriftGithub, renderDriftMarkdown } from "../../src/engine/render/drift.ts";
import { renderCoverageMarkdown } from "../../src/engine/render/coverage.ts";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { HOSTILE, JS_CANARY } from "../helpers/hostile_strings.ts";

skipMessage("tests/report/hostile_reports_test.ts");

const TEXTS = HOSTILE.map((h) => h.text);
const ALL = TEXTS.join(" ");

/** No control characters, line breaks or tabs: such text must come back exactly. */
function plain(text: string): boolean {
  // deno-lint-ignore no-control-regex
  return !/[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]/.test(text);
}

function reportCase(text: string, i: number): ReportCase {
  return {
    name: text,
    group: text,
    file: text,
    line: i + 1,
    method: "GET",
    url: text,
    passed: i % 3 === 2,
    skipped: i % 3 === 1,
    status: 500,
    duration_ms: i,
    error_type: text,
    hint: text,
    details: [text, `${text} again`],
  };
}

function htmlCase(text: string, i: number): HtmlCase {
  const pair: [string, string] = [text, text];
  return {
    kind: "endpoint",
    name: text,
    file: text,
    method: text.slice(0, 40),
    passed: i % 3 === 2,
    skipped: i % 3 === 1,
    status: 500,
    duration_ms: i,
    error_type: text as ErrorType,
    hint: text,
    request: { method: "POST", url: text, headers: [pair], body: text },
    expected: { status: 200, reason: text, headers: [pair], body: text },
    actual: { status: 500, reason: text, headers: [pair], body: `${text}\n${text}` },
    differences: [text],
    assertions: [{ rule: text, passed: false, message: text }, {
      rule: text,
      passed: true,
      message: "",
    }],
    problems: i % 2 ? [text] : [],
    history: [
      { timestamp: text, passed: false, status: 0, duration_ms: 1, error_type: text as ErrorType },
      {
        timestamp: "2026-01-01T00:00:00.000Z",
        passed: true,
        status: 200,
        duration_ms: 2,
        error_type: null,
      },
    ],
  };
}

/** Serves pages by path, with the report's CSP on `/csp/…` paths. */
function servePages(pages: Map<string, string>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    const path = new URL(request.url).pathname;
    const body = pages.get(path.replace(/^\/csp/, ""));
    if (body === undefined) return new Response("no", { status: 404 });
    return new Response(body, {
      headers: {
        "content-type": path.endsWith(".xml") ? "application/xml" : "text/html; charset=utf-8",
        ...(path.startsWith("/csp/") ? { "content-security-policy": REPORT_CSP } : {}),
      },
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** Opens a page, listening for CSP violations and for the canary a payload would set. */
async function open(browser: Browser, url: string) {
  const page = await browser.newPage();
  const requests: string[] = [];
  page.on("request", (r) => r.url() !== url && requests.push(r.url()));
  await page.addInitScript(() => {
    const list: string[] = [];
    (globalThis as unknown as { __violations: string[] }).__violations = list;
    document.addEventListener("securitypolicyviolation", (e) => list.push(e.violatedDirective));
  });
  await page.goto(url);
  await page.waitForLoadState("load");
  const violations = await page.evaluate(() =>
    (globalThis as unknown as { __violations: string[] }).__violations
  );
  const pwned = await page.evaluate(
    (name) => (globalThis as Record<string, unknown>)[name] ?? null,
    JS_CANARY,
  );
  return { page, violations, pwned, requests };
}

/** Elements or attributes that only markup from data could have made. */
async function injected(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll("*")) {
      const tag = el.tagName.toLowerCase();
      if (["script", "img", "iframe", "object", "embed", "form", "input", "base"].includes(tag)) {
        found.push(tag);
      }
      if (tag === "a" && !/^(#|https?:\/\/)/.test(el.getAttribute("href") ?? "")) found.push("a");
      for (const attr of el.getAttributeNames()) {
        if (attr.startsWith("on")) found.push(`${tag}[${attr}]`);
      }
    }
    return found;
  });
}

Deno.test({
  name: "reports: hostile strings stay text in HTML, JUnit, markdown and GitHub output",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const cases = TEXTS.map(reportCase);
    const htmlCases = TEXTS.map(htmlCase);
    const flow: HtmlCase = { ...htmlCase(ALL, 0), kind: "flow", steps: htmlCases.slice(0, 5) };
    const html = renderHtmlReport({
      title: ALL,
      generated: "2026-01-01T00:00:00.000Z",
      env: ALL,
      notes: TEXTS,
      cases: [...htmlCases, flow],
    });
    const report = { title: ALL, cases, deleted: TEXTS, notes: TEXTS };
    const drift = {
      findings: TEXTS.map((text, i) => ({
        kind: "status" as const,
        method: "GET",
        path: text,
        spec: i % 2 ? text : null,
        line: i % 2 ? i : null,
        message: text,
      })),
      summary: { operations: 1, specs: 1, matched: 1, findings: TEXTS.length },
      collection: ALL,
      document: ALL,
      version: "3.1.0",
      documentLines: new Map(TEXTS.map((text, i) => [text, i + 1])),
    };
    const coverage = renderCoverageMarkdown({
      endpoints: TEXTS.map((text) => ({
        spec: text,
        method: "GET",
        path: text,
        has_example: true,
        has_schema: false,
        error_statuses: [404],
        assertions: 1,
        last_run: null,
        stale: false,
      })),
      operations: {
        total: 1,
        covered: 0,
        uncovered: TEXTS.map((text) => ({ method: "GET", path: text })),
      },
      summary: { endpoints: 1, run: 0, passing: 0, stale: 0, coverage_pct: 0 },
    }, { collection: ALL, document: ALL, now: 0 });
    const markdowns = {
      check: renderCheckMarkdown(report),
      drift: renderDriftMarkdown(drift),
      coverage,
    };
    const pages = new Map<string, string>([
      ["/report.html", html],
      ["/bare.html", html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, "")],
      ["/junit.xml", renderJunit(ALL, cases)],
      ...Object.entries(markdowns).map(([name, md]) =>
        [
          `/${name}.html`,
          `<!doctype html><meta charset="utf-8"><body>${marked.parse(md) as string}`,
        ] as [string, string]
      ),
    ]);
    await using server = servePages(pages);
    const browser = await launchChromium();
    try {
      await t.step(
        "HTML report: no script runs and nothing is blocked, with or without its CSP",
        async () => {
          for (const path of ["/csp/report.html", "/bare.html"]) {
            const { page, violations, pwned, requests } = await open(browser, server.url + path);
            assertEquals(violations, [], path);
            assertEquals(pwned, null, path);
            assertEquals(requests, [], path);
            assertEquals(await injected(page), [], path);
            const names = await page.$$eval(
              ".case > summary .name",
              (els) => els.map((e) => e.textContent),
            );
            assertEquals(names.length, htmlCases.length + 1 + 5, "one case per row, steps nested");
            const shown = new Set(names);
            for (const text of TEXTS.filter(plain)) {
              assert(shown.has(text), text.slice(0, 80));
            }
            await page.close();
          }
        },
      );

      await t.step(
        "JUnit: Chromium's XML parser reads every attribute and failure back",
        async () => {
          const page = await browser.newPage();
          const xml = pages.get("/junit.xml")!;
          const read = await page.evaluate((text) => {
            const doc = new DOMParser().parseFromString(text, "application/xml");
            if (doc.querySelector("parsererror")) {
              return { error: doc.querySelector("parsererror")!.textContent };
            }
            return {
              error: null,
              suite: doc.documentElement.getAttribute("name"),
              names: [...doc.querySelectorAll("testcase")].map((c) => c.getAttribute("name")),
              files: [...doc.querySelectorAll("testcase")].map((c) => c.getAttribute("file")),
              messages: [...doc.querySelectorAll("failure")].map((f) => f.getAttribute("message")),
              details: [...doc.querySelectorAll("failure")].map((f) => f.textContent),
              elements: doc.getElementsByTagName("*").length,
            };
          }, xml);
          assertEquals(read.error, null);
          const failed = cases.filter((c) => !c.passed && !c.skipped);
          // testsuites + a testsuite and a testcase per case + a failure or skipped element.
          const groups = new Set(cases.map((c) => c.group)).size;
          assertEquals(
            read.elements,
            1 + groups + cases.length + failed.length + cases.filter((c) => c.skipped).length,
          );
          TEXTS.forEach((text, i) => {
            if (!plain(text)) return;
            assertEquals(read.names![i], text);
            assertEquals(read.files![i], text);
          });
          failed.forEach((c, i) => {
            if (!plain(c.hint)) return;
            assertEquals(read.messages![i], c.hint);
            assertEquals(read.details![i], c.details.join("\n"));
          });
          assert(read.suite!.includes(TEXTS[0]));
          await page.close();
        },
      );

      await t.step(
        "markdown (check, drift, coverage): no element from data, tables keep their columns",
        async () => {
          for (const name of Object.keys(markdowns)) {
            const { page, pwned } = await open(browser, `${server.url}/${name}.html`);
            assertEquals(pwned, null, name);
            assertEquals(await injected(page), [], name);
            const widths = await page.$$eval(
              "table",
              (tables) =>
                tables.map((table) =>
                  [...table.querySelectorAll("tr")].map((tr) => tr.children.length)
                ),
            );
            for (const rows of widths) assertEquals(new Set(rows).size, 1, `${name}: ${rows}`);
            const cells = new Set(
              await page.$$eval("td", (tds) => tds.map((td) => td.textContent!.trim())),
            );
            const headings = await page.$$eval("h2, h3, h4, h5, h6", (hs) => hs.length);
            assertEquals(headings, name === "check" ? 3 : name === "coverage" ? 2 : 1, name);
            if (name === "check") {
              for (const text of TEXTS.filter(plain)) {
                assert(cells.has(text.trim()), text.slice(0, 80));
              }
            }
            await page.close();
          }
        },
      );
    } finally {
      await browser.close();
    }

    await t.step("GitHub: the runner reads apispec's annotations and nothing else", () => {
      const check = runnerCommands(renderGithubReport(report));
      const expected = [
        ...cases.filter((c) => c.skipped || !c.passed).map((c) => c.skipped ? "warning" : "error"),
        ...TEXTS.map(() => "notice"),
        "stop-commands",
        check.at(-1)!.command,
      ];
      assertEquals(check.map((c) => c.command), expected);
      const errors = check.filter((c) => c.command === "error");
      errors.forEach((c, i) => {
        const source = cases.filter((x) => !x.passed && !x.skipped)[i];
        assertEquals(c.properties.file, source.file);
        const details = source.details.filter((d) => d !== source.hint);
        assertEquals(
          c.data,
          [`${source.error_type}: ${source.name}: ${source.hint}`, ...details].join("\n"),
        );
      });
      const driftCommands = runnerCommands(renderDriftGithub(drift));
      assertEquals(driftCommands.filter((c) => c.command === "error").map((c) => c.data), TEXTS);
      assertEquals(driftCommands.length, TEXTS.length + 2);
    });
  },
});

interface RunnerCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
}

const REGISTERED = [
  "error",
  "warning",
  "notice",
  "debug",
  "group",
  "endgroup",
  "add-mask",
  "set-output",
  "set-env",
  "save-state",
  "add-path",
  "echo",
  "add-matcher",
  "remove-matcher",
  "stop-commands",
];

/**
 * The commands GitHub's runner (src/Runner.Common/ActionCommand.cs and
 * ActionCommandManager.cs) reads from a step's output: `::name props::data`
 * at the start of a line (after spaces), `##[name props]data` anywhere in a
 * line, and nothing but the resume token while stopped.
 */
function runnerCommands(output: string): RunnerCommand[] {
  const registered = new Set(REGISTERED);
  const found: RunnerCommand[] = [];
  let stopToken: string | undefined;
  const unescape = (text: string, property: boolean) => {
    let out = text.replaceAll("%0D", "\r").replaceAll("%0A", "\n");
    if (property) out = out.replaceAll("%3A", ":").replaceAll("%2C", ",");
    return out.replaceAll("%25", "%");
  };
  for (const raw of output.split(/\r\n|\r|\n/)) {
    let parsed: RunnerCommand | undefined;
    const line = raw.trimStart();
    const end = line.startsWith("::") ? line.indexOf("::", 2) : -1;
    if (end >= 0) {
      const info = line.slice(2, end);
      const space = info.indexOf(" ");
      const name = space < 0 ? info : info.slice(0, space);
      if (registered.has(name.toLowerCase())) {
        const properties: Record<string, string> = {};
        if (space > 0) {
          for (const pair of info.slice(space + 1).trim().split(",").filter(Boolean)) {
            const at = pair.indexOf("=");
            if (at > 0) properties[pair.slice(0, at)] = unescape(pair.slice(at + 1), true);
          }
        }
        parsed = { command: name, properties, data: unescape(line.slice(end + 2), false) };
      }
    }
    if (!parsed) {
      const start = raw.indexOf("##[");
      const close = start < 0 ? -1 : raw.indexOf("]", start);
      if (close >= 0) {
        const info = raw.slice(start + 3, close);
        const name = info.split(" ")[0];
        if (registered.has(name.toLowerCase())) {
          parsed = { command: name, properties: {}, data: raw.slice(close + 1) };
        }
      }
    }
    if (!parsed) continue;
    if (stopToken !== undefined) {
      if (parsed.command.toUpperCase() !== stopToken.toUpperCase()) continue;
      registered.delete(stopToken.toLowerCase());
      stopToken = undefined;
    } else if (parsed.command === "stop-commands") {
      stopToken = parsed.data;
      registered.add(stopToken.toLowerCase());
    }
    found.push(parsed);
  }
  return found;
}
