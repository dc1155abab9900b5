/**
 * `deno task compile [--target=<triple>|host]... [--out=dist]`: builds the
 * standalone `apispec` binary for the release targets (all five by default),
 * with the web UI embedded when `web/` has a build, then packs each into an
 * archive and writes `SHA256SUMS` beside them, with `install.sh`.
 *
 * `deno compile` needs `denort` (Deno's runtime without the CLI) for every
 * target; it downloads it from dl.deno.land unless `DENORT_BIN` names a local
 * copy. `DENORT_BIN` may hold `{target}` (`/opt/denort/denort-{target}`) to
 * build several targets. The full `deno` binary does not work as denort.
 */
import { parseArgs } from "node:util";
import { basename, join, resolve } from "node:path";
import config from "../deno.json" with { type: "json" };
import { VERSION } from "../src/version.ts";
import { packFile, writeChecksums } from "./release/archive.ts";
import { archiveName, binaryName, CHECKSUMS_FILE, TARGETS } from "./release/targets.ts";
import { RELEASE_URL_VARIABLE, stampInstaller } from "./release/release_url.ts";
import { V8_FLAGS_ARG } from "./release/v8_flags.ts";
import { PERMISSIONS } from "./release/permissions.ts";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

class BuildError extends Error {
  constructor(message: string, readonly fix: string) {
    super(message);
  }
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

/** The denort for one target from DENORT_BIN, or undefined to let deno download it. */
export async function denortFor(
  target: string,
  env: Record<string, string>,
  targetCount: number,
): Promise<string | undefined> {
  const setting = env.DENORT_BIN;
  if (!setting) return undefined;
  if (targetCount > 1 && !setting.includes("{target}")) {
    throw new BuildError(
      `DENORT_BIN names one denort binary, but ${targetCount} targets are being built`,
      "Build one target (--target=<triple>), or put {target} in DENORT_BIN (/opt/denort/denort-{target})",
    );
  }
  const path = setting.replaceAll("{target}", target);
  if (!(await exists(path))) {
    throw new BuildError(
      `DENORT_BIN points at ${path}, which does not exist`,
      `Unzip denort-${target}.zip of Deno ${Deno.version.deno} there, or fix DENORT_BIN`,
    );
  }
  const real = await Deno.realPath(path);
  if (real === await Deno.realPath(Deno.execPath()) || /^deno(\.exe)?$/.test(basename(real))) {
    throw new BuildError(
      `DENORT_BIN points at the deno CLI (${path}); a binary built on it runs as plain deno`,
      `Point DENORT_BIN at denort (from denort-${target}.zip of Deno ${Deno.version.deno})`,
    );
  }
  return path;
}

function denortMissing(target: string, detail: string): BuildError {
  return new BuildError(
    `deno compile could not download denort for ${target} (${detail})`,
    `Download denort-${target}.zip of Deno ${Deno.version.deno} from the Deno releases on a ` +
      "machine that can, unzip it, and set DENORT_BIN=/path/to/denort (with {target} in the path " +
      "to build several targets). The full deno binary does not work as DENORT_BIN",
  );
}

async function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ ok: boolean; stderr: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env,
    clearEnv: true,
    stdout: "inherit",
    stderr: "piped",
  }).output();
  return { ok: output.success, stderr: new TextDecoder().decode(output.stderr) };
}

async function buildWeb(env: Record<string, string>): Promise<boolean> {
  if (!(await exists(join(ROOT, "web", "build.ts")))) return false;
  console.log("Building the web UI (deno task build)");
  const { ok, stderr } = await run(["task", "build"], env);
  if (!ok) throw new BuildError(`deno task build failed:\n${stderr}`, "Fix the web build first");
  return true;
}

async function compile(
  target: string,
  out: string,
  env: Record<string, string>,
  denort: string | undefined,
) {
  const childEnv = { ...env };
  delete childEnv.DENORT_BIN;
  if (denort) childEnv.DENORT_BIN = denort;
  const output = join(out, target, binaryName(target));
  const include = (await exists(join(ROOT, "web", "dist"))) ? ["--include", "web/dist"] : [];
  console.log(`Compiling ${target}${denort ? ` with ${denort}` : ""}`);
  const { ok, stderr } = await run([
    "compile",
    "--quiet",
    `--config=${join(ROOT, "deno.json")}`,
    ...PERMISSIONS,
    V8_FLAGS_ARG,
    ...include,
    "--target",
    target,
    "--output",
    output,
    join(ROOT, "main.ts"),
  ], childEnv);
  if (!ok) {
    // Deno ends with "Caused by:" and numbered lines; the last names the root cause.
    const causes = stderr.split("Caused by:")[1]?.split("Stack backtrace")[0] ?? "";
    const cause = causes.split("\n").map((l) => l.trim()).filter((l) => /^\d+: /.test(l)).at(-1) ??
      "";
    if (!denort && /dl\.deno\.land|denort|base binary/i.test(stderr)) {
      throw denortMissing(target, cause.replace(/^\d+: /, "") || "download failed");
    }
    throw new BuildError(
      `deno compile failed for ${target}:\n${stderr}`,
      "See deno's message above",
    );
  }
  return output;
}

/** Runs the binary built for this machine: it must answer as apispec, not as deno. */
async function smokeTest(binary: string) {
  const output = await new Deno.Command(binary, {
    args: ["version"],
    stdout: "piped",
    stderr: "piped",
  })
    .output().catch((error) => ({
      success: false,
      stdout: new TextEncoder().encode(String(error)),
    }));
  const text = new TextDecoder().decode(output.stdout).trim();
  if (!output.success || text !== `apispec ${VERSION}`) {
    throw new BuildError(
      `${binary} does not run as apispec (\`version\` printed "${text.split("\n")[0]}")`,
      "DENORT_BIN must be denort, not the deno CLI",
    );
  }
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      target: { type: "string", multiple: true },
      out: { type: "string", default: "dist" },
    },
  });
  const env = Deno.env.toObject();
  try {
    if (VERSION !== config.version) {
      throw new BuildError(
        `src/version.ts says ${VERSION} but deno.json says ${config.version}`,
        "Make them agree before a release",
      );
    }
    const targets = (values.target ?? [...TARGETS]).map((
      t,
    ) => (t === "host" ? Deno.build.target : t));
    const unknown = targets.filter((t) => !(TARGETS as readonly string[]).includes(t));
    if (unknown.length) {
      throw new BuildError(
        `Unknown target ${unknown.join(", ")}`,
        `Use one of: host, ${TARGETS.join(", ")}`,
      );
    }
    // Check every DENORT_BIN path before building anything.
    const denorts = new Map<string, string | undefined>();
    for (const target of targets) denorts.set(target, await denortFor(target, env, targets.length));
    // The installer written beside the archives knows where they are published.
    const releaseUrl = env[RELEASE_URL_VARIABLE];
    let installer = await Deno.readTextFile(join(ROOT, "install.sh"));
    try {
      if (releaseUrl) installer = stampInstaller(installer, releaseUrl);
    } catch (error) {
      throw new BuildError(
        (error as Error).message,
        `Set ${RELEASE_URL_VARIABLE} to the releases URL, e.g. https://github.com/<owner>/<repo>/releases`,
      );
    }
    const out = resolve(ROOT, values.out!);
    await Deno.mkdir(out, { recursive: true });
    for (const name of [CHECKSUMS_FILE, "install.sh", ...targets, ...targets.map(archiveName)]) {
      await Deno.remove(join(out, name), { recursive: true }).catch(() => {});
    }
    if (await buildWeb(env)) console.log("Web UI embedded from web/dist/");
    const archives: string[] = [];
    for (const target of targets) {
      const binary = await compile(target, out, env, denorts.get(target));
      if (target === Deno.build.target) await smokeTest(binary);
      const archive = archiveName(target);
      await packFile(binary, join(out, archive));
      archives.push(archive);
    }
    await writeChecksums(out, archives, CHECKSUMS_FILE);
    await Deno.writeTextFile(join(out, "install.sh"), installer, { mode: 0o755 });
    if (!releaseUrl) {
      console.error(
        `warning: ${RELEASE_URL_VARIABLE} is not set, so ${values.out}/install.sh names no release URL ` +
          "(its users must set APISPEC_INSTALL_URL)",
      );
    }
    console.log(
      `\napispec ${VERSION}: ${archives.length} archive(s), ${CHECKSUMS_FILE} and install.sh in ${values.out}/`,
    );
    for (const archive of archives) console.log(`  ${archive}`);
    return 0;
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(`error: ${error.message}\n  fix: ${error.fix}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
