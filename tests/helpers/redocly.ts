/**
 * Redocly's CLI (`@redocly/cli`, pinned with its own lock file in
 * tests/tools/redocly/) as a third-party Arazzo runner: `respect` runs workflows and
 * `lint` validates documents. Run through Deno's npm support, so CI needs
 * nothing beyond the npm registry; tests skip, saying why, when it cannot start.
 */
import { baseEnv, ROOT } from "./cli.ts";

const CLI = "npm:@redocly/cli@2.77.0";

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function redocly(args: string[], cwd: string): Promise<ToolResult> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      `--config=${ROOT}/tests/tools/redocly/deno.json`,
      "--frozen",
      CLI,
      ...args,
    ],
    cwd,
    env: { ...baseEnv(), REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

/** Why Redocly's CLI cannot run here, or undefined when it can. */
export async function redoclyUnavailable(): Promise<string | undefined> {
  try {
    const result = await redocly(["--version"], ROOT);
    if (result.code === 0 && /^2\.77\.0/.test(result.stdout.trim())) return undefined;
    return `redocly --version exited ${result.code}: ${result.stderr.trim().split("\n")[0]}`;
  } catch (error) {
    return (error as Error).message;
  }
}
