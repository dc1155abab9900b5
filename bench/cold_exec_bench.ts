/**
 * Cold `apispec exec` of one spec against a bare Deno script that sends the
 * same request and checks its status, both as fresh processes (as CI and a
 * developer run them), against the same loopback API. Target: ≤ 2x.
 * `exec` loads only what the command needs (lazy command modules; ajv only
 * for schema mode).
 */
import { join } from "node:path";
import { startDemoApi } from "../src/demo/api.ts";
import { writeDemoCollection } from "../src/demo/collection.ts";
import { loadNote, median, verdict } from "./_measure.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const RUNS = 15;
const api = startDemoApi();
const dir = await Deno.makeTempDir({ prefix: "apispec-cold-bench-" });
await writeDemoCollection(dir, api.url);
const bare = join(dir, "bare.ts");
await Deno.writeTextFile(
  bare,
  `const response = await fetch(${
    JSON.stringify(`${api.url}/users/1`)
  }, { headers: { accept: "application/json" } });
await response.text();
if (response.status !== 200) Deno.exit(1);
`,
);

async function timeProcess(args: string[]): Promise<number> {
  const started = performance.now();
  const { code } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: dir,
    stdout: "null",
    stderr: "piped",
  }).output();
  const elapsed = performance.now() - started;
  if (code !== 0) throw new Error(`${args.join(" ")} exited ${code}`);
  return elapsed;
}

const execArgs = [
  "run",
  "-A",
  "--quiet",
  `--config=${ROOT}deno.json`,
  `${ROOT}main.ts`,
  "exec",
  "api-docs/apis/users/get-user-by-id.md",
];
const bareArgs = ["run", "-A", "--quiet", bare];
try {
  // Warm Deno's module cache for both, as a second run in CI would find it.
  await timeProcess(execArgs);
  await timeProcess(bareArgs);
  const execTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bareTimes.push(await timeProcess(bareArgs));
    execTimes.push(await timeProcess(execArgs));
  }
  const ratio = median(execTimes) / median(bareTimes);
  console.log(`cold process, one GET against the demo API, median of ${RUNS} ${loadNote()}`);
  console.log(`  apispec exec: ${median(execTimes).toFixed(0)} ms`);
  console.log(`  bare Deno fetch script: ${median(bareTimes).toFixed(0)} ms`);
  console.log(`  ratio ${ratio.toFixed(2)}x; target ≤ 2x: ${verdict(ratio, 2)}`);
} finally {
  await api.close();
  await Deno.remove(dir, { recursive: true });
}
