/**
 * Runs a long-lived apispec command (`mock`, `serve`) as a real child process,
 * like `apispec()` in cli.ts but left running: waits for the line that says it
 * is ready, collects its output, and stops it with a signal as Ctrl-C would.
 */
import { baseEnv, ROOT } from "./cli.ts";

export interface StoppedProcess {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliProcess extends AsyncDisposable {
  /** The first group of the `ready` pattern, e.g. the URL a server prints. */
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout (or stderr) holds `text`; fails after `timeoutMs`. */
  waitFor(text: string | RegExp, stream?: "stdout" | "stderr", timeoutMs?: number): Promise<void>;
  stop(signal?: Deno.Signal): Promise<StoppedProcess>;
}

/** Generous: a cold `deno run` on a busy 2-core machine can take seconds. */
const START_DEADLINE_MS = 30_000;

export interface SpawnOptions {
  cwd: string;
  env?: Record<string, string>;
  /** A stdout line that says the command is ready; its first group becomes `url`. */
  ready: RegExp;
  /** Another checkout to run `main.ts` from (default: this one). */
  root?: string;
}

export async function spawnApispec(args: string[], options: SpawnOptions): Promise<CliProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      `--config=${options.root ?? ROOT}/deno.json`,
      `${options.root ?? ROOT}/main.ts`,
      ...args,
    ],
    cwd: options.cwd,
    env: { ...baseEnv(), ...options.env },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  let err = "";
  const collect = async (stream: ReadableStream<Uint8Array>, add: (text: string) => void) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) add(decoder.decode(chunk, { stream: true }));
  };
  const reading = Promise.all([
    collect(child.stdout, (t) => out += t),
    collect(child.stderr, (t) => err += t),
  ]);
  let stopped: StoppedProcess | undefined;
  const stop = async (signal: Deno.Signal = "SIGINT") => {
    if (stopped) return stopped;
    try {
      child.kill(signal);
    } catch { /* already exited */ }
    const { code } = await child.status;
    await reading;
    return stopped = { code, stdout: out, stderr: err };
  };
  const exited = child.status.then(() => true);

  const waitFor = async (text: string | RegExp, stream = "stdout", timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    const seen = () => {
      const output = stream === "stdout" ? out : err;
      return typeof text === "string" ? output.includes(text) : text.test(output);
    };
    while (!seen()) {
      const ended = await Promise.race([exited, new Promise((r) => setTimeout(r, 25, false))]);
      if (ended) await reading;
      if (ended && !seen()) {
        throw new Error(`mock exited before printing "${text}"\nstdout:\n${out}\nstderr:\n${err}`);
      }
      if (Date.now() > deadline) {
        throw new Error(
          `no "${text}" on stdout within ${timeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`,
        );
      }
    }
  };

  try {
    await waitFor(options.ready, "stdout", START_DEADLINE_MS);
  } catch (error) {
    await stop("SIGKILL");
    throw error;
  }
  const url = options.ready.exec(out)![1] ?? "";
  return {
    url,
    stdout: () => out,
    stderr: () => err,
    waitFor,
    stop,
    [Symbol.asyncDispose]: async () => {
      await stop();
    },
  };
}

/** Polls `probe` until it returns true; the deadline is generous because file watching is. */
export async function eventually(
  probe: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
