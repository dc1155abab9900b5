/**
 * Runs the real CLI in a child process: `deno run main.ts` with the project's
 * config, a clean environment (only what Deno needs plus what the test sets),
 * and colour off unless the test asks for it.
 */
export const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Variables Deno itself needs on these machines; nothing APISPEC_ leaks in from the host. */
export function baseEnv(): Record<string, string> {
  const keep = [
    "PATH",
    "HOME",
    "DENO_DIR",
    "NODE_EXTRA_CA_CERTS",
    "DENO_CERT",
    "TMPDIR",
    "XDG_CACHE_HOME",
  ];
  const env: Record<string, string> = { NO_COLOR: "1" };
  for (const key of keep) {
    const value = Deno.env.get(key);
    if (value !== undefined) env[key] = value;
  }
  return env;
}

export async function apispec(
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string>;
    /** Variables of the base environment to leave out (HOME, to run without one). */
    unset?: string[];
    stdin?: string;
    color?: boolean;
    /** Kill the process after this long: a test of bounded work fails instead of hanging the suite. */
    killAfterMs?: number;
  } = {},
): Promise<CliResult> {
  const env: Record<string, string> = { ...baseEnv(), ...options.env };
  for (const name of options.unset ?? []) delete env[name];
  if (options.color) delete env.NO_COLOR;
  const command = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", `--config=${ROOT}/deno.json`, `${ROOT}/main.ts`, ...args],
    cwd: options.cwd ?? ROOT,
    env,
    clearEnv: true,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  });
  const child = command.spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
    await writer.close();
  }
  const guard = options.killAfterMs === undefined
    ? undefined
    : setTimeout(() => child.kill("SIGKILL"), options.killAfterMs);
  const output = await child.output();
  clearTimeout(guard);
  return {
    code: output.code,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
  };
}

/** Parses stdout as JSON, failing with the whole output when it is not. */
export function json<T = Record<string, unknown>>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(
      `stdout is not JSON (exit ${result.code}):\n${result.stdout}\nstderr:\n${result.stderr}`,
    );
  }
}
