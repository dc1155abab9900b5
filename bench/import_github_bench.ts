/**
 * Imports GitHub's OpenAPI description (13 MB, 1,223 operations) into a fresh
 * collection through the real CLI and prints the wall time and the peak
 * memory (RSS) of that process. Targets: at most 2 s and 300 MiB.
 */
const ROOT = new URL("../", import.meta.url).pathname;
const dir = await Deno.makeTempDir({ prefix: "apispec-bench-" });
const file = await Deno.open(`${ROOT}fixtures/corpora/openapi/large/github-api.json.gz`);
await Deno.writeTextFile(
  `${dir}/github.json`,
  await new Response(file.readable.pipeThrough(new DecompressionStream("gzip"))).text(),
);

/** Peak RSS of a finished child, from GNU time when present, else undefined. */
async function run(): Promise<{ ms: number; peakMiB?: number; code: number }> {
  const hasTime = await Deno.stat("/usr/bin/time").then(() => true, () => false);
  const args = [
    "run",
    "-A",
    "--quiet",
    `--config=${ROOT}deno.json`,
    `${ROOT}main.ts`,
    "import",
    "openapi",
    "github.json",
    "--output=json",
  ];
  const started = performance.now();
  const output = await new Deno.Command(hasTime ? "/usr/bin/time" : Deno.execPath(), {
    args: hasTime ? ["-f", "%M", Deno.execPath(), ...args] : args,
    cwd: dir,
    stdout: "null",
    stderr: "piped",
  }).output();
  const ms = performance.now() - started;
  const lastLine = new TextDecoder().decode(output.stderr).trim().split("\n").at(-1) ?? "";
  return { ms, peakMiB: hasTime ? Number(lastLine) / 1024 : undefined, code: output.code };
}

const runs = [];
for (let i = 0; i < 3; i++) {
  await Deno.remove(`${dir}/api-docs`, { recursive: true }).catch(() => {});
  runs.push(await run());
}
await Deno.remove(dir, { recursive: true });
if (runs.some((r) => r.code !== 0)) {
  console.error("an import failed");
  Deno.exit(1);
}
const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
const peak = Math.max(...runs.map((r) => r.peakMiB ?? 0));
console.log(
  `import openapi (GitHub, 1,223 operations, 13 MB), best of ${runs.length}, process start included`,
);
console.log(
  `  time:     ${(best.ms / 1000).toFixed(2)} s   (runs: ${
    runs.map((r) => (r.ms / 1000).toFixed(2)).join(", ")
  } s; target <= 2 s)`,
);
console.log(
  `  peak RSS: ${peak ? `${peak.toFixed(0)} MiB` : "n/a (no /usr/bin/time)"}   (target <= 300 MiB)`,
);
