/**
 * Durations that balance shards: a timings file (`{"<path>": <duration_ms>}`,
 * as `check --write-timings` writes it), else the local history, else equal
 * weights. An item the source does not know counts as the mean of the known
 * ones, so a new spec weighs like an average one (as pytest-split does).
 */
import { type Issue, issue } from "../issue.ts";

export type WeightSource = "timings" | "history" | "equal";

/** Parses a timings file; a malformed one is an issue naming the file and the fix. */
export function parseTimings(
  text: string,
  file: string,
): { timings?: Record<string, number>; issues: Issue[] } {
  const fail = (message: string) => ({
    issues: [issue("USAGE", `Cannot read timings from ${file}: ${message}`, {
      file,
      fix:
        'Pass a file written by `apispec check --write-timings <file>`: {"<path>": <duration_ms>}',
    })],
  });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail((error as Error).message);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return fail("it is not a JSON object");
  }
  const timings: Record<string, number> = {};
  for (const [path, ms] of Object.entries(value)) {
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
      return fail(`the duration of "${path}" is not a number of milliseconds`);
    }
    timings[path] = ms;
  }
  return { timings, issues: [] };
}

/**
 * One weight per item from what a source knows (undefined: unknown). Unknown
 * items take the mean of the known ones; with nothing known, every item weighs 1.
 */
export function fillWeights(known: (number | undefined)[]): number[] {
  const values = known.filter((v): v is number => v !== undefined);
  if (values.length === 0) return known.map(() => 1);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  // A zero weight would let every shard take it for free: keep a floor.
  return known.map((v) => Math.max(v ?? mean, 0.001));
}

/** Timings as a stable JSON text: keys sorted, whole milliseconds. */
export function renderTimings(timings: Record<string, number>): string {
  const sorted = Object.keys(timings).sort();
  return JSON.stringify(
    Object.fromEntries(sorted.map((key) => [key, Math.round(timings[key])])),
    null,
    2,
  ) + "\n";
}
