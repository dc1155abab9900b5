/**
 * `apispec drift` of GitHub's OpenAPI description (13 MB, 1,223 operations)
 * against a collection imported from it, through the real CLI: wall time and
 * peak memory (RSS) of the drift process. Targets: at most 3 s and 400 MiB.
 * The import itself is set-up, not measured.
 */
const ROOT = new URL("../", import.meta.url).pathname;
const SOURCE = `${ROOT}fixtures/corpora/openapi/large/github-api.json.gz`;
if (!(await Deno.stat(SOURCE).then(() => true, () => false))) {
  console.log(`skipped: ${SOURCE} is absent`);
  Deno.exit(0);
}
const dir = await Deno.makeTempDir({ prefix: "apispec-bench-" });
const file = await Deno.open(SOURCE);
await Deno.writeTextFile(
  `${dir}/github.json`,
  await new Response(file.readable.pipeThrough(new DecompressionStream("gzip"))).text(),
);
const cli = ["run", "-A", "--quiet", `--config=${ROOT}deno.json`, `${ROOT}main.ts`];
const imported = await new Deno.Command(Deno.execPath(), {
  args: [...cli, "import", "openapi", "github.json", "--output=json"],
  cwd: dir,
  stdout: "null",
  stderr: "null",
}).output();
if (!imported.success) {
  console.error("the import failed");
  Deno.exit(1);
}

/** One drift run; peak RSS from GNU time when present. */
async function run(): Promise<{ ms: number; cpuS?: number; peakMiB?: number; summary: string }> {
  const hasTime = await Deno.stat("/usr/bin/time").then(() => true, () => false);
  const args = [...cli, "drift", "github.json", "--report", "json"];
  const started = performance.now();
  const output = await new Deno.Command(hasTime ? "/usr/bin/time" : Deno.execPath(), {
    args: hasTime ? ["-f", "%U %S %M", Deno.execPath(), ...args] : args,
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const ms = performance.now() - started;
  const lastLine = new TextDecoder().decode(output.stderr).trim().split("\n").at(-1) ?? "";
  const [user, system, kib] = lastLine.split(" ").map(Number);
  const report = JSON.parse(new TextDecoder().decode(output.stdout));
  return {
    ms,
    cpuS: hasTime ? user + system : undefined,
    peakMiB: hasTime ? kib / 1024 : undefined,
    summary: JSON.stringify(report.summary),
  };
}

const runs = [];
for (let i = 0; i < 3; i++) runs.push(await run());
await Deno.remove(dir, { recursive: true });
const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
const peak = Math.max(...runs.map((r) => r.peakMiB ?? 0));
console.log(
  `drift (GitHub, 1,223 operations, 13 MB, against its own import), best of ${runs.length}, process start included`,
);
console.log(`  summary:  ${best.summary}`);
console.log(
  `  time:     ${(best.ms / 1000).toFixed(2)} s   (runs: ${
    runs.map((r) => (r.ms / 1000).toFixed(2)).join(", ")
  } s; target <= 3 s)`,
);
if (best.cpuS !== undefined) {
  console.log(
    `  CPU:      ${
      best.cpuS.toFixed(2)
    } s user+system (what a busy shared machine does not inflate)`,
  );
}
console.log(
  peak
    ? `  peak RSS: ${peak.toFixed(0)} MiB   (target <= 400 MiB)`
    : "  peak RSS: not measured (/usr/bin/time is absent)",
);
