/**
 * The flow canvas in Chromium on composed flows, against the real preview
 * server and the demo API: a sub-flow drawn as a group with a chip per step,
 * a loop with its count and a chip per run, a data-driven flow's rows, and
 * the parallel switch, which runs at once and is saved only by Save.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { parseFlow } from "../../src/engine/parse/flow.ts";
import { startDemoApi } from "../../src/demo/api.ts";
import { writeDemoCollection } from "../../src/demo/collection.ts";
import { CHROMIUM, launchChromium, SCREENSHOTS, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { endpoint, workspace } from "../helpers/workspace.ts";

skipMessage("tests/ui/flow_canvas_test.ts");

const EACH = "flows/each-user.md";
const EACH_FLOW = `---
type: pipeline
name: each-user
parallel: false
---

# Each user

## Steps

1. **Onboard** -> \`flows/user-onboarding.md\`
2. **List** -> \`apis/users/get-list-users.md\`
   - Capture: \`response.body.items\` as \`users\`
3. **Read each** -> \`apis/users/get-user-by-item.md\`
   - For each: \`users\` as \`user\`
   - When: \`user.role: in [admin, member]\`
`;

Deno.test({
  name:
    "flow canvas: sub-flow groups, loop counts, a chip per run, data rows, parallel without saving",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await Deno.mkdir(SCREENSHOTS, { recursive: true });
    const api = startDemoApi();
    await using ws = await workspace({
      [`api-docs/${EACH}`]: EACH_FLOW,
      "api-docs/apis/users/get-user-by-item.md": endpoint({
        path: "/users/:id",
        request: "GET {{baseUrl}}/users/{{user.id}}",
        title: "Get user by item",
      }),
    });
    await writeDemoCollection(ws.dir, api.url);
    await using preview = await startTestPreview(ws.dir, {
      env: { APISPEC_AUTH_TOKEN: api.token },
    });
    const browser = await launchChromium();
    const errors: string[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      page.setDefaultTimeout(20_000);
      page.on("pageerror", (error) => errors.push(error.message));
      const cards = page.getByTestId("step-card");

      await t.step(
        "a sub-flow is a group of its steps; a loop and a condition show on their card",
        async () => {
          await page.goto(`${preview.url}/flows/${EACH}`);
          await page.getByTestId("flow-title").filter({ hasText: "Each user" }).waitFor();
          assertEquals(await cards.count(), 3);
          await cards.nth(0).getByTestId("subflow").waitFor();
          assertStringIncludes(
            await cards.nth(0).innerText(),
            "3 step(s): Create user, Read user, Delete user",
          );
          assertStringIncludes(
            await cards.nth(2).getByTestId("step-behaviour").innerText(),
            "↻ for each user in users",
          );
          assertStringIncludes(
            await cards.nth(2).getByTestId("step-behaviour").innerText(),
            "? when user.role: in [admin, member]",
          );
        },
      );

      await t.step(
        "Run streams a chip per sub-flow step and per loop run, and counts the runs",
        async () => {
          await page.getByTestId("run-flow").click();
          await page.getByTestId("flow-verdict").filter({ hasText: "PASS" }).waitFor();
          assertEquals(await cards.nth(0).getByTestId("step-run").allInnerTexts(), [
            "Create user",
            "Read user",
            "Delete user",
          ]);
          // Ada and Alan are left once the onboarded user is deleted.
          assertEquals(await cards.nth(2).getByTestId("step-run").allInnerTexts(), ["[1]", "[2]"]);
          assertStringIncludes(
            await cards.nth(2).getByTestId("step-behaviour").innerText(),
            "· 2 runs",
          );
          assertEquals(await cards.nth(2).getByTestId("step-state").innerText(), "2✓");
          await page.screenshot({ path: `${SCREENSHOTS}flow-canvas-composed.png` });
        },
      );

      await t.step("ticking parallel runs at once and writes the file only on Save", async () => {
        await page.getByLabel("parallel").check();
        await page.getByTestId("save-flow").filter({ hasText: "Save •" }).waitFor();
        await page.getByTestId("run-flow").click();
        await page.getByTestId("flow-verdict").filter({ hasText: "PASS" }).waitFor();
        assertEquals(await page.locator(".toast-info").count(), 0);
        assertEquals(parseFlow(await ws.read(`api-docs/${EACH}`), EACH).flow?.parallel, false);
        await page.getByTestId("save-flow").click();
        await page.locator(".toast-ok").filter({ hasText: `Saved ${EACH}` }).waitFor();
        const saved = parseFlow(await ws.read(`api-docs/${EACH}`), EACH).flow!;
        assertEquals(saved.parallel, true);
        // Saving from the canvas keeps the loop and its condition.
        assertEquals(saved.steps[2].forEach, { items: "users", as: "user", line: 15 });
        assertEquals(saved.steps[2].when?.rule.source, "user.role: in [admin, member]");
      });

      await t.step(
        "a data-driven flow names its data file and counts the rows that passed",
        async () => {
          await page.goto(`${preview.url}/flows/flows/team-onboarding.md`);
          await page.getByTestId("flow-data").filter({ hasText: "data/team.csv" }).waitFor();
          await page.getByTestId("run-flow").click();
          await page.getByTestId("flow-verdict").filter({ hasText: "3/3 data rows passed" })
            .waitFor();
          // The cards show the last row (no orders: the loop is skipped); the first row had two.
          assertEquals(await cards.nth(1).getByTestId("step-state").innerText(), "skipped");
          await page.getByTestId("row-tab").filter({ hasText: "row 1" }).click();
          assertEquals(await cards.nth(1).getByTestId("step-run").allInnerTexts(), ["[1]", "[2]"]);
          // Ada is an admin: the condition held for row 1.
          const listed = await cards.nth(2).getByTestId("step-state").innerText();
          assert(listed.startsWith("✓ 200"), listed);
          await page.screenshot({ path: `${SCREENSHOTS}flow-canvas-data.png` });
        },
      );
      assert(errors.length === 0, errors.join("\n"));
    } finally {
      await browser.close();
      await api.close();
    }
  },
});
