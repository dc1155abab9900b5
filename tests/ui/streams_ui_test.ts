/// <reference lib="dom" />
/**
 * Stream answers in the web UI, in Chromium against the real preview server:
 * Send on an SSE file shows the event timeline, on a WebSocket file the
 * message log (each against a real server of its kind).
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { CHROMIUM, launchChromium, SCREENSHOTS, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { startSseApi } from "../helpers/sse_api.ts";
import { startWsApi, WS_TOKEN } from "../helpers/ws_api.ts";
import { chatSpec, pricesSpec } from "../helpers/stream_specs.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

skipMessage("tests/ui");

Deno.test({
  name: "web UI: an SSE result shows its event timeline, a ws result its message log",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await Deno.mkdir(SCREENSHOTS, { recursive: true });
    await using sse = startSseApi();
    await using socket = await startWsApi();
    await using ws = await workspace(collectionFiles(sse.url, {
      "apis/chat/post-chat.md": chatSpec(),
      "apis/prices/ws-prices.md": pricesSpec(
        '< {"type": "welcome"}\n> {"type": "subscribe", "channel": "prices"}\n< {"type": "subscribed"}',
      ),
      "_shared/env.md": `## dev\n\n\`\`\`yaml\nwsUrl: ${socket.url}\n\`\`\`\n`,
    }));
    await using preview = await startTestPreview(ws.dir, {
      env: { APISPEC_OPENAI_KEY: "sk-test-123456", APISPEC_WS_TOKEN: WS_TOKEN },
    });
    const browser = await launchChromium();
    const errors: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    page.on("pageerror", (error) => errors.push(error.message));
    try {
      await page.goto(`${preview.url}/specs/apis/chat/post-chat.md`);
      await page.getByTestId("send").click();
      await page.getByTestId("verdict").waitFor();
      assertStringIncludes(await page.getByTestId("verdict").innerText(), "PASS");
      await page.getByRole("tab", { name: "Response" }).click();
      const timeline = page.getByTestId("event-timeline");
      await timeline.waitFor();
      assertStringIncludes(await timeline.innerText(), "7 events, the first after");
      assertEquals(await timeline.locator(".stream-item").count(), 7);
      assertStringIncludes(await timeline.innerText(), "[DONE]");
      await page.screenshot({ path: `${SCREENSHOTS}stream-events.png` });

      await page.goto(`${preview.url}/specs/apis/prices/ws-prices.md`);
      await page.getByTestId("send").click();
      await page.getByTestId("verdict").waitFor();
      assertStringIncludes(await page.getByTestId("verdict").innerText(), "PASS");
      await page.getByRole("tab", { name: "Response" }).click();
      const log = page.getByTestId("message-log");
      await log.waitFor();
      assertStringIncludes(await log.innerText(), "messages received");
      assertStringIncludes(await log.innerText(), '"subscribed"');
      await page.screenshot({ path: `${SCREENSHOTS}stream-messages.png` });
      assertEquals(errors, []);
    } finally {
      await browser.close();
    }
  },
});
