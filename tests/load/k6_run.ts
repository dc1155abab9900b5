/**
 * Runs a generated k6 script under the stand-in for k6's modules
 * (`k6_shim/`: the same synchronous `http.request`, `check`, `group`,
 * `sleep`, `SharedArray` and `open()`, requests sent with curl), since k6
 * itself cannot be installed here.
 */
import { assertEquals } from "@std/assert";
import { baseEnv, ROOT } from "../helpers/cli.ts";

export const SHIM = `${ROOT}/tests/load/k6_shim`;

export interface ShimRun {
  requests: {
    method: string;
    url: string;
    status: number;
    tags: { name?: string };
    headers: Record<string, string>;
    body: string | null;
  }[];
  checks: { name: string; passed: boolean }[];
  groups: string[];
  sleeps: number[];
  /** The canary a smuggled payload would set (`JS_CANARY`); null when nothing ran. */
  pwned: unknown;
}

function hasCurl(): boolean {
  try {
    return new Deno.Command("curl", { args: ["--version"], stdout: "null" }).outputSync().success;
  } catch {
    return false;
  }
}

export const curl = hasCurl();
if (!curl) {
  console.warn("skipping the k6 run tests: curl is not installed (the k6 stand-in sends with it)");
}

/** Runs each scenario of `file` (in `dir`) `iterations` times, with `env` as k6's `__ENV`. */
export async function runUnderShim(
  dir: string,
  file: string,
  env: Record<string, string>,
  iterations = 1,
): Promise<ShimRun> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-run=curl",
      // Request bodies go to curl through temporary files in the run's folder.
      `--allow-write=${dir}`,
      `--import-map=${SHIM}/import_map.json`,
      "--no-lock",
      `${SHIM}/run.js`,
      file,
      JSON.stringify(env),
      String(iterations),
    ],
    cwd: dir,
    env: baseEnv(),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assertEquals(output.code, 0, stderr);
  return JSON.parse(new TextDecoder().decode(output.stdout)) as ShimRun;
}
