/// <reference lib="dom" />
/**
 * The Coverage view in Chromium against the real preview server, the demo
 * collection and the demo API, with the OpenAPI document project.md names:
 * the summary bar and table, live updates when another process (the CLI)
 * runs the collection, the failing and stale filters, sorting, "Draft spec"
 * opening the new file in the editor, and a document typed by the user.
 * Screenshots land in tests/ui/screenshots/.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import type { Page } from "playwright-core";
import { apispec } from "../helpers/cli.ts";
import { CHROMIUM, launchChromium, SCREENSHOTS, skipMessage } from "../helpers/browser.ts";
import { nameProjectOpenApi } from "../helpers/openapi_project.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { demoProject, WRONG_SHAPE, WRONG_SHAPE_SPEC } from "../helpers/demo.ts";

skipMessage("tests/ui");

const WRONG = WRONG_SHAPE;
const HEALTH = "apis/health/get-health.md";
const INVOICE = "/invoices/{invoiceId}";

/** The rows' files, top to bottom. */
function rowFiles(page: Page): Promise<string[]> {
  return page.locator("[data-testid=coverage-row] .file").allInnerTexts();
}

Deno.test({
  name: "web UI: Coverage view (summary, table, live runs, filters, sort, Draft spec)",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await Deno.mkdir(SCREENSHOTS, { recursive: true });
    await using demo = await demoProject({ [`api-docs/${WRONG}`]: WRONG_SHAPE_SPEC });
    const { ws, api } = demo;
    await nameProjectOpenApi(ws.dir);
    const env = { APISPEC_AUTH_TOKEN: api.token };
    await using preview = await startTestPreview(ws.dir, { env });
    const browser = await launchChromium();
    const errors: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => errors.push(error.message));
    const shot = (name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
    const text = (id: string) => page.getByTestId(id).innerText();
    try {
      await t.step("before any run: every file listed, nothing covered", async () => {
        await page.goto(`${preview.url}/`);
        await page.getByTestId("nav-coverage").click();
        await page.getByTestId("coverage-table").waitFor();
        assertEquals(await text("coverage-pct"), "0%");
        assertEquals(await text("coverage-endpoints"), "8");
        assertEquals(await text("coverage-run"), "0");
        assertStringIncludes(await text("coverage-document"), "Named in project.md: openapi.json");
        assertEquals(await page.getByTestId("coverage-row").count(), 8);
        assertEquals(await page.locator("[data-state=never]").count(), 8);
        // Operations without a file get a Draft button; documented ones name their file.
        const invoice = page.locator(`[data-testid=uncovered-op][data-path="${INVOICE}"]`);
        await invoice.getByTestId("draft-spec").waitFor();
        const health = page.locator('[data-testid=uncovered-op][data-path="/health"]');
        assertEquals(await health.getByTestId("draft-spec").count(), 0);
        assertStringIncludes(await health.innerText(), HEALTH);
        await shot("coverage-before");
      });

      await t.step("a run by another process updates it live, failures first", async () => {
        const run = await apispec(["check", "api-docs"], { cwd: ws.dir, env });
        // The wrong shape fails; delete-user.md is left to its flow (standalone: false).
        assertStringIncludes(run.stdout, "**1 failed**, 1 skipped of 10", run.stderr);
        // The page follows the history events; the route says where they lead.
        const summary = await preview.send("GET", "/api/coverage");
        const expected = (summary.body.report as { summary: Record<string, number> }).summary;
        assertEquals(expected.run, 8);
        for (const name of ["run", "passing", "stale"]) {
          await page.getByTestId(`coverage-${name}`).filter({
            hasText: new RegExp(`^${expected[name]}$`),
          }).waitFor();
        }
        assertEquals(await text("coverage-pct"), `${expected.coverage_pct}%`);
        assertEquals(await text("coverage-stale"), String(expected.stale));
        const files = await rowFiles(page);
        assertEquals(files[0], WRONG, "the failing file comes first");
        const wrong = page.locator("[data-testid=coverage-row]").filter({ hasText: WRONG });
        assertEquals(await wrong.getAttribute("data-state"), "fail");
        assertStringIncludes(await wrong.innerText(), "✗ failed");
        assertStringIncludes(await wrong.innerText(), "stale: failed");
        assert(!(await page.locator('[data-testid=uncovered-op][data-path="/health"]').count()));
        await shot("coverage");
      });

      await t.step("filters narrow to failing and never-run files; headers sort", async () => {
        await page.getByTestId("coverage-filter-fail").click();
        assertEquals(await rowFiles(page), [WRONG]);
        await page.getByTestId("coverage-filter-stale").click();
        assertEquals(await rowFiles(page), [WRONG]);
        // `check` ran every file: the delete through its flow, which gives it the id it needs.
        await page.getByTestId("coverage-filter-never").click();
        assertEquals(await rowFiles(page), []);
        assertEquals(await text("coverage-none"), "No never run endpoint files.");
        await page.getByTestId("coverage-filter-all").click();
        await page.getByTestId("coverage-sort-endpoint").click();
        const paths = await page.locator("[data-testid=coverage-row] code.path").allInnerTexts();
        assertEquals(paths, [...paths].sort((a, b) => a.localeCompare(b)));
        await page.getByTestId("coverage-sort-endpoint").click();
        const reversed = await page.locator("[data-testid=coverage-row] code.path")
          .allInnerTexts();
        assertEquals(reversed[0], paths.at(-1));
        await shot("coverage-sorted");
      });

      await t.step(
        "Draft spec writes the operation's file and opens it in the editor",
        async () => {
          const invoice = page.locator(`[data-testid=uncovered-op][data-path="${INVOICE}"]`);
          await invoice.getByTestId("draft-spec").click();
          await page.locator(".cm-content").waitFor();
          const file = "apis/invoices/get-invoice.md";
          assertEquals(new URL(page.url()).pathname, `/specs/${file}`);
          await page.locator(".toast-ok").filter({ hasText: `Drafted ${file}` }).waitFor();
          assertStringIncludes(
            await page.locator(".cm-content").innerText(),
            "GET {{baseUrl}}/invoices/:invoiceId",
          );
          assertStringIncludes(await ws.read(`api-docs/${file}`), "# Get invoice");
          await shot("coverage-drafted");
          await page.goBack();
          const drafted = page.locator(`[data-testid=uncovered-op][data-path="${INVOICE}"]`);
          await drafted.filter({ hasText: file }).waitFor();
          assertEquals(await drafted.getByTestId("draft-spec").count(), 0);
          assertEquals(await text("coverage-endpoints"), "9");
          assertEquals(await text("coverage-filter-never"), "Never run 1");
        },
      );

      await t.step("a document typed by the user; one that cannot be read", async () => {
        await ws.write("contracts/other.json", await ws.read("openapi.json"));
        await page.getByTestId("coverage-openapi").fill("contracts/other.json");
        await page.getByTestId("coverage-openapi-use").click();
        await page.getByTestId("coverage-document").filter({ hasText: "Given here" }).waitFor();
        assertEquals(new URL(page.url()).search, "?openapi=contracts%2Fother.json");
        await page.getByTestId("coverage-openapi").fill("nope.yaml");
        await page.getByTestId("coverage-openapi-use").click();
        await page.getByTestId("coverage-openapi-error").waitFor();
        assertStringIncludes(await text("coverage-openapi-error"), "does not exist");
        assertEquals(await page.getByTestId("coverage-row").count(), 9);
        assertEquals(await page.getByTestId("uncovered").count(), 0);
        await shot("coverage-missing-document");
      });

      assertEquals(errors, [], "no uncaught errors in the page");
    } finally {
      await browser.close();
    }
  },
});
