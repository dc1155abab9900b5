/**
 * Debian's Chromium driven by playwright-core. Tests that need it skip with
 * a message when it is not installed (CI installs it: see .ci/run).
 */
import { type Browser, chromium } from "playwright-core";

const CANDIDATES = ["/usr/bin/chromium", "/usr/lib/chromium/chromium", "/usr/bin/chromium-browser"];

export const CHROMIUM = CANDIDATES.find((path) => {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
});

export function skipMessage(what: string): void {
  if (!CHROMIUM) {
    console.warn(`${what}: skipped, Chromium is not installed (apt-get install -y chromium)`);
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // Playwright refuses --user-data-dir here; it makes a temporary profile itself.
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

export const SCREENSHOTS = new URL("../ui/screenshots/", import.meta.url).pathname;
