/**
 * `apispec import openapi` of GitHub's OpenAPI description (13 MB, 1,223
 * operations) into a fresh collection, against its floor: a bare script that
 * parses the same file and writes one file per operation (its method, path and
 * JSON, under a folder per tag). Both run as fresh processes, in interleaved
 * rounds; medians. Targets: ≤ 2.5x the floor, peak RSS ≤ 200 MiB.
 *
 * The import does more than the floor by design: $ref resolution, examples
 * built from schemas, the endpoint file's markdown, secret scrubbing, a check
 * that each file parses, atomic writes, the environment template and the index.
 * `--runs <n>` sets the rounds (default 5); `--binary <path>` runs a compiled
 * apispec, and the floor compiled the same way.
 */
import { join } from "node:path";
import {
  apispecProgram,
  childrenCpuMs,
  floorProgram,
  interleave,
  loadNote,
  median,
  option,
  type Program,
  verdict,
} from "./_measure.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const RUNS = Number(option(Deno.args, "runs") ?? 5);
const BINARY = option(Deno.args, "binary");
const dir = await Deno.makeTempDir({ prefix: "apispec-import-bench-" });
const file = await Deno.open(`${ROOT}fixtures/corpora/openapi/large/github-api.json.gz`);
await Deno.writeTextFile(
  join(dir, "github.json"),
  await new Response(file.readable.pipeThrough(new DecompressionStream("gzip"))).text(),
);

const FLOOR = `const spec = JSON.parse(Deno.readTextFileSync(Deno.args[0]));
const out = Deno.args[1];
const made = new Set();
let written = 0;
for (const [path, item] of Object.entries(spec.paths)) {
  for (const method of ["get", "put", "post", "delete", "options", "head", "patch", "trace"]) {
    const operation = item[method];
    if (!operation) continue;
    const folder = out + "/" + (operation.tags?.[0] ?? "default");
    if (!made.has(folder)) Deno.mkdirSync(folder, { recursive: true }), made.add(folder);
    const name = operation.operationId ?? method + path;
    Deno.writeTextFileSync(
      folder + "/" + name.replace(/[^\\w.-]+/g, "-") + ".md",
      method.toUpperCase() + " " + path + "\\n\\n" + JSON.stringify(operation, null, 2) + "\\n",
    );
    written++;
  }
}
if (written !== 1223) Deno.exit(1);
`;
await Deno.writeTextFile(join(dir, "floor.js"), FLOOR);

interface Run {
  wallMs: number;
  cpuMs?: number;
  peakMiB?: number;
}

const hasTime = await Deno.stat("/usr/bin/time").then(() => true, () => false);

/** One fresh process in a fresh output folder; peak RSS from GNU time when present. */
async function run(program: Program, args: string[], output: string): Promise<Run> {
  await Deno.remove(join(dir, output), { recursive: true }).catch(() => {});
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = await new Deno.Command(hasTime ? "/usr/bin/time" : program.command, {
    args: hasTime
      ? ["-f", "%M", program.command, ...program.args, ...args]
      : [...program.args, ...args],
    cwd: dir,
    stdout: "null",
    stderr: "piped",
  }).output();
  const wallMs = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  const stderr = new TextDecoder().decode(result.stderr).trim();
  if (result.code !== 0) throw new Error(`${args.join(" ")} exited ${result.code}: ${stderr}`);
  return {
    wallMs,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    peakMiB: hasTime ? Number(stderr.split("\n").at(-1)) / 1024 : undefined,
  };
}

const floor = await floorProgram(join(dir, "floor.js"), { binary: BINARY });
const apispec = apispecProgram(ROOT, BINARY);
const variants = {
  floor: () => run(floor, ["github.json", "floor-out"], "floor-out"),
  import: () => run(apispec, ["import", "openapi", "github.json", "--output=json"], "api-docs"),
};
try {
  for (const variant of Object.values(variants)) await variant();
  const runs = await interleave(variants, RUNS);
  const floorMs = median(runs.floor.map((r) => r.wallMs));
  const importMs = median(runs.import.map((r) => r.wallMs));
  const cpu = (rs: Run[]) =>
    rs.every((r) => r.cpuMs !== undefined)
      ? `${(median(rs.map((r) => r.cpuMs!)) / 1000).toFixed(2)} s`
      : "n/a";
  const peak = Math.max(...runs.import.map((r) => r.peakMiB ?? 0));
  const ratio = importMs / floorMs;
  console.log(
    `import openapi (GitHub, 1,223 operations, 13 MB), ${
      BINARY ? `binary ${BINARY}` : "deno run"
    }, fresh processes, median of ${RUNS} interleaved rounds ${loadNote()}`,
  );
  console.log(
    `  floor: parse + write one file per operation (${floor.note})  ${
      (floorMs / 1000).toFixed(2)
    } s  (CPU ${cpu(runs.floor)})`,
  );
  console.log(
    `  apispec import openapi                       ${(importMs / 1000).toFixed(2)} s  (CPU ${
      cpu(runs.import)
    }), peak RSS ${peak ? `${peak.toFixed(0)} MiB` : "n/a (no /usr/bin/time)"}`,
  );
  console.log(`  import / floor ${ratio.toFixed(2)}x; target ≤ 2.5x: ${verdict(ratio, 2.5)}`);
  if (peak) console.log(`  peak RSS target ≤ 200 MiB: ${verdict(peak, 200)}`);
} finally {
  await Deno.remove(dir, { recursive: true });
}
