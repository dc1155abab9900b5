/// <reference lib="dom" />
/**
 * Keyboard use in Chromium against the real preview server: the skip link,
 * focus on the new page's title after every route change (a sidebar link, a
 * search pick, a view link, Back), Ctrl+E into the editor and out again,
 * and a sidebar of 2,000 endpoints that is one Tab stop, walked with arrows.
 */
import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { demoProject } from "../helpers/demo.ts";
import { workspace } from "../helpers/workspace.ts";
import { writeGeneratedProject } from "../helpers/generated_project.ts";

skipMessage("tests/ui");

/** Waits until the focused row of the endpoint list is `index` (focus moves after a render). */
async function focusedRow(page: Page, index: string | "last") {
  await page.waitForFunction((want) => {
    const element = document.activeElement as HTMLElement | null;
    const rows = document.querySelector("[data-testid=endpoint-list] > div") as HTMLElement;
    const last = String(Math.round(rows.offsetHeight / 30) - 1);
    return element?.dataset.index === (want === "last" ? last : want);
  }, index);
}

/** What has focus: tag, test id or text, enough to tell where it is. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      text: element?.innerText?.slice(0, 80) ?? "",
      testid: element?.dataset.testid ?? "",
      index: element?.dataset.index ?? "",
      inList: !!element?.closest("[data-testid=endpoint-list]"),
      inEditor: !!element?.closest(".cm-editor"),
    };
  });
}

Deno.test({
  name: "UI keyboard: skip link, focus after route changes and Ctrl+E, a 2,000-file sidebar",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await using demo = await demoProject();
    await using preview = await startTestPreview(demo.ws.dir);
    await using big = await workspace();
    await writeGeneratedProject(big.dir, 2000);
    await using bigPreview = await startTestPreview(big.dir);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.setDefaultTimeout(15_000);

      await t.step(
        "the first Tab reaches the skip link, which moves focus to the page",
        async () => {
          await page.goto(preview.url + "/");
          await page.getByTestId("endpoint-count").waitFor();
          await page.keyboard.press("Tab");
          assertEquals((await focused(page)).testid, "skip-link");
          await page.keyboard.press("Enter");
          assertEquals((await focused(page)).tag, "main");
        },
      );

      await t.step("opening a spec from the sidebar puts focus on its title", async () => {
        await page.click('a[href="/specs/apis/users/get-user-by-id.md"]');
        await page.getByTestId("spec-title").waitFor();
        const now = await focused(page);
        assertEquals([now.tag, now.testid, now.text], ["h1", "spec-title", "Get user by id"]);
      });

      await t.step("a search pick, a view link and Back do the same", async () => {
        await page.keyboard.press("/");
        await page.keyboard.type("health");
        await page.keyboard.press("Enter");
        await page.getByTestId("spec-title").filter({ hasText: "Health check" }).waitFor();
        assertEquals((await focused(page)).text, "Health check");
        await page.getByTestId("nav-run").click();
        await page.locator("h1").filter({ hasText: "Run all" }).waitFor();
        assertEquals(await focused(page).then((f) => [f.tag, f.text]), ["h1", "Run all"]);
        await page.goBack();
        await page.getByTestId("spec-title").filter({ hasText: "Health check" }).waitFor();
        assertEquals((await focused(page)).tag, "h1");
      });

      await t.step("Ctrl+E moves focus into the editor, and back to the title", async () => {
        await page.keyboard.press("Control+e");
        await page.locator(".cm-content").waitFor();
        assert((await focused(page)).inEditor, "focus is in the editor");
        await page.keyboard.type("x");
        assertEquals(await page.getByRole("tab", { name: "Edit •" }).count(), 1, "typed there");
        await page.keyboard.press("Control+z");
        await page.keyboard.press("Control+e");
        await page.getByTestId("send").waitFor();
        assertEquals((await focused(page)).tag, "h1");
      });

      await t.step("2,000 endpoints: the list is one Tab stop, arrows walk it", async () => {
        await page.goto(bigPreview.url + "/");
        await page.getByTestId("endpoint-count").filter({ hasText: "2000" }).waitFor();
        await page.getByTestId("search").focus();
        await page.keyboard.press("Tab");
        let now = await focused(page);
        assert(now.inList, "one Tab enters the list");
        assertEquals(now.index, "0");
        await page.keyboard.press("Tab");
        assert(!(await focused(page)).inList, "the next Tab leaves it");
        await page.keyboard.press("Shift+Tab");
        assertEquals((await focused(page)).index, "0", "and Shift+Tab comes back to the same row");

        await page.keyboard.press("ArrowDown");
        await focusedRow(page, "1");
        await page.keyboard.press("End");
        await focusedRow(page, "last");
        assert(Number((await focused(page)).index) > 2000, "2,000 endpoints and their resources");
        await page.keyboard.press("Home");
        await focusedRow(page, "0");
        now = await focused(page);
        assertEquals([now.index, now.tag], ["0", "button"], "the first row is a resource");
        await page.keyboard.press("ArrowLeft");
        await page.locator("[data-index='0'][aria-expanded=false]").waitFor();
        await page.keyboard.press("ArrowRight");
        await page.locator("[data-index='0'][aria-expanded=true]").waitFor();
        await page.keyboard.press("ArrowDown");
        await focusedRow(page, "1");
        await page.keyboard.press("Enter");
        await page.getByTestId("spec-title").waitFor();
        assertEquals(
          (await focused(page)).tag,
          "h1",
          "Enter opens the endpoint, focus on its title",
        );
      });
    } finally {
      await browser.close();
    }
  },
});
