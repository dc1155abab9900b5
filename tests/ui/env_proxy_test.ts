/**
 * Environments and the proxy in Chromium against the real preview server:
 * saving an environment keeps numbers numbers, the local tab offers every
 * template environment to override before env.md exists, "gitignored" is
 * said only when git ignores the file, the top bar's switcher shows each
 * resolved value and where it comes from; `apispec proxy <project folder>`
 * (a real process) is found by the Proxy view, whose exchanges show their
 * request and response, and an undocumented one is saved as a spec.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { endpoint, workspace } from "../helpers/workspace.ts";
import { parseEndpoint } from "../../src/engine/parse/spec.ts";

skipMessage("tests/ui");

const TEMPLATE = "api-docs/_shared/env.template.md";
const LOCAL = "api-docs/_shared/env.md";

Deno.test({
  name: "UI environments and proxy: types kept, local overrides, git truth, switcher, proxy",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await using api = startTestApi((request) => {
      const path = new URL(request.url).pathname;
      if (path === "/users/1") return jsonResponse({ id: 1, name: "Ada" });
      return jsonResponse({ id: 7, kind: "widget" });
    });
    await using ws = await workspace({
      "api-docs/project.md": "---\nname: envs\nversion: 1\n---\n",
      [TEMPLATE]: "# Environments\n\n## dev\n\n```yaml\nbaseUrl: " + api.url +
        "\npageSize: 10\nverbose: false\n```\n\n## staging\n\n```yaml\nbaseUrl: http://127.0.0.1:9\n```\n",
      "api-docs/apis/users/get-user.md": endpoint({ title: "Get user" }),
      ".env.local": "SHARED_KEY=from-dotenv\n",
    });
    await using preview = await startTestPreview(ws.dir, {
      env: { APISPEC_AUTH_TOKEN: "tok_0123456789" },
    });
    const browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    try {
      await t.step("saving an environment writes numbers as numbers", async () => {
        await page.goto(`${preview.url}/environments`);
        const dev = page.locator("[data-testid=env-card][data-env=dev]");
        await dev.getByLabel("Value of pageSize in dev").fill("20");
        await dev.getByTestId("env-save").click();
        await page.locator(".toast-ok").filter({ hasText: "Saved dev" }).waitFor();
        const text = await ws.read(TEMPLATE);
        assertStringIncludes(text, "pageSize: 20\n");
        assertStringIncludes(text, "verbose: false\n");
      });

      await t.step("without env.md the local tab offers the template's environments", async () => {
        assertEquals(await ws.exists(LOCAL), false);
        await page.getByTestId("env-tab-1").click();
        const dev = page.locator("[data-testid=env-card][data-env=dev]");
        await dev.getByTestId("env-no-overrides").waitFor();
        assertEquals(await page.locator("[data-testid=env-card][data-env=staging]").count(), 1);
        // Not a git repository and no .gitignore: nothing may claim git ignores env.md.
        const note = await page.getByTestId("env-file-note").innerText();
        assert(!note.includes("gitignored") && !note.includes("git ignores"), note);
        assertStringIncludes(note, "git does not ignore it: add api-docs/_shared/env.md");
        assertStringIncludes(await page.getByTestId("dotenv-note").innerText(), "add .env.local");
        await dev.getByTestId("env-override").selectOption("pageSize");
        await dev.getByLabel("Value of pageSize in dev").fill("50");
        await dev.getByTestId("env-save").click();
        await page.locator(".toast-ok").filter({ hasText: "Saved dev in _shared/env.md" })
          .waitFor();
        assertStringIncludes(await ws.read(LOCAL), "pageSize: 50\n");
      });

      await t.step(
        "with a .gitignore that lists them, the page says git ignores them",
        async () => {
          await ws.write(".gitignore", "api-docs/_shared/env.md\n.env.local\n");
          await page.reload();
          await page.getByTestId("env-tab-1").click();
          assertStringIncludes(
            await page.getByTestId("env-file-note").innerText(),
            "git ignores it",
          );
          assertStringIncludes(await page.getByTestId("dotenv-note").innerText(), "git ignores it");
        },
      );

      await t.step("the switcher shows resolved values, their sources, and switches", async () => {
        await page.getByTestId("env-switcher").locator("summary").click();
        const row = (name: string) =>
          page.locator(`[data-testid=env-resolved] tr[data-name="${name}"]`).innerText();
        await page.getByTestId("env-resolved").waitFor();
        const pageSize = await row("pageSize");
        assertStringIncludes(pageSize, "50");
        assertStringIncludes(pageSize, "_shared/env.md [dev]");
        assertStringIncludes(pageSize, "overrides api-docs/_shared/env.template.md [dev]");
        const token = await row("authToken");
        assertStringIncludes(token, "APISPEC_AUTH_TOKEN");
        assert(!token.includes("tok_0123456789"), "secret values are never shown");
        const shared = await row("SHARED_KEY");
        assertStringIncludes(shared, ".env.local");
        assert(!shared.includes("from-dotenv"), ".env.local values are never shown");
        await page.locator("#global-env").selectOption("staging");
        assertStringIncludes(await row("baseUrl"), "http://127.0.0.1:9");
        await page.keyboard.press("Escape");
        await page.goto(`${preview.url}/specs/apis/users/get-user.md`);
        assertEquals(await page.locator("#env").inputValue(), "staging", "every page follows");
        await page.locator("#env").selectOption("dev");
      });

      const proxy = await spawnApispec(["proxy", ws.dir, "--port=0", `--target=${api.url}`], {
        cwd: "/",
        ready: /Listening on (http:\/\/\S+)/,
      });
      try {
        await t.step("`apispec proxy <project folder>` is the proxy the view finds", async () => {
          assert(await ws.exists(".apispec/proxy.json"), "announced in the project");
          await (await fetch(`${proxy.url}/users/1`)).body?.cancel();
          await (await fetch(`${proxy.url}/widgets/7?color=red`)).body?.cancel();
          await page.goto(`${preview.url}/proxy`);
          await page.locator("[data-testid=proxy-exchange][data-result=new]").waitFor();
        });

        await t.step("an exchange shows its request and response", async () => {
          const exchange = page.locator("[data-testid=proxy-exchange][data-result=new]");
          await exchange.locator("button.exchange-head").click();
          await exchange.getByTestId("exchange-tab-request").click();
          // The detail is fetched when the exchange opens: wait for it rather than read "Loading…".
          const detail = exchange.getByTestId("exchange-detail");
          await detail.filter({ hasText: "GET /widgets/7?color=red" }).waitFor();
          await exchange.getByTestId("exchange-tab-response").click();
          await detail.filter({ hasText: "HTTP 200" }).waitFor();
          const response = await detail.innerText();
          assertStringIncludes(response, "HTTP 200");
          assertStringIncludes(response, '"kind": "widget"');
        });

        await t.step("an undocumented route is saved as a spec and opened", async () => {
          await page.getByTestId("save-exchange").click();
          await page.locator(".cm-content").waitFor();
          const file = decodeURIComponent(new URL(page.url()).pathname.replace("/specs/", ""));
          const text = await ws.read(`api-docs/${file}`);
          const { spec, issues } = parseEndpoint(text, file);
          assertEquals(issues.filter((i) => i.severity === "error"), []);
          assertEquals([spec!.method, spec!.path], ["GET", "/widgets/:id"]);
          assertStringIncludes(text, '"kind": "widget"');
        });
      } finally {
        await proxy.stop();
      }
      assertEquals(errors, []);
    } finally {
      await browser.close();
    }
  },
});
