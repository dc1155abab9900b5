/// <reference lib="dom" />
/**
 * Live reload latency: from a file written on disk to (1) the `change` event
 * reaching a connected client over SSE, and (2) when Chromium is installed,
 * the open page showing the new content. Target: under 100 ms (median).
 */
import { benchPreview } from "./_preview.ts";
import { writeDemoCollection } from "../src/demo/collection.ts";
import { CHROMIUM, launchChromium } from "../tests/helpers/browser.ts";

const ROUNDS = 30;
const TARGET_MS = 100;
const FILE = "apis/users/get-user-by-id.md";

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${
    sorted.at(-1)!.toFixed(1)
  } ms (n=${samples.length})`;
}

const dir = await Deno.makeTempDir({ prefix: "apispec-reload-bench-" });
await writeDemoCollection(dir, "http://127.0.0.1:9");
const path = `${dir}/api-docs/${FILE}`;
const original = await Deno.readTextFile(path);
const server = await benchPreview(dir);

// 1. SSE: time from the write to the change event.
const response = await fetch(`${server.url}api/events`);
const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
let buffer = "";
async function nextEvent(name: string): Promise<void> {
  while (!buffer.includes(`event: ${name}\n`)) buffer += (await reader.read()).value ?? "";
  buffer = buffer.slice(buffer.indexOf(`event: ${name}\n`) + name.length + 8);
}
await nextEvent("hello");
const sse: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const started = performance.now();
  await Deno.writeTextFile(path, original.replace("# Get user by id", `# Get user by id ${i}`));
  await nextEvent("change");
  sse.push(performance.now() - started);
  await new Promise((r) => setTimeout(r, 150)); // let the next write start a new batch
}
await reader.cancel();
console.log(`file write -> SSE change event: ${stats(sse)}; target < ${TARGET_MS} ms median`);

// 2. Browser: time from the write to the new title on the open page.
if (CHROMIUM) {
  const browser = await launchChromium();
  const page = await browser.newPage();
  await page.goto(`${server.url}specs/${FILE}`);
  await page.getByTestId("spec-title").waitFor();
  const ui: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const title = `Reloaded ${i}`;
    const started = performance.now();
    await Deno.writeTextFile(path, original.replace("# Get user by id", `# ${title}`));
    await page.waitForFunction(
      (text) => document.querySelector("[data-testid=spec-title]")?.textContent === text,
      title,
      { polling: "raf" },
    );
    ui.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 150));
  }
  await browser.close();
  console.log(`file write -> page shows it:     ${stats(ui)}; target < ${TARGET_MS} ms median`);
} else {
  console.log("browser refresh: skipped (Chromium is not installed)");
}
await server.close();
await Deno.remove(dir, { recursive: true });
