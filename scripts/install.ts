/**
 * Installs `apispec` from this checkout: `deno run -A scripts/install.ts
 * [--prefix=<dir>]`, or without a global Deno `npx -y deno@2.9.6 run -A
 * scripts/install.ts`. Writes `<prefix>/bin/apispec` (default `~/.local`, as
 * the release's `install.sh`), a launcher that runs this checkout's `main.ts`
 * with its `deno.json` (`scripts/release/checkout_shim.ts` says why not
 * `deno install -g`), after caching the dependencies so it also runs offline.
 */
import { parseArgs } from "node:util";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeTextAtomic } from "../src/adapters/fs.ts";
import { posixShim, shimName, windowsShim } from "./release/checkout_shim.ts";

class InstallError extends Error {
  constructor(message: string, readonly fix: string) {
    super(message);
  }
}

const USAGE = `Usage: deno run -A scripts/install.ts [--prefix=<dir>]
       npx -y deno@${Deno.version.deno} run -A scripts/install.ts [--prefix=<dir>]

Installs <prefix>/bin/apispec (default prefix: ~/.local), which runs this
checkout's main.ts with its deno.json: \`git pull\` here upgrades it.`;

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

function text(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes).trim();
}

/** Fetches every dependency main.ts can load (npm packages, vendor files), so the command runs offline. */
async function cacheDependencies(deno: string, checkout: string): Promise<void> {
  const output = await new Deno.Command(deno, {
    args: [
      "install",
      "--quiet",
      "--config",
      join(checkout, "deno.json"),
      "--entrypoint",
      "main.ts",
    ],
    cwd: checkout,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (!output.success) {
    throw new InstallError(
      `could not fetch apispec's dependencies: ${text(output.stderr).split("\n")[0]}`,
      "Check your network (the npm registry must be reachable once), then run the installer again",
    );
  }
}

/** The first `apispec` on PATH that is not `installed`, when one shadows it. */
async function shadowing(installed: string, name: string): Promise<string | undefined> {
  for (const dir of (Deno.env.get("PATH") ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (!(await exists(candidate))) continue;
    const real = await Deno.realPath(candidate).catch(() => candidate);
    return real === (await Deno.realPath(installed)) ? undefined : candidate;
  }
  return undefined;
}

async function main(args: string[]): Promise<void> {
  const flags = parseArgs({
    args,
    options: { prefix: { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (flags.values.help) {
    console.log(USAGE);
    return;
  }
  const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE");
  const prefix = flags.values.prefix ?? (home ? join(home, ".local") : undefined);
  if (!prefix) throw new InstallError("no install prefix: HOME is not set", "Pass --prefix=<dir>");

  const checkout = await Deno.realPath(fileURLToPath(new URL("..", import.meta.url)));
  const deno = Deno.execPath();
  await cacheDependencies(deno, checkout);

  const binDir = resolve(prefix, "bin");
  const name = shimName(Deno.build.os);
  const target = join(binDir, name);
  const input = { checkout, deno, denoVersion: Deno.version.deno };
  const launcher = Deno.build.os === "windows" ? windowsShim(input) : posixShim(input);
  try {
    await writeTextAtomic(target, launcher, { mode: 0o755 });
  } catch (error) {
    throw new InstallError(
      `cannot write ${target}: ${(error as Error).message}`,
      "Pass a writable --prefix",
    );
  }

  const check = await new Deno.Command(target, {
    args: ["version"],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  if (!check.success) {
    throw new InstallError(
      `${target} was written but \`apispec version\` failed: ${text(check.stderr).split("\n")[0]}`,
      "Run `deno task test` in the checkout to see what is broken, then install again",
    );
  }
  console.log(`Installed ${text(check.stdout)} to ${target}`);
  console.log(
    `It runs ${join(checkout, "main.ts")} with ${deno}: \`git pull\` in the checkout upgrades it.`,
  );
  const onPath = (Deno.env.get("PATH") ?? "").split(delimiter).includes(binDir);
  if (!onPath) {
    console.log(`\n${binDir} is not on your PATH. Add it, e.g. in ~/.profile (or ~/.zshrc):`);
    console.log(`  export PATH="${binDir}:$PATH"`);
    console.log(`fish: fish_add_path ${binDir}`);
  } else {
    const other = await shadowing(target, name);
    if (other) {
      console.log(`\nNote: ${other} comes first on your PATH and is not this install.`);
      console.log("Remove it (`deno uninstall -g apispec` if `deno install` wrote it).");
    }
  }
}

try {
  await main(Deno.args);
} catch (error) {
  if (error instanceof InstallError) {
    console.error(`apispec install: ${error.message}\n  fix: ${error.fix}`);
  } else if (error instanceof TypeError && /option|argument/i.test(error.message)) {
    console.error(`apispec install: ${error.message}\n  fix: ${USAGE}`);
  } else {
    throw error;
  }
  Deno.exit(1);
}
