/**
 * The variables an auth kind reads (OAuth 2.0's `oauth2:` block in
 * project.md here) are listed wherever an endpoint's variables are: `apispec
 * context` (real CLI), the preview's variable report (real server) and its
 * Send overrides (Chromium), and `apispec_vars` (MCP SDK client); the client
 * secret is marked as a credential, though its name does not say so, and its
 * override is typed unseen.
 */
/// <reference lib="dom" />
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { startMcp } from "../helpers/mcp.ts";
import { CHROMIUM, launchChromium } from "../helpers/browser.ts";

const PROJECT = `---
name: shop
version: 1
auth: oauth2
oauth2:
  grant: client_credentials
  tokenUrl: "{{tokenUrl}}"
  clientId: "{{shopClient}}"
  clientSecret: "{{shopKey}}"
  scope: "{{scopes}}"
---
`;

async function project() {
  return await workspace(collectionFiles("http://127.0.0.1:9", {
    "api-docs/project.md": PROJECT,
    "api-docs/_shared/env.template.md":
      "## dev\n\n```yaml\nbaseUrl: http://127.0.0.1:9\ntokenUrl: http://127.0.0.1:9/token\n" +
      "shopClient: shop-ci\nscopes: orders:read\n```\n",
    "apis/orders/get-orders.md": endpoint({ path: "/orders", resource: "orders" }),
  }));
}

const OAUTH_VARIABLES = ["tokenUrl", "shopClient", "shopKey", "scopes"];

type Entry = { name: string; resolved: boolean; secret?: boolean };

Deno.test("context lists the variables oauth2: reads", async () => {
  await using ws = await project();
  const result = await apispec(["context", "get-orders", "--include", "variables"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const line = result.stdout.split("\n").find((l) => l.startsWith("vars: "));
  assert(line, result.stdout);
  for (const name of OAUTH_VARIABLES) assertStringIncludes(line, name);
});

Deno.test("the preview's and MCP's variable reports list them, the client secret as a credential", async () => {
  await using ws = await project();
  await using preview = await startTestPreview(ws.dir);
  const report = await preview.send(
    "GET",
    "/api/vars?path=apis/orders/get-orders.md&env=dev",
  );
  assertEquals(report.status, 200, JSON.stringify(report.body));
  const variables = report.body.variables as Entry[];
  for (const name of OAUTH_VARIABLES) {
    assert(variables.some((v) => v.name === name), `${name} in ${JSON.stringify(variables)}`);
  }
  const byName = new Map(variables.map((v) => [v.name, v]));
  assertEquals(byName.get("shopKey")?.secret, true);
  assertEquals(byName.get("shopKey")?.resolved, false);
  assertEquals(byName.get("shopClient")?.secret, undefined);
  assertEquals(report.body.ready, false);

  await using mcp = await startMcp({ cwd: ws.dir });
  const vars = await mcp.call<{ variables: Entry[] }>("apispec_vars", {
    spec_path: "api-docs/apis/orders/get-orders.md",
    env: "dev",
  });
  const shopKey = vars.variables.find((v) => v.name === "shopKey");
  assertEquals(shopKey?.secret, true, JSON.stringify(vars.variables));
});

Deno.test({
  name: "the Send overrides type a client secret unseen",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await using ws = await project();
    await using preview = await startTestPreview(ws.dir);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${preview.url}/specs/apis/orders/get-orders.md`);
      const secret = page.getByLabel("Override shopKey");
      await secret.waitFor();
      assertEquals(await secret.getAttribute("type"), "password");
      assertEquals(await page.getByLabel("Override shopClient").getAttribute("type"), null);
    } finally {
      await browser.close();
    }
  },
});
