/// <reference lib="dom" />
/**
 * The Proxy view in Chromium against the real preview server and a real
 * `apispec proxy` process in front of a real loopback API: "no proxy
 * running", then the proxy's exchanges appearing as they happen, violations
 * first, a violation's diff on click, the undocumented tab, a spec link, and
 * back to "no proxy running" once the proxy stops. Screenshots land in
 * tests/ui/screenshots/.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { CHROMIUM, launchChromium, SCREENSHOTS, skipMessage } from "../helpers/browser.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

skipMessage("tests/ui");

const SPEC = "apis/users/get-user.md";

Deno.test({
  name: "web UI: Proxy view follows a running apispec proxy, violations first",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await Deno.mkdir(SCREENSHOTS, { recursive: true });
    await using api = startTestApi((request) => {
      const path = new URL(request.url).pathname;
      if (path === "/users/1") return jsonResponse({ id: 1, name: "Ada" });
      if (path === "/users/2") return jsonResponse({ id: "2", name: "Alan" });
      return jsonResponse({ id: 7, total: 12.5 });
    });
    await using ws = await workspace(collectionFiles(api.url, {
      [SPEC]: endpoint({
        path: "/users/:id",
        title: "Get user",
        expected:
          'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": {{id}}, "name": "Ada"}',
      }),
    }));
    await using preview = await startTestPreview(ws.dir);
    const browser = await launchChromium();
    const errors: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => errors.push(error.message));
    const shot = (name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
    const proxy = await spawnApispec(["proxy", "--port=0", `--target=${api.url}`], {
      cwd: ws.dir,
      ready: /Listening on (http:\/\/\S+)/,
    });
    try {
      await t.step("without exchanges yet, the view names the proxy", async () => {
        await page.goto(`${preview.url}/`);
        await page.getByTestId("nav-proxy").click();
        await page.getByTestId("proxy-empty").waitFor();
        assertStringIncludes(await page.getByTestId("proxy-where").innerText(), proxy.url);
      });

      await t.step("exchanges appear as they pass, the violation first", async () => {
        for (const path of ["/users/1", "/orders/7", "/users/2"]) {
          await (await fetch(`${proxy.url}${path}`)).body?.cancel();
        }
        await page.getByTestId("proxy-exchange").nth(2).waitFor();
        const rows = page.getByTestId("proxy-exchange");
        assertEquals(await rows.first().getAttribute("data-result"), "fail");
        assertStringIncludes(await rows.first().innerText(), "/users/2");
        assertEquals(await page.getByTestId("proxy-violations").innerText(), "1");
        await rows.first().getByRole("button").click();
        assertStringIncludes(
          await page.getByTestId("proxy-diff").innerText(),
          "body.id: expected number, got string",
        );
        await shot("proxy");
        await page.getByTestId("proxy-tab-undocumented").click();
        assertEquals(await rows.count(), 1);
        assertStringIncludes(await rows.first().innerText(), "no endpoint file");
        await page.getByTestId("proxy-tab-all").click();
        await rows.first().getByRole("link", { name: SPEC }).click();
        await page.getByTestId("spec-title").filter({ hasText: "Get user" }).waitFor();
      });

      await t.step("a stopped proxy leaves the view saying so", async () => {
        await page.goBack();
        await page.getByTestId("proxy-exchange").first().waitFor();
        const stopped = await proxy.stop("SIGINT");
        assertEquals(stopped.code, 0, stopped.stderr);
        await page.getByTestId("proxy-none").waitFor();
        assertEquals(await page.getByTestId("proxy-none").getAttribute("data-reason"), "none");
        await shot("proxy-none");
      });
      assertEquals(errors, [], "no uncaught errors in the page");
    } finally {
      await proxy.stop();
      await browser.close();
    }
  },
});
