/**
 * The web UI in Chromium against a real workspace, the demo API and the
 * real preview server: browse and search, send (pass and fail), edit with
 * inline validation and save, live reload, the flow canvas, the request
 * builder, themes. Screenshots of every main view land in
 * tests/ui/screenshots/ (gitignored).
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import type { Page } from "playwright-core";
import { parseFlow } from "../../src/engine/parse/flow.ts";
import { CHROMIUM, launchChromium, SCREENSHOTS, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { demoProject, WRONG_SHAPE, WRONG_SHAPE_SPEC } from "../helpers/demo.ts";

skipMessage("tests/ui");

const USER = "apis/users/get-user-by-id.md";
const WRONG = WRONG_SHAPE;
const FLOW = "flows/user-onboarding.md";

Deno.test({
  name: "web UI: browse, send, diff, edit, live reload, flow canvas, request builder, themes",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await Deno.mkdir(SCREENSHOTS, { recursive: true });
    await using demo = await demoProject({ [`api-docs/${WRONG}`]: WRONG_SHAPE_SPEC });
    const { ws, api } = demo;
    await using preview = await startTestPreview(ws.dir, {
      env: { APISPEC_AUTH_TOKEN: api.token },
    });
    const browser = await launchChromium();
    const errors: string[] = [];
    const open = async (colorScheme: "light" | "dark") => {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme });
      page.setDefaultTimeout(20_000);
      page.on("pageerror", (error) => errors.push(error.message));
      return page;
    };
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
    try {
      const page = await open("light");

      await t.step("index lists the endpoints by resource and search narrows them", async () => {
        await page.goto(preview.url + "/");
        await page.getByTestId("endpoint-count").filter({ hasText: "8" }).waitFor();
        await shot(page, "index-light");
        await page.keyboard.press("/");
        await page.keyboard.type("post");
        await page.getByTestId("match-count").filter({ hasText: "2 of 8 endpoints" }).waitFor();
        await page.getByTestId("search").fill("tag:read");
        await page.getByTestId("match-count").filter({ hasText: "2 of 8 endpoints" }).waitFor();
        await page.getByTestId("search").fill("method:get user");
        await page.getByTestId("match-count").filter({ hasText: "3 of 8 endpoints" }).waitFor();
        await page.getByTestId("search").fill("");
      });

      await t.step("an endpoint opens and Send shows a passing result", async () => {
        await page.click(`a[href="/specs/${USER}"]`);
        await page.getByTestId("spec-title").filter({ hasText: "Get user by id" }).waitFor();
        await page.getByTestId("send").click();
        await page.getByTestId("verdict").filter({ hasText: "PASS" }).waitFor();
        assertStringIncludes(
          await page.getByTestId("diff-summary").innerText(),
          "matches the expected response",
        );
        await shot(page, "spec-result-pass-light");
      });

      await t.step("a failing endpoint shows the diff of expected against actual", async () => {
        await page.click(`a[href="/specs/${WRONG}"]`);
        await page.getByTestId("spec-title").filter({ hasText: "wrong shape" }).waitFor();
        await page.keyboard.press("Control+Enter");
        await page.getByTestId("verdict").filter({ hasText: "FAIL" }).waitFor();
        const summary = await page.getByTestId("diff-summary").innerText();
        assertStringIncludes(summary, "body.id");
        assertStringIncludes(summary, "nickname");
        assert(await page.locator(".diff-line.diff-del").count() > 0);
        await shot(page, "result-diff-light");
      });

      await t.step(
        "edit: inline validation errors, a refused save, then a save that reaches the disk",
        async () => {
          await page.click(`a[href="/specs/${USER}"]`);
          await page.getByTestId("spec-title").filter({ hasText: "Get user by id" }).waitFor();
          const before = await ws.read(`api-docs/${USER}`);
          await page.keyboard.press("Control+e");
          await page.locator(".cm-content").click();
          await page.keyboard.press("Control+Home");
          await page.keyboard.press("ArrowDown");
          await page.keyboard.press("Home");
          await page.keyboard.insertText("x"); // "xresource: users": an unknown key, and "resource" goes missing
          await page.locator(".issue-error").first().waitFor();
          await page.locator(".cm-lint-marker-error").first().waitFor();
          await shot(page, "editor-light");
          await page.keyboard.press("Control+s");
          await page.locator(".toast-error").first().waitFor();
          assertEquals(await ws.read(`api-docs/${USER}`), before);
          await page.keyboard.press("Backspace");
          await page.keyboard.press("Control+End");
          await page.keyboard.insertText("\n## Notes\n\nEdited in the browser.\n");
          await page.keyboard.press("Control+s");
          await page.locator(".toast-ok").filter({ hasText: `Saved ${USER}` }).waitFor();
          const after = await ws.read(`api-docs/${USER}`);
          assertStringIncludes(after, "Edited in the browser.");
          assertStringIncludes(after, "resource: users\n");
          await page.keyboard.press("Control+e");
          await page.locator(".prose").filter({ hasText: "Edited in the browser." }).waitFor();
        },
      );

      await t.step("a file edited on disk refreshes the open page", async () => {
        const text = await ws.read(`api-docs/${USER}`);
        await ws.write(`api-docs/${USER}`, text.replace("# Get user by id", "# Renamed on disk"));
        await page.getByTestId("spec-title").filter({ hasText: "Renamed on disk" }).waitFor();
        await page.locator(`a[href="/specs/${USER}"]`).filter({ hasText: "Renamed on disk" })
          .waitFor();
      });

      await t.step(
        "flow canvas: steps and links; reorder and add a step, save to markdown",
        async () => {
          await page.click(`a[href="/flows/${FLOW}"]`);
          await page.getByTestId("flow-title").filter({ hasText: "User onboarding" }).waitFor();
          assertEquals(await page.getByTestId("step-card").count(), 3);
          assert(
            await page.locator(".links .link").count() >= 2,
            "capture-to-inject links are drawn",
          );
          await shot(page, "flow-canvas-light");
          await page.getByRole("button", { name: "Move step 3 up" }).click();
          await page.getByLabel("Endpoint for a new step").selectOption(
            "apis/health/get-health.md",
          );
          await page.getByRole("button", { name: "Add step" }).click();
          await page.getByLabel("Assertions, one per line").fill("status: 200");
          await page.getByTestId("save-flow").click();
          await page.locator(".toast-ok").filter({ hasText: `Saved ${FLOW}` }).waitFor();
          const { flow, issues } = parseFlow(await ws.read(`api-docs/${FLOW}`), FLOW);
          assertEquals(issues.filter((i) => i.severity === "error"), []);
          assertEquals(flow!.steps.map((s) => s.name), [
            "Create user",
            "Delete user",
            "Read user",
            "Health check",
          ]);
          assertEquals(flow!.steps[3].asserts.map((a) => a.source), ["status: 200"]);
        },
      );

      await t.step("flow canvas: Run shows each step's result", async () => {
        await page.getByTestId("run-flow").click();
        await page.getByTestId("flow-verdict").waitFor();
        const states = await page.getByTestId("step-state").allInnerTexts();
        assertEquals(states.length, 4);
        // The flow as saved above: create, delete, then read the deleted user (404), then health.
        assert(states[0].startsWith("✓ 201"), states[0]);
        assert(states[1].startsWith("✓ 204"), states[1]);
        assert(states[2].startsWith("✗ 404") || states[2] === "skipped", states[2]);
        await page.getByRole("button", { name: "Create user" }).first().click();
        await page.locator(".step-result [data-testid=verdict]").filter({ hasText: "PASS" })
          .waitFor();
        await shot(page, "flow-run-light");
      });

      await t.step("request builder: send ad hoc, then save it as a spec", async () => {
        await page.getByTestId("new-request").click();
        await page.getByTestId("request-url").fill("{{baseUrl}}/orders/42");
        await page.getByTestId("request-send").click();
        await page.getByTestId("request-result").filter({ hasText: "200 OK" }).waitFor();
        assertStringIncludes(await page.getByTestId("request-result").innerText(), "ord_42");
        await shot(page, "request-builder-light");
        await page.getByTestId("save-path").fill("apis/orders/get-order-42.md");
        await page.getByTestId("send-save").click();
        await page.locator(".toast-ok").filter({ hasText: "Saved apis/orders/get-order-42.md" })
          .waitFor();
        assert(await ws.exists("api-docs/apis/orders/get-order-42.md"));
      });

      await t.step("the theme toggle switches to dark and back", async () => {
        await page.getByTestId("theme-toggle").click();
        assertEquals(await page.locator("html").getAttribute("data-theme"), "dark");
        await page.getByTestId("theme-toggle").click();
        assertEquals(await page.locator("html").getAttribute("data-theme"), "light");
      });

      await t.step("dark theme screenshots of the main views", async () => {
        const dark = await open("dark");
        await dark.goto(preview.url + "/");
        await dark.getByTestId("endpoint-count").waitFor();
        await shot(dark, "index-dark");
        await dark.goto(`${preview.url}/specs/${WRONG}`);
        await dark.getByTestId("send").click();
        await dark.getByTestId("verdict").waitFor();
        await shot(dark, "result-diff-dark");
        await dark.keyboard.press("Control+e");
        await dark.locator(".cm-content").waitFor();
        await shot(dark, "editor-dark");
        await dark.goto(`${preview.url}/flows/${FLOW}`);
        await dark.getByTestId("step-card").first().waitFor();
        await shot(dark, "flow-canvas-dark");
        await dark.goto(`${preview.url}/request`);
        await dark.getByTestId("request-url").waitFor();
        await shot(dark, "request-builder-dark");
        await dark.close();
      });

      assertEquals(errors, [], "no uncaught errors in the page");
    } finally {
      await browser.close();
    }
  },
});
