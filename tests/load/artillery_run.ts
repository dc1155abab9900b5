/**
 * Runs a generated Artillery script with Artillery from tests/tools (`npm ci
 * --prefix tests/tools`), telemetry off, in a clean environment plus `env`;
 * the run must exit as expected, and its counters come from the JSON report.
 */
import { assertEquals } from "@std/assert";
import { baseEnv } from "../helpers/cli.ts";
import { npmTool } from "../helpers/tools.ts";

export const artillery = npmTool("artillery");

export interface ArtilleryRun {
  counters: Record<string, number>;
  /** stdout and stderr, for failure messages. */
  output: string;
}

/** Runs `script`; the run must exit with `code` (21: an expectation failed, as a test may intend). */
export async function runArtillery(
  dir: string,
  script: string,
  env: Record<string, string> = {},
  code = 0,
): Promise<ArtilleryRun> {
  const run = await new Deno.Command(artillery.path!, {
    args: ["run", "--output", "report.json", script],
    cwd: dir,
    env: { ...baseEnv(), ARTILLERY_DISABLE_TELEMETRY: "true", ...env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const output = new TextDecoder().decode(run.stdout) + new TextDecoder().decode(run.stderr);
  assertEquals(run.code, code, output);
  const report = JSON.parse(await Deno.readTextFile(`${dir}/report.json`));
  return { counters: report.aggregate.counters, output };
}
