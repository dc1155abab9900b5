/// <reference lib="dom" />
/**
 * The HTML report end to end: the real CLI runs `check --report html=<file>`
 * and `flow --output html` against the demo API, then Chromium opens each
 * report served with the strict CSP a CI server (Jenkins) uses, and the test
 * checks that nothing was blocked or requested, and what the page shows. A
 * control page with a script and an external image proves the detector
 * notices violations. Screenshots land in tests/ui/screenshots/.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import type { Browser } from "playwright-core";
import { REPORT_CSP } from "../../src/engine/render/html_model.ts";
import { apispec } from "../helpers/cli.ts";
import { CHROMIUM, launchChromium, SCREENSHOTS, skipMessage } from "../helpers/browser.ts";
import { demoProject, WRONG_SHAPE, WRONG_SHAPE_SPEC } from "../helpers/demo.ts";

skipMessage("tests/report");

const WRONG = WRONG_SHAPE;

/** Serves one HTML text under the report CSP, as Jenkins serves archived artifacts. */
function serveUnderCsp(html: () => string, csp = REPORT_CSP) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    if (new URL(request.url).pathname !== "/report.html") {
      return new Response("no", { status: 404 });
    }
    return new Response(html(), {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": csp,
      },
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/report.html`,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

interface Opened {
  violations: string[];
  consoleErrors: string[];
  requests: string[];
}

/** Opens a page and records CSP violations, console errors and every request beyond the page. */
async function openUnderCsp(browser: Browser, url: string, name: string, width = 1280) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const seen: Opened = { violations: [], consoleErrors: [], requests: [] };
  // Injected by the browser driver, outside the page's CSP: it only listens.
  await page.addInitScript(() => {
    const list: string[] = [];
    (globalThis as unknown as { __violations: string[] }).__violations = list;
    document.addEventListener("securitypolicyviolation", (e) => {
      list.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (m) => m.type() === "error" && seen.consoleErrors.push(m.text()));
  page.on("request", (r) => r.url() !== url && seen.requests.push(r.url()));
  await page.goto(url);
  await page.waitForLoadState("load");
  seen.violations = await page.evaluate(() =>
    (globalThis as unknown as { __violations: string[] }).__violations
  );
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
  return { page, seen };
}

Deno.test({
  name: "HTML report: check and flow reports render under a strict CSP, failures first, masked",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await Deno.mkdir(SCREENSHOTS, { recursive: true });
    await using demo = await demoProject({ [`api-docs/${WRONG}`]: WRONG_SHAPE_SPEC });
    const { ws, api } = demo;
    const env = { APISPEC_AUTH_TOKEN: api.token };
    let checkHtml = "";
    let flowHtml = "";
    const browser = await launchChromium();
    try {
      await t.step(
        "check --report html=<file> writes the report; the exit code is the check's",
        async () => {
          // A first run gives every spec a history, so the report has recent runs to draw.
          await apispec(["check", "api-docs", "--report", "json"], { cwd: ws.dir, env });
          const run = await apispec(["check", "api-docs", "--report", "html=out/report.html"], {
            cwd: ws.dir,
            env,
          });
          // The wrong shape fails (exit 1); delete-user.md is left to its flow (standalone: false).
          assertEquals(run.code, 1, run.stderr);
          checkHtml = await ws.read("out/report.html");
          assert(!checkHtml.includes(api.token), "the bearer token never reaches the report");
          assertStringIncludes(checkHtml, "Authorization: Bearer ****");
        },
      );

      await t.step("flow --output html prints the flow's report", async () => {
        const run = await apispec(
          ["flow", "api-docs/flows/user-onboarding.md", "--output", "html"],
          { cwd: ws.dir, env },
        );
        assertEquals(run.code, 0, run.stderr);
        flowHtml = run.stdout;
        assert(flowHtml.startsWith("<!doctype html>"));
        assert(!flowHtml.includes(api.token));
      });

      await t.step("the check report opens under the CSP with nothing blocked", async () => {
        await using served = serveUnderCsp(() => checkHtml);
        const { page, seen } = await openUnderCsp(browser, served.url, "report-check");
        assertEquals(seen, { violations: [], consoleErrors: [], requests: [] });
        // Totals: 7 demo endpoints + the wrong one + the two flows; one fails, one is left to
        // its flow.
        assertEquals(await page.locator("[data-count=total]").innerText(), "10");
        assertEquals(await page.locator("[data-count=failed]").innerText(), "1");
        assertEquals(await page.locator("[data-count=passed]").innerText(), "8");
        // Failures first and open: the wrong shape shows its differences and the body diff
        // highlighted.
        const cases = page.locator("details.case");
        assertEquals(await cases.nth(0).getAttribute("class"), "case fail");
        assertEquals(await cases.nth(1).getAttribute("class"), "case skip");
        assertEquals(await cases.nth(2).getAttribute("class"), "case pass");
        const first = cases.filter({ hasText: "Get user (wrong shape)" });
        assertEquals(await first.getAttribute("open"), "");
        assertStringIncludes(await first.locator(".differences").innerText(), "body.id");
        assert(await first.locator("pre.diff .del").count() > 0);
        assert(await first.locator("pre.diff .add").count() > 0);
        // The inline stylesheet applied: a failed case has the fail colour on its left border.
        const border = await first.evaluate((el) => getComputedStyle(el).borderLeftWidth);
        assertEquals(border, "4px");
        // Sparklines of recent runs: two runs of the wrong-shape spec so far (no flow runs it).
        const bars = await page.locator("table.index tr").filter({ hasText: "wrong shape" })
          .locator("svg.spark rect").count();
        assertEquals(bars, 2);
        assertEquals(await page.locator("details.case.pass[open]").count(), 0);
        await page.close();
      });

      await t.step("the check report reads at 360 px wide", async () => {
        await using served = serveUnderCsp(() => checkHtml);
        const { page, seen } = await openUnderCsp(browser, served.url, "report-check-360", 360);
        assertEquals(seen.violations, []);
        const overflow = await page.evaluate(() =>
          document.documentElement.scrollWidth - document.documentElement.clientWidth
        );
        assertEquals(overflow, 0, "no horizontal scrolling of the page");
        await page.close();
      });

      await t.step("the flow report opens under the CSP with nothing blocked", async () => {
        await using served = serveUnderCsp(() => flowHtml);
        const { page, seen } = await openUnderCsp(browser, served.url, "report-flow");
        assertEquals(seen, { violations: [], consoleErrors: [], requests: [] });
        assertEquals(await page.locator("[data-count=total]").innerText(), "3");
        assertEquals(
          await page.locator("details.case summary .name").allInnerTexts(),
          ["Create user", "Read user", "Delete user"],
        );
        assertStringIncludes(await page.locator("header").innerText(), "Captures: userId = ");
        await page.close();
      });

      await t.step(
        "under Jenkins' default CSP (no inline style) it stays readable and requests nothing",
        async () => {
          const jenkins = "sandbox; default-src 'none'; img-src 'self'; style-src 'self';";
          await using served = serveUnderCsp(() => checkHtml, jenkins);
          const { page, seen } = await openUnderCsp(
            browser,
            served.url,
            "report-check-jenkins-csp",
          );
          assertEquals(seen.requests, []);
          assert(seen.violations.every((v) => v.startsWith("style-src")), seen.violations.join());
          // Unstyled, the content is all there: failures first and open, with their differences.
          const first = page.locator("details.case").first();
          assertEquals(await first.getAttribute("open"), "");
          assertStringIncludes(await first.innerText(), "Get user (wrong shape)");
          assertStringIncludes(await page.locator("body").innerText(), "body.id: expected string");
          await page.close();
        },
      );

      await t.step("control: a page with a script and an external image is caught", async () => {
        const tainted = checkHtml.replace(
          "</main>",
          '<img src="http://127.0.0.1:9/x.png" alt=""><script>document.title = "ran"</script></main>',
        );
        await using served = serveUnderCsp(() => tainted);
        const { page, seen } = await openUnderCsp(browser, served.url, "report-control");
        assert(seen.violations.some((v) => v.startsWith("script-src")), seen.violations.join());
        assert(seen.violations.some((v) => v.startsWith("img-src")), seen.violations.join());
        assert(seen.consoleErrors.length > 0);
        assert((await page.title()) !== "ran");
        await page.close();
      });
    } finally {
      await browser.close();
    }
  },
});
