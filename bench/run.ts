/**
 * Runs every `bench/*_bench.ts` in its own process, one after another (the
 * machines are small and noisy; benchmarks never run in parallel). Each
 * benchmark prints its own figures and targets. Pass names to run a subset:
 * `deno task bench parse validate`.
 */
const dir = new URL(".", import.meta.url).pathname;
const names = [...Deno.readDirSync(dir)]
  .map((e) => e.name)
  .filter((n) => n.endsWith("_bench.ts"))
  .sort()
  .filter((n) => Deno.args.length === 0 || Deno.args.some((a) => n.includes(a)));

let failed = 0;
for (const name of names) {
  console.log(`\n== ${name} ==`);
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `--config=${dir}../deno.json`, `${dir}${name}`],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) failed++;
}
if (failed > 0) {
  console.error(`${failed} benchmark(s) exited non-zero`);
  Deno.exit(1);
}
