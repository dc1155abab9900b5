/**
 * `check`: contract checks for a pull request or a CI job. Selects the files
 * (`check_select.ts`), reads and parses them, keeps one shard when asked
 * (resource groups balanced by durations), then runs endpoints and flows
 * side by side under the per-resource order (`run_items.ts`). Results come
 * back in file order whatever ran first. Returns results; never prints.
 */
import { resolve } from "../../adapters/path.ts";
import {
  EXIT,
  type ExitCode,
  type Issue,
  issue,
  warning,
  worstExitCode,
} from "../../engine/issue.ts";
import type { Shard } from "../../engine/schedule/shard.ts";
import { isDirectory } from "../../adapters/fs.ts";
import type { TransportOptions } from "../auth/transport.ts";
import type { OpsContext } from "../../adapters/system.ts";
import type { FlowResult } from "../flow/flow.ts";
import { displayPath, findCollectionRoot, type LayerInputs } from "../collection/load.ts";
import { selectFiles } from "./check_select.ts";
import { type CollectionCache, collectionCache } from "./collections.ts";
import { keepShard, type ShardInfo, splitItems } from "./check_shard.ts";
import {
  type EndpointItem,
  type FlowItem,
  loadEndpointItems,
  loadFlowItem,
  runItems,
  type SpecRun,
} from "./run_items.ts";
import type { LoadedEndpoint } from "./exec.ts";
import { readTimings, timingKey } from "./timings.ts";
import { repositoryRoot } from "./repo_root.ts";

export type { ShardInfo };

export interface CheckInput extends Omit<LayerInputs, "frontmatter" | "captures"> {
  dir: string;
  /** Git ref: check only what changed since its merge base with HEAD. */
  changedFrom?: string;
  env?: string;
  strictAssertions?: boolean;
  config?: string;
  /** Items in flight at once (default 8); 1 is sequential. */
  concurrency?: number;
  /** Run only this shard of the selected items. */
  shard?: Shard;
  /** `--timings`: a file of `{"<path>": <duration_ms>}` that balances the shards. */
  timingsFile?: string;
  /** Keep every request and response in the records (the HTML report shows flow steps' ones). */
  verbose?: boolean;
  /** Live progress (the preview's Run all): what will run, then each endpoint and flow as it finishes. */
  progress?: CheckProgress;
  /** `--ca/--cert/--key/--insecure/--no-token-cache`. */
  transportOptions?: TransportOptions;
}

export interface CheckProgress {
  start?(plan: { endpoints: string[]; flows: string[] }): void;
  endpoint?(run: SpecRun): void;
  flow?(flow: FlowResult): void;
}

export interface CheckResult {
  /** The checked folder as a display path. */
  dir: string;
  changedFrom?: string;
  /** The merge base the changes were taken from. */
  base?: string;
  /** Shared files whose change made every spec count as changed. */
  sharedChanges: string[];
  endpoints: SpecRun[];
  flows: FlowResult[];
  /** Endpoint and flow files deleted since the base (display paths). */
  deleted: string[];
  /** The repository's top folder, for repository-relative paths in annotations. */
  repoRoot?: string;
  shard?: ShardInfo;
  /** Wall time of every item run, by its timings key (`--write-timings`). */
  timings: Record<string, number>;
  issues: Issue[];
  /** Set when nothing was sent because some files cannot run; said after their own issues. */
  refused?: Issue;
  /** Ctrl-C stopped the run: what ran is reported, the rest as not run. */
  interrupted?: true;
  exitCode: ExitCode;
}

interface Prepared {
  result: CheckResult;
  endpoints: EndpointItem[];
  flows: FlowItem[];
  collections: CollectionCache;
  timings?: Record<string, number>;
  key: (path: string) => string;
}

/** Selects, reads and parses everything to check; a refused input comes back as a finished result. */
async function prepare(input: CheckInput, ctx: OpsContext): Promise<Prepared | CheckResult> {
  const absDir = resolve(ctx.cwd, input.dir);
  const result: CheckResult = {
    dir: absDir === ctx.cwd ? "." : displayPath(absDir, ctx.cwd),
    changedFrom: input.changedFrom,
    sharedChanges: [],
    endpoints: [],
    flows: [],
    deleted: [],
    timings: {},
    issues: [],
    exitCode: EXIT.passed,
  };
  const refuse = (issues: Issue[]) => {
    result.issues.push(...issues);
    result.exitCode = EXIT.invalidSpec;
    return result;
  };
  if (!(await isDirectory(absDir))) {
    return refuse([issue("USAGE", `${result.dir} is not a folder`, {
      fix: "Pass the folder that holds the specs, e.g. `apispec check api-docs`",
    })]);
  }
  const timings = input.timingsFile ? readTimings(input.timingsFile, ctx) : undefined;
  if (timings && timings.issues.length > 0) return refuse(timings.issues);
  const root = await findCollectionRoot({ config: input.config, near: absDir }, ctx);
  result.repoRoot = await repositoryRoot(absDir);
  const selected = await selectFiles(absDir, root, input.changedFrom, ctx);
  if (!selected.selection) return refuse(selected.issues);
  const selection = selected.selection;
  // A whole folder with nothing to run is a wrong path (a green CI job that checked nothing);
  // with --changed-from, an empty selection means nothing changed.
  if (!input.changedFrom && selection.endpoints.length === 0 && selection.flows.length === 0) {
    return refuse([issue("USAGE", `${result.dir} holds no endpoint file or flow`, {
      fix: "Pass the collection folder, e.g. `apispec check api-docs`",
    })]);
  }
  result.base = selection.base;
  result.deleted = selection.deleted;
  result.sharedChanges = selection.sharedChanges;

  const collections = collectionCache(input.config, ctx);
  const endpoints = await loadEndpointItems(selection.endpoints, input.config, ctx);
  const known = new Map<string, LoadedEndpoint>(endpoints.map((e) => [e.path, e.loaded]));
  const flows: FlowItem[] = [];
  for (const path of selection.flows) flows.push(await loadFlowItem(path, collections, known, ctx));
  const key = (path: string) => timingKey(path, result.repoRoot, ctx.cwd);
  return { result, endpoints, flows, collections, timings: timings?.timings, key };
}

export async function checkContracts(input: CheckInput, ctx: OpsContext): Promise<CheckResult> {
  const prepared = await prepare(input, ctx);
  if (!("collections" in prepared)) return prepared;
  const { result, collections, key } = prepared;
  let { endpoints, flows } = prepared;
  if (input.shard) {
    const kept = await keepShard(
      {
        endpoints,
        flows,
        total: input.shard.total,
        timings: prepared.timings,
        key,
        config: input.config,
      },
      input.shard,
      ctx,
    );
    endpoints = kept.endpoints;
    flows = kept.flows;
    result.shard = kept.info;
    if (kept.info.weights === "history") {
      result.issues.push(warning(
        "Shards were balanced by this machine's run history: another machine may split differently",
        {
          fix:
            "In CI, pass the same --timings <file> to every shard (written by --write-timings), " +
            "or run each shard on a fresh runner",
        },
      ));
    }
  }

  const progress = input.progress;
  progress?.start?.({ endpoints: endpoints.map((e) => e.path), flows: flows.map((f) => f.path) });
  const run = await runItems(
    endpoints,
    flows,
    {
      verbose: input.verbose,
      ...(progress?.endpoint
        ? { onEndpointDone: (r: SpecRun) => progress.endpoint!(documentationOnly(r)) }
        : {}),
      ...(progress?.flow ? { onFlowDone: (f: FlowResult) => progress.flow!(f) } : {}),
      env: input.env,
      cli: input.cli,
      tool: input.tool,
      session: input.session,
      strictAssertions: input.strictAssertions,
      config: input.config,
      concurrency: input.concurrency,
      transportOptions: input.transportOptions,
      skipInFlowOnly: true,
      sequence: "safe",
    },
    ctx,
    collections,
  );
  result.endpoints = run.runs.map(documentationOnly);
  result.flows = run.flows;
  [...endpoints.map((e) => e.path), ...flows.map((f) => f.path)].forEach((path, i) => {
    result.timings[key(path)] = run.durations[i];
  });
  result.issues.push(...run.issues.filter((i) => i !== run.refused));
  if (run.refused) result.refused = run.refused;
  if (run.interrupted) result.interrupted = true;
  result.exitCode = checkExitCode(result);
  return result;
}

/** ws and sse files are documentation: in a folder-wide check they are skipped, not invalid. */
function documentationOnly(run: SpecRun): SpecRun {
  return run.record.error_type === "UNSUPPORTED_PROTOCOL" && run.spec
    ? { ...run, skipped: `protocol ${run.spec.protocol} does not execute (documentation only)` }
    : run;
}

/**
 * How `--shard i/n` would split the selection, without running anything:
 * each shard's item keys and weight. For benchmarks and diagnostics.
 */
export async function planShards(
  input: Omit<CheckInput, "shard"> & { total: number },
  ctx: OpsContext,
): Promise<{ shards: string[][]; loads: number[]; issues: Issue[] }> {
  const prepared = await prepare(input, ctx);
  if (!("collections" in prepared)) return { shards: [], loads: [], issues: prepared.issues };
  const { split, keys } = await splitItems({
    endpoints: prepared.endpoints,
    flows: prepared.flows,
    total: input.total,
    timings: prepared.timings,
    key: prepared.key,
    config: input.config,
  }, ctx);
  return { shards: split.shards.map((s) => s.map((i) => keys[i])), loads: split.loads, issues: [] };
}

/** A flow's failed step fails the check even with continue-on-error: it is still a broken contract. */
function checkExitCode(result: CheckResult): ExitCode {
  return worstExitCode([
    ...result.endpoints.filter((r) => !r.skipped).map((r) => r.exitCode),
    ...result.flows.filter((f) => !f.skipped).map((f) =>
      f.exitCode === EXIT.passed && !f.passed ? EXIT.testFailed : f.exitCode
    ),
  ]);
}
