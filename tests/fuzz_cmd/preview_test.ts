/// <reference lib="dom" />
/**
 * Fuzz from the UI: `POST /api/fuzz` on the real preview server (a write
 * route: refused without the write cookie), streaming the plan, each
 * operation and the summary; and the Coverage view's button in Chromium,
 * its failures linking to the written files.
 */
import { assert, assertEquals } from "@std/assert";
import { CHROMIUM, launchChromium, SCREENSHOTS, skipMessage } from "../helpers/browser.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { startPlantedApp, TOKEN } from "./planted_app.ts";
import { ENV, plantedProject } from "./_project.ts";

skipMessage("tests/fuzz_cmd (the Coverage view's button)");

interface Line {
  type: string;
  summary?: { operations: number; requests: number; seed: number | null };
  failures?: { check: string; file: string | null }[];
  exit_code?: number;
  issues?: { message: string }[];
}

Deno.test("POST /api/fuzz streams the run; without the write cookie nothing is sent", async () => {
  await using app = startPlantedApp();
  await using ws = await plantedProject(app);
  await using preview = await startTestPreview(ws.dir, { env: ENV });
  const refused = await fetch(`${preview.url}/api/fuzz`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  assertEquals(refused.status, 403);
  await refused.body?.cancel();
  assertEquals(app.log, []);

  const response = await preview.call("/api/fuzz", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seed: 2, maxExamples: 3 }),
  });
  const text = await response.text();
  assert(!text.includes(TOKEN));
  const lines = text.trim().split("\n").map((line) => JSON.parse(line) as Line);
  assertEquals(lines[0].type, "start");
  assertEquals(lines.filter((l) => l.type === "operation").length, 9);
  const done = lines.at(-1)!;
  assertEquals([done.type, done.exit_code, done.summary?.seed], ["done", 1, 2]);
  for (const failure of done.failures!) {
    assert(failure.file?.startsWith("fuzz/"), failure.file ?? "no file");
    assert(await ws.exists(`api-docs/${failure.file}`));
  }

  const prod = await preview.call("/api/fuzz", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ env: "production" }),
  });
  const refusal = JSON.parse((await prod.text()).trim()) as Line;
  assertEquals(refusal.exit_code, 2);
});

Deno.test({
  name: "web UI: Coverage view's Fuzz button lists failures linking to their files",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await Deno.mkdir(SCREENSHOTS, { recursive: true });
    await using app = startPlantedApp();
    await using ws = await plantedProject(app);
    await using preview = await startTestPreview(ws.dir, { env: ENV });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(30_000);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${preview.url}/coverage`);
      await page.getByTestId("fuzz-panel").waitFor();
      await page.getByTestId("fuzz-start").click();
      await page.getByTestId("fuzz-result").waitFor();
      const files = await page.getByTestId("fuzz-file").allInnerTexts();
      assert(files.length > 0 && files.every((f) => f.startsWith("fuzz/")), files.join());
      await page.screenshot({ path: `${SCREENSHOTS}fuzz-panel.png`, fullPage: true });
      await page.getByTestId("fuzz-file").first().click();
      await page.waitForURL(/\/specs\/fuzz\//);
      assertEquals(errors, []);
    } finally {
      await browser.close();
    }
  },
});
