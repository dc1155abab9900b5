/// <reference lib="dom" />
/**
 * Authoring in Chromium against the real preview server and a real loopback
 * API: the request builder's query table, auth tab, body types and "copy as
 * cURL"; creating, duplicating, renaming and deleting endpoints, flows and
 * folders (guarded write routes, contained paths, delete confirmed first);
 * and the sidebar resized by keyboard and by dragging.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { parseCurl } from "../../src/convert/clients/curl_args.ts";
import { parseEndpoint } from "../../src/engine/parse/spec.ts";
import { parseFlow } from "../../src/engine/parse/flow.ts";

skipMessage("tests/ui");

const TOKEN = "tok_live_9f8e7d6c5b4a39281706";

Deno.test({
  name: "UI authoring: request builder tabs and cURL, file create/duplicate/rename/delete, resize",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await using api = startTestApi((request, body) => {
      const url = new URL(request.url);
      return jsonResponse({
        method: request.method,
        query: url.search,
        auth: request.headers.get("authorization"),
        type: request.headers.get("content-type"),
        body,
      });
    });
    await using ws = await workspace(collectionFiles(api.url, {
      "apis/users/get-user.md": endpoint({ title: "Get user" }),
    }));
    await using preview = await startTestPreview(ws.dir, { env: { APISPEC_AUTH_TOKEN: TOKEN } });
    const browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const echoed = async () =>
      JSON.parse(await page.getByTestId("request-result").getByLabel("Response body").innerText());
    try {
      await t.step("the query table follows the URL and the URL follows the table", async () => {
        await page.goto(`${preview.url}/request`);
        await page.getByTestId("request-url").fill("{{baseUrl}}/search?q=ada&page=2");
        const params = page.getByTestId("query-params");
        assertEquals(await params.getByLabel("Parameter name").count(), 2);
        await params.getByLabel("Parameter value").nth(1).fill("3");
        await params.getByRole("button", { name: "+ Parameter" }).click();
        await params.getByLabel("Parameter name").nth(2).fill("sort");
        await params.getByLabel("Parameter value").nth(2).fill("name");
        assertEquals(
          await page.getByTestId("request-url").inputValue(),
          "{{baseUrl}}/search?q=ada&page=3&sort=name",
        );
      });

      await t.step("auth and a form body are sent as set", async () => {
        await page.getByRole("combobox", { name: "Method" }).selectOption("POST");
        await page.getByTestId("request-tab-auth").click();
        await page.getByTestId("auth-type").selectOption("bearer");
        await page.getByTestId("request-tab-body").click();
        await page.getByTestId("body-form").click();
        const form = page.getByTestId("form-fields");
        await form.getByRole("button", { name: "+ Field" }).click();
        await form.getByLabel("Field name").fill("name");
        await form.getByLabel("Field value").fill("Ada Lovelace");
        await page.getByTestId("request-send").click();
        await page.getByTestId("request-result").filter({ hasText: "200" }).waitFor();
        const got = await echoed();
        assertEquals(got.method, "POST");
        assertEquals(got.query, "?q=ada&page=3&sort=name");
        assertEquals(got.type, "application/x-www-form-urlencoded");
        assertEquals(got.body, "name=Ada%20Lovelace");
        assertEquals(api.requests.at(-1)!.headers.authorization, `Bearer ${TOKEN}`);
      });

      await t.step("a JSON body is checked, formatted and typed", async () => {
        await page.getByTestId("body-json").click();
        await page.getByTestId("request-body").fill('{"name": "Ada", "age": ');
        await page.getByRole("status").filter({ hasText: "Not JSON" }).waitFor();
        await page.getByTestId("request-body").fill('{"name": "Ada", "id": {{userId}}}');
        await page.getByRole("button", { name: "Format" }).click();
        assertEquals(
          await page.getByTestId("request-body").inputValue(),
          '{\n  "name": "Ada",\n  "id": {{userId}}\n}',
        );
      });

      await t.step("Copy as cURL gives the resolved request, secrets masked", async () => {
        await page.getByTestId("request-body").fill('{"name": "Ada"}');
        await page.getByTestId("copy-curl").click();
        const command = await page.getByTestId("curl-command").innerText();
        assert(!command.includes(TOKEN), "the token is masked");
        const parsed = parseCurl(command);
        if ("error" in parsed) throw new Error(parsed.error);
        assertEquals(parsed.method, "POST");
        assertEquals(parsed.url, `${api.url}/search?q=ada&page=3&sort=name`);
        assertEquals(parsed.body, '{"name": "Ada"}');
        assert(parsed.headers.some(([n, v]) => n === "Authorization" && v === "Bearer ****"));
        assert(parsed.headers.some(([n, v]) => n === "Content-Type" && v === "application/json"));
      });

      await t.step("a new endpoint is written, valid, and opened in the editor", async () => {
        await page.getByTestId("new-endpoint").click();
        const dialog = page.getByTestId("new-endpoint");
        await dialog.getByRole("combobox", { name: "Method" }).selectOption("POST");
        await dialog.getByTestId("new-endpoint-path").fill("/orders");
        await dialog.getByTestId("new-endpoint-title").fill("Create order");
        assertEquals(
          await dialog.getByTestId("new-endpoint-file").getAttribute("placeholder"),
          "apis/orders/post-orders.md",
        );
        await dialog.getByTestId("file-dialog-submit").click();
        await page.locator(".cm-content").waitFor();
        await page.getByTestId("spec-title").filter({ hasText: "Create order" }).waitFor();
        const { spec, issues } = parseEndpoint(
          await ws.read("api-docs/apis/orders/post-orders.md"),
          "apis/orders/post-orders.md",
        );
        assertEquals(issues.filter((i) => i.severity === "error"), []);
        assertEquals([spec!.method, spec!.path, spec!.resource], ["POST", "/orders", "orders"]);
      });

      await t.step("duplicate, rename (history follows), delete after confirming", async () => {
        await page.goto(`${preview.url}/specs/apis/users/get-user.md`);
        await page.getByTestId("send").click();
        await page.getByTestId("verdict").waitFor();
        const history = ".apispec/history/apis/users/get-user.jsonl";
        assert(await ws.exists(history));

        await page.getByTestId("file-duplicate").click();
        await page.getByTestId("duplicate-to").fill("apis/users/get-user-2.md");
        await page.getByTestId("duplicate").getByTestId("file-dialog-submit").click();
        await page.getByTestId("spec-title").filter({ hasText: "Get user (copy)" }).waitFor();

        await page.goto(`${preview.url}/specs/apis/users/get-user.md`);
        await page.getByTestId("file-rename").click();
        await page.getByTestId("rename-to").fill("apis/people/get-person.md");
        await page.getByTestId("rename").getByTestId("file-dialog-submit").click();
        await page.waitForURL("**/specs/apis/people/get-person.md");
        assert(!(await ws.exists("api-docs/apis/users/get-user.md")));
        assert(await ws.exists(".apispec/history/apis/people/get-person.jsonl"), "history moved");
        assert(!(await ws.exists(history)));
        await page.locator('a[href="/specs/apis/people/get-person.md"]').waitFor();

        await page.getByTestId("file-delete").click();
        const dialog = page.getByTestId("delete");
        assertStringIncludes(await dialog.innerText(), "This file goes from the disk");
        await dialog.getByRole("button", { name: "Cancel" }).click();
        assert(await ws.exists("api-docs/apis/people/get-person.md"), "Cancel deletes nothing");
        await page.getByTestId("file-delete").click();
        await page.getByTestId("delete").getByTestId("file-dialog-submit").click();
        await page.waitForURL(`${preview.url}/`);
        assert(!(await ws.exists("api-docs/apis/people/get-person.md")));
      });

      await t.step("a new flow starts with its first step and validates", async () => {
        await page.getByTestId("new-flow").click();
        const dialog = page.getByTestId("new-flow");
        await dialog.getByTestId("new-flow-title").fill("Checkout");
        await dialog.getByTestId("new-flow-step").selectOption("apis/orders/post-orders.md");
        await dialog.getByTestId("file-dialog-submit").click();
        await page.getByTestId("flow-title").filter({ hasText: "Checkout" }).waitFor();
        const { flow, issues } = parseFlow(
          await ws.read("api-docs/flows/checkout.md"),
          "flows/checkout.md",
        );
        assertEquals(issues.filter((i) => i.severity === "error"), []);
        assertEquals(flow!.steps.map((s) => s.endpoint), ["apis/orders/post-orders.md"]);
      });

      await t.step("folders: create, rename, delete with what they hold listed", async () => {
        await page.getByTestId("manage-folders").click();
        let dialog = page.getByTestId("folders");
        await dialog.getByTestId("new-folder").fill("apis/billing");
        await dialog.getByTestId("file-dialog-submit").click();
        await page.locator(".toast-ok").filter({ hasText: "Created apis/billing/" }).waitFor();
        assert((await Deno.stat(ws.path("api-docs/apis/billing"))).isDirectory);
        await page.getByTestId("manage-folders").click();
        dialog = page.getByTestId("folders");
        await dialog.locator('li[data-folder="apis/users"]').getByRole("button", { name: "Rename" })
          .click();
        await page.getByTestId("rename-to").fill("apis/members");
        await page.getByTestId("rename").getByTestId("file-dialog-submit").click();
        await page.locator(".toast-ok").filter({ hasText: "Renamed to apis/members" }).waitFor();
        assert(await ws.exists("api-docs/apis/members/get-user-2.md"));
        await page.locator('a[href="/specs/apis/members/get-user-2.md"]').waitFor();
        await page.getByTestId("manage-folders").click();
        await page.getByTestId("folders").locator('li[data-folder="apis/members"]')
          .getByRole("button", { name: "Delete" }).click();
        assertStringIncludes(
          await page.getByTestId("delete-list").innerText(),
          "apis/members/get-user-2.md",
        );
        await page.getByTestId("delete").getByTestId("file-dialog-submit").click();
        // The folder goes once the dialog's write is answered (it closes then).
        await page.getByTestId("delete").waitFor({ state: "detached" });
        assert(!(await ws.exists("api-docs/apis/members")));
      });

      await t.step("the file routes are guarded and contained", async () => {
        const unconfirmed = await preview.send("POST", "/api/files/delete", {
          path: "apis/orders/post-orders.md",
        });
        assertEquals(unconfirmed.status, 400);
        const outside = await preview.send("POST", "/api/files/create", {
          kind: "folder",
          path: "../outside",
        });
        assertEquals(outside.status, 403);
        const over = await preview.send("POST", "/api/files/duplicate", {
          path: "apis/orders/post-orders.md",
          to: "_shared/env.template.md",
        });
        assert(over.status >= 400, "never over an existing file");
        const noCookie = await fetch(`${preview.url}/api/files/delete`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ path: "apis/orders/post-orders.md", confirm: true }),
        });
        await noCookie.body?.cancel();
        assertEquals(noCookie.status, 403);
        assert(await ws.exists("api-docs/apis/orders/post-orders.md"));
      });

      await t.step("the sidebar resizes by keyboard and by dragging, and stays so", async () => {
        const width = () =>
          page.locator("#sidebar").evaluate((e) => e.getBoundingClientRect().width);
        const before = await width();
        await page.getByTestId("sidebar-resize").focus();
        for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
        assertEquals(Math.round(await width()), Math.round(before) + 48);
        const handle = (await page.getByTestId("sidebar-resize").boundingBox())!;
        await page.mouse.move(handle.x + 4, 400);
        await page.mouse.down();
        await page.mouse.move(420, 400, { steps: 4 });
        await page.mouse.up();
        assertEquals(Math.round(await width()), 420);
        await page.reload();
        await page.locator("#sidebar").waitFor();
        assertEquals(Math.round(await width()), 420);
      });
      assertEquals(errors, []);
    } finally {
      await browser.close();
    }
  },
});
