/// <reference lib="dom" />
/**
 * The accessibility check of every view (tests/helpers/ui_views.ts) at one
 * width in both themes, as a test file declares it.
 */
import { assertEquals } from "@std/assert";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, launchChromium, skipMessage } from "./browser.ts";
import { axeViolations, describeViolations } from "./axe.ts";
import { UI_VIEWS, uiViewsProject } from "./ui_views.ts";

/** Moderate rules checked too: issue 32 names the headings. */
const ALSO = new Set(["heading-order", "page-has-heading-one", "landmark-one-main"]);

/**
 * Every view at one width, in both themes: no serious or critical axe
 * violation, no heading-order or missing h1 or main, and one h1.
 */
async function checkViews(
  browser: Browser,
  url: string,
  width: number,
  extra: (page: Page, check: (what: string) => Promise<void>) => Promise<void> = async () => {},
): Promise<void> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const found: string[] = [];
  const check = async (what: string) => {
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
      const violations = (await axeViolations(page)).filter((v) =>
        v.impact === "serious" || v.impact === "critical" || ALSO.has(v.id)
      );
      if (violations.length) {
        found.push(`${what}, ${theme}, ${width} px:\n${describeViolations(violations)}`);
      }
    }
    assertEquals(await page.locator("h1").count(), 1, `${what}: one h1`);
  };
  for (const view of UI_VIEWS) {
    await page.goto(url + view.path);
    await view.ready(page);
    await check(view.name);
  }
  await extra(page, check);
  await page.close();
  assertEquals(found, [], found.join("\n\n"));
  assertEquals(errors, []);
}

/** Declares the test of one width: every view, both themes, then `extra` states. */
export function a11yTest(
  width: number,
  extra?: (page: Page, url: string, check: (what: string) => Promise<void>) => Promise<void>,
): void {
  skipMessage("tests/ui");
  Deno.test({
    name: `accessibility at ${width} px: no serious or critical axe violation, both themes`,
    ignore: !CHROMIUM,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await using project = await uiViewsProject();
      const browser = await launchChromium();
      try {
        const url = project.preview.url;
        await checkViews(browser, url, width, extra && ((page, check) => extra(page, url, check)));
      } finally {
        await browser.close();
      }
    },
  });
}
