/**
 * axe-core over every view at 360 px, light and dark, and the sidebar
 * drawer open: no serious or critical violation, one h1 per page.
 */
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { a11yProject, checkViews } from "../helpers/a11y.ts";

skipMessage("tests/ui");

Deno.test({
  name: "accessibility at 360 px: no serious or critical axe violation, both themes, drawer open",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await using project = await a11yProject();
    const browser = await launchChromium();
    try {
      await checkViews(browser, project.preview.url, 360, async (page, check) => {
        await page.goto(project.preview.url + "/");
        await page.getByTestId("menu-toggle").click();
        await page.locator("#sidebar").waitFor({ state: "visible" });
        await page.waitForTimeout(250); // the slide-in transition
        await check("the sidebar drawer");
      });
    } finally {
      await browser.close();
    }
  },
});
