/**
 * Servers in their own processes loaded by wrk, for the mock benchmarks:
 * start one and wait for its ready line, load it for some seconds, and read
 * its CPU time and memory from /proc (Linux), the figures that other work on
 * the machine disturbs least.
 */

export interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface Run {
  perSecond: number;
  /** Server CPU microseconds per request. */
  cpuMicros: number;
}

export async function hasWrk(): Promise<boolean> {
  try {
    await new Deno.Command("wrk", { args: ["--version"], stdout: "null", stderr: "null" }).output();
    return true;
  } catch {
    return false;
  }
}

export interface StartOptions {
  cwd: string;
  /** A stdout (or stderr) line that says the server listens; its first group is the URL. */
  ready?: RegExp;
  /** The URL when the ready line does not hold one. */
  url?: string;
  env?: Record<string, string>;
}

/** Starts `command args` and waits for its ready line; output is drained so it never blocks. */
export async function startServer(
  command: string,
  args: string[],
  options: StartOptions,
): Promise<Server> {
  const ready = options.ready ?? /Listening on (\S+)/;
  const child = new Deno.Command(command, {
    args,
    cwd: options.cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...options.env },
  }).spawn();
  let out = "";
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      if (out.length < 100_000) out += decoder.decode(chunk, { stream: true });
    }
  };
  const draining = Promise.all([drain(child.stdout), drain(child.stderr)]);
  const exited = child.status.then(() => true);
  while (!ready.test(out)) {
    const ended = await Promise.race([exited, new Promise((r) => setTimeout(r, 25, false))]);
    if (ended) throw new Error(`${command} exited before it was ready:\n${out}`);
  }
  return {
    url: options.url ?? ready.exec(out)![1],
    pid: child.pid,
    stop: async () => {
      try {
        child.kill("SIGINT");
      } catch { /* gone */ }
      await child.status;
      await draining;
    },
  };
}

export function rssMiB(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** User + system CPU seconds the process has used (Linux /proc; ticks are 1/100 s). */
export function cpuSeconds(pid: number): number {
  const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Loads `server` with wrk and a Lua script; error responses fail the run. */
export async function wrk(
  server: Server,
  script: string,
  seconds: number,
  connections: number,
): Promise<Run> {
  const cpuBefore = cpuSeconds(server.pid);
  const { stdout } = await new Deno.Command("wrk", {
    args: ["-t1", `-c${connections}`, `-d${seconds}s`, "-s", script, server.url],
    stdout: "piped",
  }).output();
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const text = new TextDecoder().decode(stdout);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(text);
  const total = /(\d+) requests in/.exec(text);
  if (!rate || !total) throw new Error(`cannot read wrk output:\n${text}`);
  if (/Non-2xx/.test(text)) throw new Error(`wrk saw error responses:\n${text}`);
  return { perSecond: Number(rate[1]), cpuMicros: (cpu * 1e6) / Number(total[1]) };
}
