/**
 * axe-core over every view at 360 px, light and dark, and the sidebar
 * drawer open: no serious or critical violation, headings in order.
 */
import { a11yTest } from "../helpers/a11y.ts";

a11yTest(360, async (page, url, check) => {
  await page.goto(url + "/");
  await page.getByTestId("menu-toggle").click();
  await page.locator("#sidebar").waitFor({ state: "visible" });
  await page.waitForTimeout(250); // the slide-in transition
  await check("the sidebar drawer");
});
