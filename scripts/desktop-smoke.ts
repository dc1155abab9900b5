/**
 * Desktop smoke test: starts the desktop shell on a temp workspace, waits
 * for its preview server, checks the write-cookie guard the way a browser
 * meets it, and prints a JSON verdict (exit 0 when every check passed).
 *
 * Knobs (SPEC.md, limits):
 *   APISPEC_DESKTOP_BIN                  apispec binary to run as `<bin> desktop <workspace>`
 *                                        (default: `deno run -A main.ts desktop` from this repo)
 *   APISPEC_DESKTOP_TIMEOUT_MS           how long to wait for the server (default 30000)
 *   APISPEC_DESKTOP_SMOKE_KEEP_APP=1     leave the shell (and its window) running
 *   APISPEC_DESKTOP_SMOKE_KEEP_WORKSPACE=1  keep the temp workspace
 */
import { writeDemoCollection } from "../src/demo/collection.ts";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const timeoutMs = Number(Deno.env.get("APISPEC_DESKTOP_TIMEOUT_MS") ?? 30000);
const keepApp = Deno.env.get("APISPEC_DESKTOP_SMOKE_KEEP_APP") === "1";
const keepWorkspace = Deno.env.get("APISPEC_DESKTOP_SMOKE_KEEP_WORKSPACE") === "1";
const bin = Deno.env.get("APISPEC_DESKTOP_BIN");

interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

const started = performance.now();
const workspace = await Deno.makeTempDir({ prefix: "apispec-desktop-smoke-" });
await writeDemoCollection(workspace, "http://127.0.0.1:9");
const command = bin ? [bin, "desktop", workspace] : [
  Deno.execPath(),
  "run",
  "-A",
  `--config=${ROOT}/deno.json`,
  `${ROOT}/main.ts`,
  "desktop",
  workspace,
];
const env = {
  ...Deno.env.toObject(),
  NO_COLOR: "1",
  // The app window gets a profile of its own inside the temp workspace.
  XDG_DATA_HOME: `${workspace}/.data`,
};
const child = new Deno.Command(command[0], {
  args: command.slice(1),
  cwd: workspace,
  env,
  stdin: "null",
  stdout: "piped",
  stderr: "piped",
}).spawn();

const checks: Check[] = [];
let url: string | undefined;
let output = "";
const stderrText = new Response(child.stderr).text();

/** Reads the shell's stdout until it names its URL and says what opened it, or time runs out. */
async function waitForShell(): Promise<void> {
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = setTimeout(() => reader.cancel(), timeoutMs);
  try {
    while (!(url && /Opened|No browser/.test(output))) {
      const { value, done } = await reader.read();
      if (done) break;
      output += value;
      url ??= /http:\/\/127\.0\.0\.1:\d+\//.exec(output)?.[0];
    }
  } finally {
    clearTimeout(deadline);
  }
  // Keep draining so the shell never blocks on a full pipe.
  (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch { /* cancelled */ }
  })();
}

function check(name: string, passed: boolean, detail: string) {
  checks.push({ name, passed, detail });
}

await waitForShell();
check("prints its URL", url !== undefined, url ?? `no URL within ${timeoutMs} ms`);
const windowLine = output.split("\n").find((l) => /Opened|No browser/.test(l))?.trim() ?? "";
check("opens a window", /Opened in an app window/.test(windowLine), windowLine || "no window line");

if (url) {
  const page = await fetch(url);
  const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0];
  await page.body?.cancel();
  check(
    "GET / sets the write cookie",
    cookie.startsWith("apispec_write_token="),
    cookie ? "cookie set" : "no cookie",
  );
  const body = JSON.stringify({ path: workspace });
  const refused = await fetch(`${url}api/workspace/open`, { method: "POST", body });
  check("open without the cookie is forbidden", refused.status === 403, `HTTP ${refused.status}`);
  await refused.body?.cancel();
  const accepted = await fetch(`${url}api/workspace/open`, {
    method: "POST",
    body,
    headers: { cookie },
  });
  const opened = await accepted.json().catch(() => ({}));
  check(
    "open with the cookie is accepted",
    accepted.status === 200 && opened.status === "ok",
    `HTTP ${accepted.status}`,
  );
  const index = await fetch(`${url}api/index`);
  const listed = await index.json().catch(() => ({}));
  check(
    "GET /api/index lists the endpoints",
    index.status === 200 && listed.count > 0,
    `${listed.count ?? 0} endpoints`,
  );
}

if (!keepApp) {
  try {
    child.kill("SIGTERM");
  } catch { /* already gone */ }
}
const status = keepApp ? undefined : await child.status;
if (status) check("stops cleanly on SIGTERM", status.code === 0, `exit ${status.code}`);
if (!keepWorkspace && !keepApp) await Deno.remove(workspace, { recursive: true }).catch(() => {});

const passed = checks.every((c) => c.passed);
console.log(JSON.stringify(
  {
    passed,
    url: url ?? null,
    workspace: keepWorkspace || keepApp ? workspace : null,
    duration_ms: Math.round(performance.now() - started),
    checks,
    ...(passed
      ? {}
      : { stderr: (await Promise.race([stderrText, Promise.resolve("")])).slice(-2000) }),
  },
  null,
  2,
));
Deno.exit(passed ? 0 : 1);
