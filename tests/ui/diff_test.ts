/**
 * The result diff in Chromium against the real preview server and demo API:
 * failing paths marked, what shape mode allows greyed, unified and side by
 * side (remembered), the expected body indented on the spec page, "Accept
 * response as expected" writing exactly what `exec --update` writes (after
 * the diff is confirmed; its write routes guarded), and flow steps showing
 * the same diff.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { demoProject, WRONG_SHAPE, WRONG_SHAPE_SPEC } from "../helpers/demo.ts";
import { apispec } from "../helpers/cli.ts";

skipMessage("tests/ui");

const COPY = "apis/users/get-user-wrong-shape-copy.md";

Deno.test({
  name: "UI diff: failing paths, allowed differences, side by side, accept as expected, flow steps",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await using demo = await demoProject({
      [`api-docs/${WRONG_SHAPE}`]: WRONG_SHAPE_SPEC,
      [`api-docs/${COPY}`]: WRONG_SHAPE_SPEC,
    });
    const env = { APISPEC_AUTH_TOKEN: demo.api.token };
    await using preview = await startTestPreview(demo.ws.dir, { env });
    const browser = await launchChromium();
    const errors: string[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(15_000);
      page.on("pageerror", (error) => errors.push(error.message));
      const rowState = (path: string) =>
        page.locator(`[data-testid=body-compare] [data-path="${path}"]`).first()
          .getAttribute("data-state");

      await t.step("the spec page shows the expected body indented", async () => {
        await page.goto(`${preview.url}/specs/${WRONG_SHAPE}`);
        const block = await page.getByLabel("Expected response block").innerText();
        assertStringIncludes(block, '{\n  "id": "2",\n  "name": "Alan Turing",');
      });

      await t.step(
        "a failing Send marks the failing paths and greys the allowed ones",
        async () => {
          await page.getByTestId("send").click();
          await page.getByTestId("verdict").filter({ hasText: "FAIL" }).waitFor();
          assertEquals(await rowState("body.id"), "fail");
          assertEquals(await rowState("body.nickname"), "fail");
          // The demo user has keys the spec does not list, and shape mode allows them.
          assertEquals(await rowState("body.email"), "allowed");
          assertEquals(await page.locator("[data-state=fail]").count(), 2);
          assertStringIncludes(
            await page.locator('[data-path="body.email"]').getAttribute("title") ?? "",
            "extra keys are allowed",
          );
        },
      );

      await t.step("side by side puts the documented and actual lines in two columns", async () => {
        await page.getByTestId("layout-split").click();
        const row = page.locator('.split-diff tr[data-path="body.id"]');
        assertEquals(await row.getAttribute("data-state"), "fail");
        assertStringIncludes(await row.locator("td").nth(0).innerText(), '"id": "2"');
        assertStringIncludes(await row.locator("td").nth(1).innerText(), '"id": 2');
        await page.reload();
        await page.getByTestId("send").click();
        await page.getByTestId("verdict").waitFor();
        assertEquals(
          await page.getByTestId("body-compare").getAttribute("data-layout"),
          "split",
          "the layout is remembered",
        );
        await page.getByTestId("layout-unified").click();
      });

      await t.step("a passing run shows no failing row", async () => {
        await page.goto(`${preview.url}/specs/apis/users/get-user-by-id.md`);
        await page.getByTestId("send").click();
        await page.getByTestId("verdict").filter({ hasText: "PASS" }).waitFor();
        await page.getByTestId("body-compare").waitFor();
        assertEquals(await page.locator("[data-testid=body-compare] [data-state=fail]").count(), 0);
      });

      await t.step("Accept response as expected writes what exec --update writes", async () => {
        const cli = await apispec(["exec", `api-docs/${COPY}`, "--update", "--yes"], {
          cwd: demo.ws.dir,
          env,
        });
        assertEquals(cli.code, 0, cli.stderr + cli.stdout);
        const byCli = await demo.ws.read(`api-docs/${COPY}`);

        await page.goto(`${preview.url}/specs/${WRONG_SHAPE}`);
        await page.getByTestId("send").click();
        await page.getByTestId("verdict").filter({ hasText: "FAIL" }).waitFor();
        await page.getByTestId("accept-response").click();
        const dialog = page.getByTestId("accept-dialog");
        await dialog.waitFor();
        assertStringIncludes(await dialog.innerText(), `Write this to api-docs/${WRONG_SHAPE}?`);
        assert(await dialog.locator(".diff-del").count() > 0, "the diff is shown first");
        // Cancel writes nothing.
        await dialog.getByRole("button", { name: "Cancel" }).click();
        assertEquals(await demo.ws.read(`api-docs/${WRONG_SHAPE}`), WRONG_SHAPE_SPEC);
        await page.getByTestId("accept-response").click();
        await page.getByTestId("accept-write").click();
        await page.locator(".toast-ok").filter({ hasText: "Updated ## Expected response" })
          .waitFor();
        assertEquals(await demo.ws.read(`api-docs/${WRONG_SHAPE}`), byCli);
        // The page follows the file: Send passes now.
        await page.getByLabel("Expected response block").filter({ hasText: '"id": 2' }).waitFor();
        await page.getByTestId("send").click();
        await page.getByTestId("verdict").filter({ hasText: "PASS" }).waitFor();
      });

      await t.step("the update routes need the write cookie and this origin", async () => {
        const plain = await fetch(`${preview.url}/api/update/apply`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ update_id: "x" }),
        });
        assertEquals(plain.status, 403);
        assertEquals((await plain.json()).error.code, "WRITE_TOKEN_REQUIRED");
        const foreign = await preview.call("/api/update", {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://evil.example" },
          body: JSON.stringify({ update_id: "x" }),
        });
        assertEquals(foreign.status, 403);
        assertEquals((await foreign.json()).error.code, "FORBIDDEN_ORIGIN");
        const unknown = await preview.send("POST", "/api/update", { update_id: "nope" });
        assertEquals(unknown.status, 404);
      });

      await t.step("a flow step shows the same diff", async () => {
        await page.goto(`${preview.url}/flows/flows/user-onboarding.md`);
        await page.getByTestId("run-flow").click();
        await page.getByTestId("flow-verdict").waitFor();
        await page.getByRole("button", { name: "Read user" }).first().click();
        const compare = page.locator(".step-result [data-testid=body-compare]");
        await compare.waitFor();
        // The user the flow created differs from the documented one in values only: grey, not red.
        assertEquals(await compare.locator("[data-state=fail]").count(), 0);
        assertEquals(
          await compare.locator('[data-path="body.name"]').getAttribute("data-state"),
          "allowed",
        );
      });
      assertEquals(errors, []);
    } finally {
      await browser.close();
    }
  },
});
