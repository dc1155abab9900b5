/// <reference lib="dom" />
/**
 * The UI's environment page with an OAuth 2.0 authorization-code project:
 * no token, then Log in opens the provider's page (oidc-provider) in a new
 * tab, the loopback redirect caches the token, the page shows its expiry,
 * and the UI's run route sends the endpoint with it. The token never
 * reaches the page or the API answers.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { APP, oauthApi, startOidc } from "../helpers/oidc.ts";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

skipMessage("the UI sign-in test");

Deno.test({
  name: "env page: token expiry and a Log in button for the authorization-code grant",
  ignore: !CHROMIUM,
  fn: async () => {
    await using oidc = await startOidc();
    await using api = oauthApi(oidc);
    await using ws = await workspace(collectionFiles(api.url, {
      "project.md": `---\nname: test\nversion: 1\nauth: oauth2\noauth2:\n` +
        `  grant: authorization_code\n  tokenUrl: ${oidc.tokenUrl}\n  authUrl: ${oidc.authUrl}\n` +
        `  clientId: ${APP.id}\n  scope: openid\n---\n`,
      "apis/things/get-things.md": endpoint({ path: "/things", resource: "things" }),
    }));
    const cache = await Deno.makeTempDir({ prefix: "apispec-cache-" });
    await using preview = await startTestPreview(ws.dir, { env: { XDG_CACHE_HOME: cache } });
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${preview.url}/environments`);
      const row = page.locator('[data-testid="auth-token-row"][data-env="dev"]');
      await row.waitFor();
      assertEquals(
        await row.locator('[data-testid="auth-token-expiry"]').innerText(),
        "no cached token",
      );
      const [signIn] = await Promise.all([
        context.waitForEvent("page"),
        row.locator('[data-testid="auth-login"]').click(),
      ]);
      await signIn.waitForLoadState();
      await signIn.fill("input[name=login]", "ada");
      await signIn.fill("input[name=password]", "any");
      await signIn.click("button[type=submit]");
      await signIn.waitForSelector("button[type=submit]");
      await signIn.click("button[type=submit]");
      await signIn.waitForSelector("text=Signed in");
      await page.waitForFunction(
        () =>
          document.querySelector('[data-env="dev"] [data-testid="auth-token-expiry"]')?.textContent
            ?.startsWith("expires"),
        undefined,
        { timeout: 15_000 },
      );
      assertStringIncludes(
        await row.locator('[data-testid="auth-token-expiry"]').innerText(),
        "refreshable",
      );
      const html = await page.content();
      const run = await preview.send("POST", "/api/run", {
        path: "apis/things/get-things.md",
        env: "dev",
      });
      assertEquals((run.body.record as { status: number }).status, 200, JSON.stringify(run.body));
      for (const token of api.seen.filter((t) => t !== "-")) {
        assertEquals(html.includes(token) || JSON.stringify(run.body).includes(token), false);
      }
      assertEquals(oidc.tokenRequests, ["authorization_code"]);
    } finally {
      await browser.close();
      await Deno.remove(cache, { recursive: true });
    }
  },
});
