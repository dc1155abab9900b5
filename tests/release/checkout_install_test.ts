/**
 * The README's install from a checkout, run exactly as written (the commands
 * are read from README.md, so the test breaks when the README drifts), with a
 * global Deno and with only `npx`, into a temporary HOME. The installed
 * `apispec` then runs `init`, `validate` and `exec` from another folder,
 * against an API on 127.0.0.1.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { join } from "node:path";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { baseEnv, ROOT } from "../helpers/cli.ts";
import { run } from "../helpers/run.ts";
import { endpoint, type Workspace, workspace } from "../helpers/workspace.ts";
import { VERSION } from "../../src/version.ts";
import { posixShim } from "../../scripts/release/checkout_shim.ts";

/** The shell lines of the README's first `sh` block under "Install and upgrade", comments dropped. */
async function readmeInstallLines(): Promise<string[]> {
  const readme = await Deno.readTextFile(join(ROOT, "README.md"));
  const section = readme.slice(readme.indexOf("## Install and upgrade"));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  assert(block, "README.md has no sh block under ## Install and upgrade");
  return block[1].split("\n").map((line) => line.trim()).filter((line) =>
    line !== "" && !line.startsWith("#")
  );
}

/** Deno's cache folder, kept across the temporary HOME so nothing is downloaded again. */
async function denoDir(): Promise<string> {
  const info = await run(Deno.execPath(), ["info", "--json"], { env: baseEnv() });
  return JSON.parse(info.stdout).denoDir;
}

/** A PATH folder holding every program of this PATH but `deno`: a machine with only Node.js. */
async function pathWithoutDeno(ws: Workspace): Promise<string> {
  const dir = ws.path("no-deno-bin");
  await Deno.mkdir(dir);
  for (const folder of (Deno.env.get("PATH") ?? "").split(":")) {
    const entries = await Array.fromAsync(Deno.readDir(folder)).catch(() => []);
    for (const entry of entries) {
      if (entry.name === "deno" || entry.isDirectory) continue;
      await Deno.symlink(join(folder, entry.name), join(dir, entry.name)).catch(() => {});
    }
  }
  return dir;
}

interface Machine {
  env: Record<string, string>;
  home: string;
}

async function machine(ws: Workspace, path: string): Promise<Machine> {
  const home = ws.path("home");
  await Deno.mkdir(home, { recursive: true });
  return {
    home,
    env: {
      ...baseEnv(),
      HOME: home,
      PATH: path,
      DENO_INSTALL_ROOT: join(home, ".deno"),
      DENO_DIR: await denoDir(),
      // npx keeps its cache under HOME; the real one spares a download of Deno.
      npm_config_cache: join(Deno.env.get("HOME") ?? "/root", ".npm"),
    },
  };
}

/**
 * Runs the README's lines with one install command (the other left out) in the checkout, and
 * returns the PATH the README's own `export` gave, with which `apispec` is found.
 */
async function installAsReadmeSays(m: Machine, variant: "deno" | "npx"): Promise<string> {
  const lines = await readmeInstallLines();
  const install = lines.filter((line) => line.startsWith(`${variant} `));
  assertEquals(install.length, 1, `README.md: one "${variant} ..." install line: ${lines}`);
  const script = [
    "set -e",
    ...lines.filter((line) => !/^(deno|npx) /.test(line) || line === install[0]),
    'printf "PATH=%s\\n" "$PATH"',
  ].join("\n");
  const result = await run("sh", ["-c", script], { cwd: ROOT, env: m.env, timeoutMs: 120_000 });
  assertEquals(result.code, 0, `${script}\n${result.stdout}\n${result.stderr}`);
  assertStringIncludes(result.stdout, `apispec ${VERSION}`);
  assertStringIncludes(
    result.stdout,
    `Installed apispec ${VERSION} to ${m.home}/.local/bin/apispec`,
  );
  return /^PATH=(.*)$/m.exec(result.stdout)![1];
}

/** init, validate and exec with the installed command, from a project folder outside the checkout. */
async function useInstalled(ws: Workspace, m: Machine, path: string) {
  await using api = startTestApi(() => jsonResponse({ ok: true }));
  const project = ws.path("project");
  await Deno.mkdir(project);
  const env = { ...m.env, PATH: path };
  const apispec = (args: string[]) => run("apispec", args, { cwd: project, env });

  const init = await apispec(["init", "--yes"]);
  assertEquals(init.code, 0, init.stderr);
  assertStringIncludes(init.stdout, "created  api-docs/project.md");
  await ws.write(
    "project/api-docs/apis/health/get-health.md",
    endpoint({
      resource: "health",
      path: "/health",
      expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"ok": true}',
    }),
  );
  const validate = await apispec(["validate", "api-docs"]);
  assertEquals(validate.code, 0, validate.stdout + validate.stderr);

  const exec = await apispec([
    "exec",
    "api-docs/apis/health/get-health.md",
    `--var=baseUrl=${api.url}`,
    "--output=json",
  ]);
  assertEquals(exec.code, 0, exec.stdout + exec.stderr);
  assertEquals(JSON.parse(exec.stdout).passed, true);
  assertEquals(api.requests.map((r) => `${r.method} ${r.path}`), ["GET /health"]);
}

Deno.test("the README's install with a global Deno gives an apispec that runs from any folder", async () => {
  await using ws = await workspace();
  const m = await machine(ws, Deno.env.get("PATH")!);
  const path = await installAsReadmeSays(m, "deno");
  await useInstalled(ws, m, path);
});

Deno.test("the README's install with only npx gives an apispec that runs without deno on PATH", async () => {
  const npx = await run("sh", ["-c", "command -v npx"], { env: baseEnv() });
  if (npx.code !== 0) {
    console.log("skipped: npx is not installed");
    return;
  }
  await using ws = await workspace();
  const m = await machine(ws, await pathWithoutDeno(ws));
  const path = await installAsReadmeSays(m, "npx");
  const which = await run("sh", ["-c", "command -v deno || echo none"], { env: { PATH: path } });
  assertEquals(which.stdout.trim(), "none");
  await useInstalled(ws, m, path);
});

Deno.test("the launcher falls back to npx when the Deno that installed it is gone", async () => {
  await using ws = await workspace();
  const m = await machine(ws, await pathWithoutDeno(ws));
  const launcher = ws.path("bin/apispec");
  await ws.write(
    "bin/apispec",
    posixShim({ checkout: ROOT, deno: ws.path("gone/deno"), denoVersion: Deno.version.deno }),
  );
  await Deno.chmod(launcher, 0o755);
  const result = await run(launcher, ["version"], { cwd: ws.dir, env: m.env, timeoutMs: 120_000 });
  assertEquals([result.code, result.stdout.trim()], [0, `apispec ${VERSION}`], result.stderr);
});

Deno.test("deno install -g's broken graph ends in one readable ENGINE_ERROR line with a fix, no colour codes", async () => {
  // What `deno install -g` without --config left behind: a config with no import map.
  await using ws = await workspace({ "deno.json": '{\n  "workspace": []\n}\n' });
  const env = { ...baseEnv() };
  delete env.NO_COLOR; // Deno colours its own errors unless NO_COLOR is set
  const result = await run(
    Deno.execPath(),
    ["run", "-A", "--config", ws.path("deno.json"), join(ROOT, "main.ts"), "init", "--yes"],
    { cwd: ws.dir, env },
  );
  assertEquals(result.code, 3, result.stderr);
  assertStringIncludes(result.stderr, 'error[ENGINE_ERROR]: Import "std-path" not a dependency');
  assert(!result.stderr.includes("\\u001b") && !result.stderr.includes("\x1b"), result.stderr);
  assertStringIncludes(result.stderr, "scripts/install.ts");
});

Deno.test("the launcher quotes a checkout path holding a space and a quote", async () => {
  await using ws = await workspace();
  const checkout = ws.path("it's a checkout");
  await Deno.symlink(ROOT, checkout);
  const launcher = ws.path("bin/apispec");
  await ws.write(
    "bin/apispec",
    posixShim({ checkout, deno: Deno.execPath(), denoVersion: Deno.version.deno }),
  );
  await Deno.chmod(launcher, 0o755);
  const result = await run(launcher, ["version"], { cwd: ws.dir, env: baseEnv() });
  assertEquals([result.code, result.stdout.trim()], [0, `apispec ${VERSION}`], result.stderr);
});
