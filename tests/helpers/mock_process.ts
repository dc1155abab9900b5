/**
 * Runs `apispec mock` as a real child process (like `apispec()` in cli.ts,
 * but left running): waits for its "Listening on" line, collects its output,
 * and stops it with a signal as Ctrl-C would.
 */
import { baseEnv, ROOT } from "./cli.ts";

export interface StoppedProcess {
  code: number;
  stdout: string;
  stderr: string;
}

export interface MockProcess extends AsyncDisposable {
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout (or stderr) holds `text`; fails after `timeoutMs`. */
  waitFor(text: string, stream?: "stdout" | "stderr", timeoutMs?: number): Promise<void>;
  stop(signal?: Deno.Signal): Promise<StoppedProcess>;
}

/** Generous: a cold `deno run` on a busy 2-core machine can take seconds. */
const START_DEADLINE_MS = 30_000;

export async function startMock(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<MockProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      `--config=${ROOT}/deno.json`,
      `${ROOT}/main.ts`,
      "mock",
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

  const waitFor = async (text: string, stream = "stdout", timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    const seen = () => (stream === "stdout" ? out : err).includes(text);
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
    await waitFor("Listening on ", "stdout", START_DEADLINE_MS);
  } catch (error) {
    await stop("SIGKILL");
    throw error;
  }
  const url = /Listening on (http:\/\/\S+)/.exec(out)![1];
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
  probe: () => Promise<boolean>,
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
