/**
 * The weights that balance `check --shard`: a timings file (`--timings`),
 * else the local history's durations, else equal weights. Items are keyed by
 * their path from the repository root (else from the working folder), the
 * same key `--write-timings` writes, so a file from one CI run fits the next.
 */
import { dirname, relative, resolve } from "../../adapters/path.ts";
import type { Issue } from "../../engine/issue.ts";
import { issue } from "../../engine/issue.ts";
import { parseHistory } from "../../engine/history/history.ts";
import { fillWeights, parseTimings, type WeightSource } from "../../engine/schedule/weights.ts";
import { readTextSync, toSlash } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath, findCollectionRoot } from "../collection/load.ts";
import { historyFile } from "./history.ts";

/** Runs of a spec's history that its weight averages. */
const HISTORY_RUNS = 10;

/** The key of an item (absolute path) in a timings file. */
export function timingKey(path: string, repoRoot: string | undefined, cwd: string): string {
  return repoRoot ? toSlash(relative(repoRoot, path)) : displayPath(path, cwd);
}

/** Reads a `--timings` file; a missing or malformed one is a usage issue. */
export function readTimings(
  file: string,
  ctx: OpsContext,
): { timings?: Record<string, number>; issues: Issue[] } {
  const read = readTextSync(resolve(ctx.cwd, file));
  if (!read.ok) {
    return {
      issues: [issue("USAGE", `Cannot read timings from ${file}: ${read.error.message}`, {
        file,
        fix: "Write it with `apispec check --write-timings <file>` (in CI: keep it as an " +
          "artifact of the previous run), or leave out --timings",
      })],
    };
  }
  return parseTimings(read.text, file);
}

/** Mean duration of a spec's recent runs in its local history; undefined without history. */
async function historyMean(
  specPath: string,
  config: string | undefined,
  ctx: OpsContext,
): Promise<number | undefined> {
  const root = await findCollectionRoot({ config, near: specPath }, ctx);
  const read = readTextSync(historyFile({ root, projectRoot: dirname(root) }, specPath));
  if (!read.ok) return undefined;
  const recent = parseHistory(read.text).slice(-HISTORY_RUNS);
  if (recent.length === 0) return undefined;
  return recent.reduce((sum, e) => sum + e.duration_ms, 0) / recent.length;
}

export interface WeightInputs {
  /** Absolute paths of the endpoint items, then the flow items. */
  paths: string[];
  /** Endpoint files of each flow item's steps (absolute), aligned with the flows among `paths`. */
  flowSteps: string[][];
  endpointCount: number;
  keys: string[];
  timings?: Record<string, number>;
  config?: string;
}

/** One weight per item and where the weights came from. */
export async function itemWeights(
  input: WeightInputs,
  ctx: OpsContext,
): Promise<{ weights: number[]; source: WeightSource }> {
  if (input.timings) {
    const timings = input.timings;
    return { weights: fillWeights(input.keys.map((key) => timings[key])), source: "timings" };
  }
  const means = new Map<string, number | undefined>();
  const mean = async (path: string) => {
    if (!means.has(path)) means.set(path, await historyMean(path, input.config, ctx));
    return means.get(path);
  };
  const known: (number | undefined)[] = [];
  for (const [index, path] of input.paths.entries()) {
    if (index < input.endpointCount) {
      known.push(await mean(path));
      continue;
    }
    // A flow weighs what its steps took, when every step has history.
    const steps = await Promise.all(input.flowSteps[index - input.endpointCount].map(mean));
    known.push(
      steps.length > 0 && steps.every((s) => s !== undefined)
        ? steps.reduce((sum: number, s) => sum + s!, 0)
        : undefined,
    );
  }
  if (known.every((k) => k === undefined)) {
    return { weights: fillWeights(known), source: "equal" };
  }
  return { weights: fillWeights(known), source: "history" };
}
