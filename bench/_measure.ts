/**
 * Timing helpers for benchmarks. These machines are small and shared, so next
 * to wall time we report CPU time (user + system) of this process, which
 * waiting for a busy core does not inflate.
 */
import process from "node:process";
import { V8_FLAGS_ARG } from "../scripts/release/v8_flags.ts";

export interface Sample {
  wallMs: number;
  cpuMs: number;
}

export function timeIt(fn: () => void): Sample {
  const cpu = process.cpuUsage();
  const started = performance.now();
  fn();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

export async function timeItAsync(fn: () => Promise<void>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await fn();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Peak resident memory of this process in MiB (Linux), else the current RSS. */
export function peakRssMiB(): number {
  try {
    const status = Deno.readTextFileSync("/proc/self/status");
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    if (match) return Number(match[1]) / 1024;
  } catch { /* not Linux */ }
  return Deno.memoryUsage().rss / 1024 / 1024;
}

export function verdict(
  value: number,
  target: number,
  better: "lower" | "higher" = "lower",
): string {
  const met = better === "lower" ? value <= target : value >= target;
  return met ? "met" : "NOT met";
}

/** Load average, printed with every benchmark so noisy runs can be recognised. */
export function loadNote(): string {
  try {
    const [one] = Deno.readTextFileSync("/proc/loadavg").split(" ");
    return `(1-min load average ${one} on ${navigator.hardwareConcurrency} cores)`;
  } catch {
    return "";
  }
}

/** CPU time (user + system, ms) of this process's finished children, from /proc (Linux); undefined elsewhere. */
export function childrenCpuMs(): number | undefined {
  try {
    // Fields after the command name: cutime and cstime are the 14th and 15th, in clock ticks (100/s).
    const stat = Deno.readTextFileSync("/proc/self/stat");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

export interface ProcessRun {
  wallMs: number;
  /** From /proc; ticks of 10 ms, so only sums over many runs mean much. */
  cpuMs?: number;
}

/** Runs a command to completion with output discarded; throws when it fails. */
export async function timeProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<ProcessRun> {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const { code, stderr } = await new Deno.Command(command, {
    args,
    cwd: options.cwd,
    env: options.env,
    stdout: "null",
    stderr: "piped",
  }).output();
  const wallMs = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  if (code !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} exited ${code}: ${new TextDecoder().decode(stderr)}`,
    );
  }
  return {
    wallMs,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  };
}

/**
 * Runs every variant once per round, starting each round at a different
 * variant, so that a noisy minute weighs on all of them alike. Returns each
 * variant's runs.
 */
export async function interleave<T>(
  variants: Record<string, () => Promise<T>>,
  rounds: number,
): Promise<Record<string, T[]>> {
  const names = Object.keys(variants);
  const runs: Record<string, T[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length];
      runs[name].push(await variants[name]());
    }
  }
  return runs;
}

/** Mean CPU per run from summed /proc ticks, or "n/a". */
export function meanCpu(runs: ProcessRun[]): string {
  if (runs.some((r) => r.cpuMs === undefined)) return "n/a";
  return `${(runs.reduce((sum, r) => sum + r.cpuMs!, 0) / runs.length).toFixed(0)} ms`;
}

/** Reads `--name value` or `--name=value` from argv. */
export function option(args: string[], name: string): string | undefined {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return undefined;
  return args[i].includes("=") ? args[i].slice(args[i].indexOf("=") + 1) : args[i + 1];
}

export interface Program {
  command: string;
  args: string[];
}

/**
 * apispec as the benchmarks start it: the compiled binary (`--binary <path>`),
 * else `deno run` of main.ts with the V8 flags the binary embeds.
 */
export function apispecProgram(root: string, binary?: string): Program {
  return binary ? { command: binary, args: [] } : {
    command: Deno.execPath(),
    args: ["run", "-A", "--quiet", V8_FLAGS_ARG, `--config=${root}deno.json`, `${root}main.ts`],
  };
}

/**
 * A floor script as the same kind of program as apispec: beside a compiled
 * binary it is compiled too (`deno compile`, which honours DENORT_BIN), else
 * it runs under `deno run`; with the same V8 flags either way (Deno's code
 * cache holds one compilation per module, its own fetch modules included, so
 * processes with other flags would throw each other's out). `config` gives it
 * the project's import map.
 */
export async function floorProgram(
  script: string,
  options: { binary?: string; config?: string },
): Promise<Program & { note: string }> {
  const config = options.config ? [`--config=${options.config}`] : ["--no-config"];
  const run = {
    command: Deno.execPath(),
    args: ["run", "-A", "--quiet", V8_FLAGS_ARG, ...config, script],
  };
  if (!options.binary) return { ...run, note: "deno run" };
  const out = script.replace(/\.[jt]s$/, "") + "-bin";
  const compiled = await new Deno.Command(Deno.execPath(), {
    args: ["compile", "-A", "--quiet", V8_FLAGS_ARG, ...config, "-o", out, script],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (compiled.code === 0) return { command: out, args: [], note: "deno compile" };
  const reason = new TextDecoder().decode(compiled.stderr).trim().split("\n")[0];
  console.log(`  (the floor could not be compiled, so it runs under deno run: ${reason})`);
  return { ...run, note: "deno run; compile failed" };
}

/**
 * The API of `_loopback_api.ts` in its own process, so client and server do
 * not share an event loop; it answers after `delayMs`. `close()` stops it.
 */
export async function startLoopbackApi(
  delayMs = 0,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net",
      new URL("./_loopback_api.ts", import.meta.url).pathname,
      String(delayMs),
    ],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.getReader();
  const port = Number(new TextDecoder().decode((await reader.read()).value).trim());
  reader.releaseLock();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      child.kill();
      await child.status;
    },
  };
}
