/**
 * Opens a URL as an app window of an installed Chromium-family browser
 * (`--app=URL`, a profile of its own so it never joins the user's session),
 * falling back to the system's default browser.
 */
import { join } from "../adapters/path.ts";
import { userDataDir } from "../adapters/system.ts";

export interface AppWindow {
  /** What opened the page: a browser executable, or "default browser". */
  opener: string;
  /** True for a Chromium app window we started and can close. */
  app: boolean;
  /** Resolves when the app window's browser process exits (never for the default browser). */
  closed: Promise<void>;
  close(): Promise<void>;
}

const UNIX_NAMES = [
  "chromium",
  "chromium-browser",
  "google-chrome",
  "google-chrome-stable",
  "microsoft-edge",
  "microsoft-edge-stable",
  "brave-browser",
];

const MAC_PATHS = [
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
  "/Applications/Brave Browser.app/Contents/MacOS/Brave Browser",
];

function windowsPaths(env: Record<string, string>): string[] {
  const roots = [env["PROGRAMFILES"], env["PROGRAMFILES(X86)"], env.LOCALAPPDATA].filter(Boolean);
  return roots.flatMap((root) => [
    `${root}\\Google\\Chrome\\Application\\chrome.exe`,
    `${root}\\Microsoft\\Edge\\Application\\msedge.exe`,
    `${root}\\Chromium\\Application\\chrome.exe`,
  ]);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/** The first Chromium-family browser found: `APISPEC_BROWSER`, then known names and places. */
export async function findBrowser(env: Record<string, string>): Promise<string | undefined> {
  if (env.APISPEC_BROWSER) return env.APISPEC_BROWSER;
  if (Deno.build.os === "darwin") {
    for (const path of MAC_PATHS) if (await isFile(path)) return path;
  }
  if (Deno.build.os === "windows") {
    for (const path of windowsPaths(env)) if (await isFile(path)) return path;
    return undefined;
  }
  for (const dir of (env.PATH ?? "").split(":").filter(Boolean)) {
    for (const name of UNIX_NAMES) if (await isFile(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** A browser that gives up at once (no display, bad flags) did not open a window. */
const LAUNCH_GRACE_MS = 3000;

export async function openAppWindow(
  url: string,
  env: Record<string, string>,
): Promise<AppWindow | undefined> {
  const browser = await findBrowser(env);
  if (browser) {
    const profile = join(userDataDir(env), "apispec", "desktop-profile");
    await Deno.mkdir(profile, { recursive: true });
    try {
      const child = new Deno.Command(browser, {
        args: [
          `--app=${url}`,
          `--user-data-dir=${profile}`,
          "--no-first-run",
          "--no-default-browser-check",
          "--disable-background-networking",
          "--disable-component-update",
          // Chromium refuses to start as root with its sandbox (containers, CI).
          ...(Deno.build.os === "linux" && Deno.uid() === 0 ? ["--no-sandbox"] : []),
        ],
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).spawn();
      const status = child.status;
      const early = await Promise.race([
        status.then((s) => s),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), LAUNCH_GRACE_MS)),
      ]);
      if (early === undefined) {
        return {
          opener: browser,
          app: true,
          closed: status.then(() => {}),
          async close() {
            try {
              child.kill("SIGTERM");
            } catch { /* already gone */ }
            await status;
          },
        };
      }
      // Exit 0 at once: another instance of this profile took the window over; it stays open.
      if (early.success) return handedOver(browser);
    } catch { /* not executable: try the default browser */ }
  }
  return await openDefault(url) ? handedOver("default browser") : undefined;
}

function handedOver(opener: string): AppWindow {
  return { opener, app: false, closed: new Promise(() => {}), close: () => Promise.resolve() };
}

async function openDefault(url: string): Promise<boolean> {
  const [command, ...args] = Deno.build.os === "darwin"
    ? ["open", url]
    : Deno.build.os === "windows"
    ? ["cmd", "/c", "start", "", url]
    : ["xdg-open", url];
  try {
    const { success } = await new Deno.Command(command, {
      args,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    return success;
  } catch {
    return false;
  }
}
