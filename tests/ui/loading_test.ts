/**
 * The first screen before and after the index arrives, in Chromium against
 * the real preview server: while `GET /api/index` is held back the overview
 * and sidebar say they are loading (never "0 endpoints" or "No flows yet");
 * once it arrives the counts show; a collection with no endpoint at all gets
 * the empty state. One load fetches `/api/index`, `/api/flows` and the last runs once, and not
 * the editor's code.
 */
import { assert, assertEquals } from "@std/assert";
import type { Route } from "playwright-core";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { demoProject } from "../helpers/demo.ts";
import { workspace } from "../helpers/workspace.ts";

skipMessage("tests/ui");

Deno.test({
  name: "UI first screen: loading until the index arrives, the empty state only when empty",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await using demo = await demoProject();
    await using preview = await startTestPreview(demo.ws.dir);
    await using empty = await workspace({
      "api-docs/project.md": "---\nname: empty\nversion: 1\n---\n",
    });
    await using emptyPreview = await startTestPreview(empty.dir);
    const browser = await launchChromium();
    try {
      await t.step("a held-back index shows loading, then the counts", async () => {
        const page = await browser.newPage();
        page.setDefaultTimeout(15_000);
        const asked: string[] = [];
        page.on("request", (request) => asked.push(new URL(request.url()).pathname));
        let release!: () => void;
        const released = new Promise<void>((resolve) => release = resolve);
        await page.route("**/api/index", async (route: Route) => {
          await released;
          await route.continue();
        });
        await page.goto(preview.url + "/");
        await page.getByTestId("index-loading").waitFor();
        assertEquals(await page.getByTestId("match-count").innerText(), "Loading endpoints…");
        const body = await page.locator("body").innerText();
        for (const claim of ["0 endpoints", "No flows yet", "no endpoints yet"]) {
          assert(!body.includes(claim), `"${claim}" shown while loading:\n${body}`);
        }
        assertEquals(await page.getByTestId("endpoint-count").count(), 0);

        release();
        await page.getByTestId("endpoint-count").filter({ hasText: "7" }).waitFor();
        assertEquals(await page.getByTestId("match-count").innerText(), "7 endpoints");
        assertEquals(await page.getByTestId("index-loading").count(), 0);
        assertEquals(await page.getByTestId("empty-collection").count(), 0);
        // Nothing more arrives after the first screen: each list was fetched once.
        await page.waitForTimeout(300);
        assertEquals(asked.filter((p) => p === "/api/flows").length, 1);
        assertEquals(asked.filter((p) => p === "/api/index").length, 1);
        assertEquals(asked.filter((p) => p === "/api/history/latest").length, 1);
        // The editor's code (CodeMirror) waits for a spec page.
        assertEquals(asked.filter((p) => p === "/assets/editor.js").length, 0);
        await page.close();
      });

      await t.step("an empty collection shows the empty state", async () => {
        const page = await browser.newPage();
        page.setDefaultTimeout(15_000);
        await page.goto(emptyPreview.url + "/");
        await page.getByTestId("empty-collection").waitFor();
        assertEquals(await page.getByTestId("match-count").innerText(), "0 endpoints");
        assert((await page.locator(".flows-list").innerText()).includes("No flows yet"));
        await page.close();
      });
    } finally {
      await browser.close();
    }
  },
});
