/**
 * `apispec drift` and `apispec coverage --openapi` of two documents, each
 * against a collection imported from it, through the real CLI: GitHub's
 * description (13 MB, 1,223 operations) and a generated one of about 4 MB
 * whose schemas nest anyOf seven levels deep through recursive references
 * (issue #29: drift peaked at 1.3 GB on such a document). Wall time, CPU
 * time (user + system) and peak memory (RSS, from GNU time) of each process,
 * medians of interleaved rounds, and the ratio to a floor run in the same
 * rounds: a process that reads and parses the same document. Targets: at
 * most 3 s and 400 MiB each. The imports are set-up; their figures are
 * printed for the record.
 */
import { loadNote, median } from "./_measure.ts";
import { nestedDocument } from "../tests/helpers/nested_openapi.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const GITHUB = `${ROOT}fixtures/corpora/openapi/large/github-api.json.gz`;
const ROUNDS = 3;
const TIME = "/usr/bin/time";

interface Measured {
  wallMs: number;
  cpuS: number;
  peakMiB: number;
}

/** One process under GNU time: wall clock here, CPU and peak RSS from time's last line. */
async function measure(args: string[], cwd: string): Promise<Measured> {
  const started = performance.now();
  const output = await new Deno.Command(TIME, {
    args: ["-f", "%U %S %M", Deno.execPath(), ...args],
    cwd,
    stdout: "null",
    stderr: "piped",
  }).output();
  const wallMs = performance.now() - started;
  const lines = new TextDecoder().decode(output.stderr).trim().split("\n");
  const [user, system, kib] = lines.at(-1)!.split(" ").map(Number);
  if (![0, 1].includes(output.code)) throw new Error(`${args.join(" ")}: ${lines.join("\n")}`);
  return { wallMs, cpuS: user + system, peakMiB: kib / 1024 };
}

if (!(await Deno.stat(TIME).then(() => true, () => false))) {
  console.log(`skipped: ${TIME} (GNU time) is absent; it gives CPU time and peak memory`);
  Deno.exit(0);
}

const cli = ["run", "-A", "--quiet", `--config=${ROOT}deno.json`, `${ROOT}main.ts`];
const dir = await Deno.makeTempDir({ prefix: "apispec-bench-" });
const documents: { name: string; file: string }[] = [];
if (await Deno.stat(GITHUB).then(() => true, () => false)) {
  const file = await Deno.open(GITHUB);
  await Deno.mkdir(`${dir}/github`);
  await Deno.writeFile(
    `${dir}/github/openapi.json`,
    file.readable.pipeThrough(new DecompressionStream("gzip")),
  );
  documents.push({ name: "GitHub (13 MB, 1,223 operations)", file: `${dir}/github` });
} else console.log(`GitHub's description is absent (${GITHUB}): only the generated one runs`);
await Deno.mkdir(`${dir}/nested`);
const nestedText = JSON.stringify(nestedDocument());
await Deno.writeTextFile(`${dir}/nested/openapi.json`, nestedText);
documents.push({
  name: `nested anyOf, recursive refs (${
    (nestedText.length / 1e6).toFixed(1)
  } MB, 1,000 operations)`,
  file: `${dir}/nested`,
});
const floorScript = `${dir}/floor.ts`;
await Deno.writeTextFile(
  floorScript,
  'JSON.parse(Deno.readTextFileSync("openapi.json"));\n',
);

console.log(`drift and coverage against each document's own import ${loadNote()}`);
for (const { name, file: cwd } of documents) {
  const imported = await measure(
    [...cli, "import", "openapi", "openapi.json", "--output=json"],
    cwd,
  );
  const variants: [string, string[]][] = [
    ["floor: read + JSON.parse the document", ["run", "-A", floorScript]],
    ["drift", [...cli, "drift", "openapi.json", "--report", "json"]],
    ["coverage --openapi", [...cli, "coverage", "--openapi", "openapi.json", "--output", "json"]],
  ];
  const runs = new Map<string, Measured[]>(variants.map(([label]) => [label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts at another variant, so none always runs on a cold cache.
    for (let i = 0; i < variants.length; i++) {
      const [label, args] = variants[(round + i) % variants.length];
      runs.get(label)!.push(await measure(args, cwd));
    }
  }
  const floor = median(runs.get(variants[0][0])!.map((r) => r.wallMs));
  console.log(`\n${name}`);
  console.log(
    `  import (set-up): ${(imported.wallMs / 1000).toFixed(2)} s, CPU ${
      imported.cpuS.toFixed(2)
    } s, peak ${imported.peakMiB.toFixed(0)} MiB`,
  );
  for (const [label] of variants) {
    const measured = runs.get(label)!;
    const wall = median(measured.map((r) => r.wallMs));
    const cpu = median(measured.map((r) => r.cpuS));
    const peak = Math.max(...measured.map((r) => r.peakMiB));
    const targets = label.startsWith("floor")
      ? ""
      : `; targets <= 3 s: ${wall <= 3000 ? "met" : "NOT met"}, <= 400 MiB: ${
        peak <= 400 ? "met" : "NOT met"
      }`;
    console.log(
      `  ${label.padEnd(38)} ${(wall / 1000).toFixed(2)} s (${
        (wall / floor).toFixed(2)
      }x floor), CPU ${cpu.toFixed(2)} s, peak ${peak.toFixed(0)} MiB${targets}`,
    );
  }
}
await Deno.remove(dir, { recursive: true });
