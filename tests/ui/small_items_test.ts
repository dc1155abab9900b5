/**
 * Issue 32's smaller items in Chromium against the real preview server: at
 * 360 px Run all titles and flow step verdicts are whole; hints show their
 * `code` as code; Draft spec says it rewrites api-docs/README.md; an OpenAPI
 * path typed in Coverage can be saved to project.md.
 */
/// <reference lib="dom" />
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { demoProject, WRONG_SHAPE, WRONG_SHAPE_SPEC } from "../helpers/demo.ts";
import { nameProjectOpenApi } from "../helpers/openapi_project.ts";
import { parseProject } from "../../src/engine/parse/project.ts";

skipMessage("tests/ui");

Deno.test({
  name:
    "UI small items: 360 px titles and verdicts, code in hints, Draft spec, save the OpenAPI path",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await using demo = await demoProject({ [`api-docs/${WRONG_SHAPE}`]: WRONG_SHAPE_SPEC });
    await nameProjectOpenApi(demo.ws.dir);
    // The document lives in the project; project.md names none until the view saves it.
    const project = "api-docs/project.md";
    await demo.ws.write(
      project,
      (await demo.ws.read(project)).replace("openapi: ../openapi.json\n", ""),
    );
    await using preview = await startTestPreview(demo.ws.dir, {
      env: { APISPEC_AUTH_TOKEN: demo.api.token },
    });
    const browser = await launchChromium();
    try {
      const narrow = await browser.newPage({ viewport: { width: 360, height: 800 } });
      narrow.setDefaultTimeout(15_000);

      await t.step("360 px: Run all titles are whole, hints show code as code", async () => {
        await narrow.goto(`${preview.url}/run`);
        await narrow.getByTestId("run-all").click();
        await narrow.getByTestId("run-summary").waitFor();
        const cut = await narrow.$$eval(
          ".run-title",
          (titles) =>
            titles.filter((t) => t.scrollWidth > t.clientWidth + 1 || t.clientWidth < 120)
              .map((t) => t.textContent),
        );
        assertEquals(cut, []);
        const hint = narrow.locator("[data-testid=run-result]", { hasText: "wrong shape" })
          .locator(".run-hint");
        assert(await hint.locator("code").count() > 0, "the command is code");
        assert(!(await hint.innerText()).includes("`"));
      });

      await t.step("360 px: each flow step's verdict is on screen", async () => {
        await narrow.goto(`${preview.url}/flows/flows/user-onboarding.md`);
        await narrow.getByTestId("run-flow").click();
        await narrow.getByTestId("flow-verdict").waitFor();
        const states = narrow.getByTestId("step-state");
        for (let i = 0; i < await states.count(); i++) {
          const box = (await states.nth(i).boundingBox())!;
          assert(box.x >= 0 && box.x + box.width <= 360, `verdict ${i} at ${box.x}+${box.width}`);
          assertStringIncludes(await states.nth(i).innerText(), "✓");
        }
      });

      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(15_000);

      await t.step("a typed OpenAPI path is offered to project.md, and saved there", async () => {
        await page.goto(`${preview.url}/coverage`);
        await page.getByTestId("coverage-openapi").fill("openapi.json");
        await page.getByTestId("coverage-openapi-use").click();
        await page.getByTestId("uncovered-op").first().waitFor();
        await page.getByTestId("coverage-openapi-save").click();
        await page.locator(".toast-ok").filter({ hasText: "openapi: ../openapi.json" }).waitFor();
        const { config } = parseProject(await demo.ws.read(project), "project.md");
        assertEquals(config.openapi, "../openapi.json");
        await page.getByTestId("coverage-document").filter({ hasText: "Named in project.md" })
          .waitFor();
        assertEquals(new URL(page.url()).search, "");
      });

      await t.step("Draft spec says it rewrites api-docs/README.md", async () => {
        assertStringIncludes(await page.getByTestId("uncovered").innerText(), "api-docs/README.md");
        const before = await demo.ws.read("api-docs/README.md").catch(() => "");
        await page.locator(
          "[data-testid=uncovered-op][data-path='/refunds'] [data-testid=draft-spec]",
        )
          .click();
        const toast = page.locator(".toast-ok").filter({ hasText: "Drafted" });
        await toast.waitFor();
        assertStringIncludes(await toast.innerText(), "rewrote README.md");
        assert((await demo.ws.read("api-docs/README.md")) !== before, "and it did");
      });
    } finally {
      await browser.close();
    }
  },
});
