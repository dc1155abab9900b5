/**
 * Timing helpers for benchmarks. These machines are small and shared, so next
 * to wall time we report CPU time (user + system) of this process, which
 * waiting for a busy core does not inflate.
 */
import process from "node:process";

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
