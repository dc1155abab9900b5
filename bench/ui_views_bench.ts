/// <reference lib="dom" />
/**
 * The UI's results views in Chromium: the first screen of a 2,000-spec
 * workspace whose specs all have a history (list, counts and last-run
 * badges), and the History view of a spec with 200 runs (chart and table).
 * Targets: first screen <= 1000 ms, History view <= 200 ms. Medians of 5,
 * measured in the same run.
 */
import { historyLine } from "../src/engine/history/history.ts";
import { benchPreview } from "./_preview.ts";
import { loadNote, median, verdict } from "./_measure.ts";
import { CHROMIUM, launchChromium } from "../tests/helpers/browser.ts";

const SPECS = 2000;
const RESOURCES = 40;
const RUNS = 200;
const ROUNDS = 5;

if (!CHROMIUM) {
  console.log("ui views: skipped (Chromium is not installed)");
  Deno.exit(0);
}

const dir = await Deno.makeTempDir({ prefix: "apispec-ui-views-bench-" });
const collection = `${dir}/api-docs`;
await Deno.mkdir(`${collection}/_shared`, { recursive: true });
await Deno.writeTextFile(
  `${collection}/_shared/env.template.md`,
  "## dev\n\n```yaml\nbaseUrl: http://127.0.0.1:9\n```\n",
);
const entry = (i: number, passed: boolean) =>
  historyLine({
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    passed,
    status: passed ? 200 : 500,
    duration_ms: 5 + ((i * 37) % 120),
    error_type: passed ? null : "CONTRACT_MISMATCH",
  });
for (let i = 0; i < SPECS; i++) {
  const resource = `resource${i % RESOURCES}`;
  const file = `apis/${resource}/get-item-${i}`;
  await Deno.mkdir(`${collection}/apis/${resource}`, { recursive: true });
  await Deno.writeTextFile(
    `${collection}/${file}.md`,
    `---\nresource: ${resource}\nprotocol: http\nmethod: GET\npath: /${resource}/items/${i}\nversion: 1\n---\n\n# Item ${i} of ${resource}\n\n## Request\n\n\`\`\`http\nGET {{baseUrl}}/${resource}/items/${i}\n\`\`\`\n\n## Expected response\n\n\`\`\`http\nHTTP/1.1 200 OK\n\`\`\`\n`,
  );
  // Every spec has run: the first screen draws a badge for each.
  const runs = i === 0 ? RUNS : 3;
  const lines = Array.from({ length: runs }, (_, n) => entry(n, (n + i) % 7 !== 0));
  await Deno.mkdir(`${dir}/.apispec/history/apis/${resource}`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.apispec/history/${file}.jsonl`, lines.join("\n") + "\n");
}
const HISTORY_SPEC = "apis/resource0/get-item-0.md";

const server = await benchPreview(dir);
const browser = await launchChromium();
console.log(`ui views: ${SPECS} specs, each with a history; one with ${RUNS} runs ${loadNote()}`);

const firstScreen: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const started = performance.now();
  await page.goto(server.url);
  await page.getByTestId("endpoint-count").filter({ hasText: String(SPECS) }).waitFor();
  await page.locator(".row.endpoint [data-testid=run-badge]").first().waitFor();
  await page.getByTestId("last-results").filter({ hasText: "never run" }).waitFor();
  firstScreen.push(performance.now() - started);
  await page.close();
}
const first = median(firstScreen);
console.log(
  `first screen (list of ${SPECS}, counts, last-run badges), page load to shown: median ${
    first.toFixed(0)
  } ms [${firstScreen.map((v) => v.toFixed(0)).join(", ")}]; target <= 1000 ms: ${
    verdict(first, 1000)
  }`,
);

const historyTimes: number[] = [];
const historyLoads: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}specs/${HISTORY_SPEC}`);
  await page.getByTestId("history-tab").waitFor();
  // Timed inside the page: the click on History to 200 bars and 200 table rows on screen.
  historyTimes.push(
    await page.evaluate(async (runs) => {
      const tab = document.querySelector("[data-testid=history-tab]") as HTMLButtonElement;
      const t0 = performance.now();
      tab.click();
      while (
        document.querySelectorAll("[data-testid=history-bar]").length < runs ||
        document.querySelectorAll("[data-testid=history-table] tbody tr").length < runs
      ) {
        await new Promise((r) => requestAnimationFrame(r));
      }
      return performance.now() - t0;
    }, RUNS),
  );
  // And the History view opened by its address, whole page load included.
  const started = performance.now();
  await page.goto(`${server.url}specs/${HISTORY_SPEC}?view=history`);
  await page.locator("[data-testid=history-bar]").nth(RUNS - 1).waitFor();
  historyLoads.push(performance.now() - started);
  await page.close();
}
const history = median(historyTimes);
console.log(
  `History view of ${RUNS} runs, click to chart and table shown: median ${history.toFixed(0)} ms [${
    historyTimes.map((v) => v.toFixed(0)).join(", ")
  }]; target <= 200 ms: ${verdict(history, 200)}`,
);
console.log(
  `History view of ${RUNS} runs by its address, page load to chart: median ${
    median(historyLoads).toFixed(0)
  } ms (for reference)`,
);

await browser.close();
await server.close();
await Deno.remove(dir, { recursive: true });
