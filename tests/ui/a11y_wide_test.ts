/**
 * axe-core over every view at 1280 px, light and dark: no serious or
 * critical violation, one h1 per page (tests/helpers/a11y.ts lists the
 * views and the state each is checked in).
 */
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { a11yProject, checkViews } from "../helpers/a11y.ts";

skipMessage("tests/ui");

Deno.test({
  name: "accessibility at 1280 px: no serious or critical axe violation, both themes",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await using project = await a11yProject();
    const browser = await launchChromium();
    try {
      await checkViews(browser, project.preview.url, 1280);
    } finally {
      await browser.close();
    }
  },
});
