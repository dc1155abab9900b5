/// <reference lib="dom" />
/**
 * The runner in Chromium against the real preview server and a real
 * loopback API: a run stopped before sending (a missing variable) reaches
 * the history and the badges; a History row opens the exchange kept of a
 * Send; repeated failures read as failing; Run all repeats with a data
 * file's rows and a delay, and Stop sends nothing more.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

skipMessage("tests/ui");

const GREET = "apis/greet/get-greet.md";
// Apart from the others: a folder holding it runs nothing (a run that cannot resolve sends nothing).
const MISSING = "apis/broken/get-missing.md";

Deno.test({
  name: "UI runner: pre-send failures in history, kept exchanges, failing trend, iterations, Stop",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await using api = startTestApi(async (request) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith("/slow")) await new Promise((r) => setTimeout(r, 400));
      return jsonResponse({ hello: url.searchParams.get("name") });
    });
    const slow = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [
        `apis/slow/get-slow-${i}.md`,
        // Writes to one resource run one at a time (reads would run side by side).
        endpoint({ resource: "slow", method: "POST", path: `/slow/${i}`, title: `Slow ${i}` }),
      ]),
    );
    await using ws = await workspace(collectionFiles(api.url, {
      [GREET]: endpoint({
        resource: "greet",
        path: "/greet",
        request: "GET {{baseUrl}}/greet?name={{name}}",
        frontmatter: "vars:\n  name: nobody\n",
        title: "Greet",
        expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"hello": 1}',
      }),
      [MISSING]: endpoint({
        resource: "broken",
        path: "/missing",
        request: "GET {{baseUrl}}/missing/{{neverDefined}}",
        title: "Needs a variable",
      }),
      "data/people.csv": "name\nAda\nAlan\nGrace\n",
      ...slow,
    }));
    await using preview = await startTestPreview(ws.dir);
    const browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    try {
      await t.step("a run stopped before sending is a failed run in the history", async () => {
        await page.goto(`${preview.url}/specs/${MISSING}`);
        await page.getByTestId("send").click();
        await page.getByTestId("verdict").filter({ hasText: "VAR_MISSING" }).waitFor();
        assertEquals(api.requests.length, 0, "nothing was sent");
        await page.locator(`a[href="/specs/${MISSING}"] [data-testid=run-badge][data-result=fail]`)
          .waitFor();
        await page.getByTestId("history-tab").click();
        assertStringIncludes(
          await page.getByTestId("history-table").innerText(),
          "VAR_MISSING",
        );
      });

      await t.step("repeated failures read as failing, not stable", async () => {
        await page.goto(`${preview.url}/specs/${GREET}`);
        for (let i = 0; i < 3; i++) {
          await page.getByTestId("send").click();
          await page.getByTestId("verdict").filter({ hasText: "FAIL" }).waitFor();
          await page.getByTestId("send").filter({ hasText: "Send" }).waitFor();
        }
        await page.getByTestId("history-tab").click();
        await page.getByTestId("history-trend").filter({ hasText: "failing: 3 runs in a row" })
          .waitFor();
      });

      await t.step("a History row opens the request, response and diff of its run", async () => {
        await page.getByTestId("history-open").first().click();
        const kept = page.getByTestId("kept-run");
        await kept.getByTestId("verdict").filter({ hasText: "FAIL" }).waitFor();
        assertEquals(
          await kept.locator('[data-testid=body-compare] [data-path="body.hello"]').first()
            .getAttribute("data-state"),
          "fail",
        );
        await kept.getByRole("tab", { name: "Request" }).click();
        assertStringIncludes(await kept.innerText(), `GET ${api.url}/greet?name=nobody`);
      });

      await t.step("Run all repeats once per data row, with each row's variables", async () => {
        const before = api.requests.length;
        await page.goto(`${preview.url}/run`);
        await page.getByTestId("run-folder").selectOption("apis/greet");
        await page.getByTestId("run-options").locator("summary").click();
        await page.getByTestId("run-data").fill("data/people.csv");
        await page.getByTestId("run-all").click();
        await page.getByTestId("run-summary").waitFor();
        assertStringIncludes(await page.getByTestId("run-iteration").innerText(), "3 of 3");
        const names = api.requests.slice(before).map((r) =>
          new URL(r.path, api.url).searchParams.get("name")
        );
        assertEquals(names, ["Ada", "Alan", "Grace"]);
        assertEquals(await page.getByTestId("run-result").count(), 3);
        assertStringIncludes(await page.getByTestId("run-results").innerText(), "#3");
      });

      await t.step("Stop ends the iterations: nothing more is sent", async () => {
        await page.getByTestId("run-data").fill("");
        await page.getByTestId("run-iterations").fill("5");
        await page.getByTestId("run-delay").fill("3000");
        const before = api.requests.length;
        await page.getByTestId("run-all").click();
        await page.getByTestId("run-iteration").filter({ hasText: "1 of 5" }).waitFor();
        // The first iteration finishes, then the delay starts; Stop lands in it.
        await page.waitForFunction(() =>
          document.querySelectorAll("[data-testid=run-result]").length >= 2
        );
        await page.getByTestId("run-stop").click();
        await page.getByTestId("run-stopped").waitFor();
        const sent = api.requests.length - before;
        await page.waitForTimeout(3500);
        assertEquals(api.requests.length - before, sent, "no request after Stop");
        assert(sent >= 1 && sent < 5, `${sent} sent`);
      });
      await t.step(
        "Stop in the middle of an iteration: the server starts nothing more",
        async () => {
          await page.getByTestId("run-iterations").fill("1");
          await page.getByTestId("run-delay").fill("0");
          await page.getByTestId("run-folder").selectOption("apis/slow");
          const before = api.requests.length;
          await page.getByTestId("run-all").click();
          // One resource runs one request at a time: stop once the first has arrived.
          while (api.requests.length === before) await new Promise((r) => setTimeout(r, 20));
          await page.getByTestId("run-stop").click();
          await page.getByTestId("run-stopped").waitFor();
          const sent = api.requests.length - before;
          await page.waitForTimeout(1500);
          assertEquals(api.requests.length - before, sent, "nothing after the stop");
          assert(sent < 6, `${sent} of 6 sent`);
        },
      );
      assertEquals(errors, []);
    } finally {
      await browser.close();
    }
  },
});
