/**
 * Runs many endpoint files at once: at most 8 requests in flight (by default)
 * over Deno's fetch, which keeps connections alive and reuses them; the next
 * files are prepared while requests wait, and each collection is loaded once.
 * Backs the `apispec_exec_batch` tool and `check`.
 */
import { dirname } from "../../adapters/path.ts";
import type { Issue } from "../../engine/issue.ts";
import type { ErrorType } from "../../engine/model.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  envExclusion,
  execInCollection,
  type ExecInput,
  type ExecResult,
  type Gate,
} from "./exec.ts";
import { bufferedHistory } from "./history.ts";
import {
  type Collection,
  findCollectionRoot,
  loadCollection,
  resolveUserPath,
} from "../collection/load.ts";

export const DEFAULT_CONCURRENCY = 8;
/** Files prepared while the requests in flight wait. */
const PREPARED_AHEAD = 8;

/** A gate with `size` slots; a finished send hands its slot straight to the next in line. */
function slots(size: number): Gate {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (send) => {
    if (active < size) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await send();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

export interface BatchOptions extends Omit<ExecInput, "file" | "captures" | "dryRun"> {
  /** Requests in flight at once (default 8). */
  concurrency?: number;
}

/** One spec's full outcome, for callers in this process (`check`). */
export interface SpecRun extends ExecResult {
  /** The spec path as the caller named it. */
  name: string;
  /** Absolute path. */
  path: string;
  /** Set when the spec's `env:` list leaves out the environment: nothing was sent. */
  skipped?: string;
}

export interface BatchEntry {
  spec: string;
  passed: boolean;
  /** Not run: the spec's `env:` list leaves out the environment. */
  skipped?: boolean;
  status: number;
  duration_ms: number;
  error_type?: ErrorType;
  hint?: string;
}

export interface BatchResult {
  summary: { total: number; passed: number; failed: number; skipped: number; duration_ms: number };
  results: BatchEntry[];
}

/**
 * Runs every spec with at most `concurrency` in flight; runs keep the input
 * order. History entries are written once at the end, under one lock per
 * collection.
 */
export async function runSpecs(
  specs: string[],
  options: BatchOptions,
  ctx: OpsContext,
): Promise<{ runs: SpecRun[]; issues: Issue[] }> {
  // Files of one folder share a collection: find and load each once.
  const roots = new Map<string, Promise<string>>();
  const collections = new Map<string, Promise<Loaded>>();
  const collectionFor = async (path: string): Promise<Loaded> => {
    const dir = dirname(path);
    if (!roots.has(dir)) {
      roots.set(dir, findCollectionRoot({ config: options.config, near: path }, ctx));
    }
    const root = await roots.get(dir)!;
    if (!collections.has(root)) {
      collections.set(
        root,
        loadCollection(root, ctx, options.config).then((collection) => ({
          collection,
          history: bufferedHistory(collection),
        })),
      );
    }
    return await collections.get(root)!;
  };
  const runs: SpecRun[] = new Array(specs.length);
  const size = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const gate = slots(size);
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const index = next++;
      const spec = specs[index];
      const path = await resolveUserPath(spec, ctx, options.config);
      const { collection, history } = await collectionFor(path);
      const result = await execInCollection(
        { ...options, file: spec, dryRun: false, history: history.sink, gate },
        path,
        collection,
        ctx,
      );
      const skipped = result.spec ? envExclusion(result.spec, result.env) : undefined;
      runs[index] = { ...result, name: spec, path, ...(skipped ? { skipped } : {}) };
    }
  };
  // More workers than slots: the next files are read, parsed and resolved while
  // the requests in flight wait on the network.
  const workers = Math.min(specs.length, size + PREPARED_AHEAD);
  await Promise.all(Array.from({ length: workers }, worker));
  const issues: Issue[] = [];
  for (const loaded of collections.values()) issues.push(...(await loaded).history.flush());
  return { runs, issues };
}

interface Loaded {
  collection: Collection;
  history: ReturnType<typeof bufferedHistory>;
}

/** The wire entry of one run. */
export function batchEntry(run: SpecRun): BatchEntry {
  const { record } = run;
  if (run.skipped) {
    return {
      spec: run.name,
      passed: false,
      skipped: true,
      status: 0,
      duration_ms: 0,
      hint: `Skipped: ${run.skipped}`,
    };
  }
  return {
    spec: run.name,
    passed: record.passed,
    status: record.status,
    duration_ms: record.duration_ms,
    ...(record.error_type ? { error_type: record.error_type } : {}),
    ...(record.passed ? {} : { hint: record.hint }),
  };
}

/** Runs the specs and summarises them: `{summary, results}` (the `apispec_exec_batch` output). */
export async function execBatch(
  specs: string[],
  options: BatchOptions,
  ctx: OpsContext,
): Promise<BatchResult> {
  const started = ctx.clock.monotonic();
  const results = (await runSpecs(specs, options, ctx)).runs.map(batchEntry);
  const passed = results.filter((r) => r.passed).length;
  const skipped = results.filter((r) => r.skipped).length;
  return {
    summary: {
      total: results.length,
      passed,
      failed: results.length - passed - skipped,
      skipped,
      duration_ms: Math.round(ctx.clock.monotonic() - started),
    },
    results,
  };
}
