/** Runs a program in a clean environment and collects its output; it fails the test if it hangs. */
import type { CliResult } from "./cli.ts";

export async function run(
  program: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CliResult> {
  const output = await new Deno.Command(program, {
    args,
    cwd: options.cwd,
    env: options.env ?? {},
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}
