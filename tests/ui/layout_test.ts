/// <reference lib="dom" />
/**
 * The layout from 360 px up, in Chromium against the real preview server:
 * at 360, 768 and 1280 px every view fits the width (nothing scrolls the
 * page sideways; wide content such as the flow canvas scrolls inside
 * itself), the sidebar sits beside the page from 860 px and is a drawer
 * below it. Screenshots of every view at every width land in
 * tests/ui/screenshots/ (layout-<width>-<view>.png).
 */
import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { CHROMIUM, launchChromium, SCREENSHOTS, skipMessage } from "../helpers/browser.ts";
import { UI_VIEWS, uiViewsProject } from "../helpers/ui_views.ts";

skipMessage("tests/ui");

const WIDTHS = [360, 768, 1280];

/** How far the page, or its main pane, scrolls sideways (0 when everything fits). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const main = document.querySelector(".main")!;
    return Math.max(root.scrollWidth - root.clientWidth, main.scrollWidth - main.clientWidth);
  });
}

Deno.test({
  name: "web UI layout: every view fits 360, 768 and 1280 px; the sidebar is a drawer below 860 px",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await Deno.mkdir(SCREENSHOTS, { recursive: true });
    await using project = await uiViewsProject();
    const { preview } = project;
    const browser = await launchChromium();
    const errors: string[] = [];
    try {
      for (const width of WIDTHS) {
        await t.step(`${width} px: every view fits the width`, async () => {
          const page = await browser.newPage({ viewport: { width, height: 800 } });
          page.setDefaultTimeout(20_000);
          page.on("pageerror", (error) => errors.push(error.message));
          for (const view of UI_VIEWS) {
            await page.goto(preview.url + view.path);
            await view.ready(page);
            await page.screenshot({ path: `${SCREENSHOTS}layout-${width}-${view.name}.png` });
            assertEquals(await sidewaysOverflow(page), 0, `${view.name} at ${width} px`);
          }
          await page.close();
        });

        await t.step(
          `${width} px: the sidebar ${width < 860 ? "is a drawer" : "sits beside the page"}`,
          async () => {
            const page = await browser.newPage({ viewport: { width, height: 800 } });
            page.setDefaultTimeout(20_000);
            await page.goto(`${preview.url}/`);
            await page.getByTestId("endpoint-count").waitFor();
            const sidebar = page.locator("#sidebar");
            const toggle = page.getByTestId("menu-toggle");
            if (width >= 860) {
              assert(await sidebar.isVisible());
              assert(!(await toggle.isVisible()));
              const box = (await sidebar.boundingBox())!;
              const main = (await page.locator(".main").boundingBox())!;
              assert(box.x + box.width <= main.x + 1, "side by side");
              return await page.close();
            }
            assert(!(await sidebar.isVisible()), "closed at first");
            await toggle.click();
            await sidebar.waitFor({ state: "visible" });
            assertEquals(await toggle.getAttribute("aria-expanded"), "true");
            await page.waitForTimeout(250); // the slide-in transition
            await page.screenshot({ path: `${SCREENSHOTS}layout-${width}-drawer.png` });
            const box = (await sidebar.boundingBox())!;
            assert(box.x >= 0 && box.x + box.width <= width, "inside the screen");
            // Picking a view navigates and closes the drawer.
            await page.getByTestId("nav-environments").click();
            await page.getByTestId("env-card").first().waitFor();
            await sidebar.waitFor({ state: "hidden" });
            // The backdrop closes it too.
            await toggle.click();
            await sidebar.waitFor({ state: "visible" });
            await page.mouse.click(width - 10, 400);
            await sidebar.waitFor({ state: "hidden" });
            await page.close();
          },
        );
      }
      assertEquals(errors, [], "no uncaught errors in the page");
    } finally {
      await browser.close();
    }
  },
});
