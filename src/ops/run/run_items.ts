/**
 * Runs endpoint files and flows side by side, safely for a real API: every
 * file is read and parsed first, then `ResourceSchedule` hands out items so
 * that the reads of one resource run side by side, each write alone after
 * them (a flow holds every resource its steps touch, alone), while different
 * resources share the lanes.
 * Results keep the input order whatever ran first. Backs `check` and
 * `apispec_exec_batch`.
 */
import { EXIT, type Issue, issue } from "../../engine/issue.ts";
import type { ExecRecord } from "../../engine/model.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import {
  FLOW_RANK,
  isRead,
  methodRank,
  ResourceSchedule,
  type RunItem,
} from "../../engine/schedule/order.ts";
import { readTextSync } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  envExclusion,
  execInCollection,
  type ExecInput,
  type ExecResult,
  type LoadedEndpoint,
  loadEndpoint,
} from "./exec.ts";
import { type FlowInput, type FlowResult, runFlow } from "../flow/flow.ts";
import { resolveStepPath } from "../collection/validate.ts";
import { displayPath, resolveUserPath } from "../collection/load.ts";
import { type CollectionCache, collectionCache } from "./collections.ts";
import { RunTransport } from "../auth/transport.ts";

export const DEFAULT_CONCURRENCY = 8;

/** One spec's full outcome, for callers in this process (`check`, batches). */
export interface SpecRun extends ExecResult {
  /** The spec path as the caller named it. */
  name: string;
  /** Absolute path. */
  path: string;
  /** Set when nothing was sent on purpose: the `env:` list leaves out the environment, `standalone: false`. */
  skipped?: string;
}

export interface EndpointItem {
  /** The path as the caller named it. */
  name: string;
  /** Absolute path. */
  path: string;
  loaded: LoadedEndpoint;
}

export interface FlowItem {
  /** Absolute path. */
  path: string;
  /** Resources its steps touch (from the step files that parse). */
  resources: string[];
  /** Absolute paths of its steps' endpoint files. */
  steps: string[];
  /** Its `# ` heading, else its name, when it parses. */
  title?: string;
}

export interface RunItemsOptions
  extends Omit<ExecInput, "file" | "captures" | "dryRun" | "onExchangeDone"> {
  /** Items in flight at once (default 8); 1 runs them one after another. */
  concurrency?: number;
  /** `check`: an endpoint with `standalone: false` is validated but not run (it needs a flow's captures). */
  skipInFlowOnly?: boolean;
  /**
   * Order within a resource: `safe` puts reads first (`check`); `given` keeps
   * the caller's order (a batch whose caller chose the order).
   */
  sequence?: "safe" | "given";
  /** Live progress: each endpoint's run as soon as it finishes (`index` in the endpoint items). */
  onEndpointDone?: (run: SpecRun, index: number) => void;
  /** Live progress: each flow's result as soon as it finishes. */
  onFlowDone?: (flow: FlowResult, index: number) => void;
}

export interface ItemsRun {
  /** Aligned with the endpoint items. */
  runs: SpecRun[];
  /** Aligned with the flow items. */
  flows: FlowResult[];
  /** Wall time of each item in milliseconds: endpoints, then flows. */
  durations: number[];
  issues: Issue[];
  /** Set when nothing was sent because some files cannot run (the issue says how many). */
  refused?: Issue;
  /** Ctrl-C stopped the run: items not started are reported as not run. */
  interrupted?: true;
}

/** Reads, secret-scans and parses each named endpoint file. */
export async function loadEndpointItems(
  names: string[],
  config: string | undefined,
  ctx: OpsContext,
): Promise<EndpointItem[]> {
  const items: EndpointItem[] = [];
  for (const name of names) {
    const path = await resolveUserPath(name, ctx, config);
    items.push({ name, path, loaded: await loadEndpoint(path, ctx) });
  }
  return items;
}

/**
 * A flow and the resources of its steps. Step files outside the run are read
 * here too; one that cannot be read or parsed stops the flow before any
 * request, so it adds no resource.
 */
export async function loadFlowItem(
  path: string,
  collections: CollectionCache,
  known: Map<string, LoadedEndpoint>,
  ctx: OpsContext,
): Promise<FlowItem> {
  const read = readTextSync(path);
  if (!read.ok) return { path, resources: [], steps: [] };
  const { flow } = parseFlow(read.text, path);
  const root = (await collections.of(path)).collection.root;
  const resources = new Set<string>();
  const steps = (flow?.steps ?? []).map((step) => resolveStepPath(step.endpoint, path, root));
  for (const target of steps) {
    if (!known.has(target)) known.set(target, await loadEndpoint(target, ctx));
    const spec = known.get(target)!.spec;
    if (spec) resources.add(spec.resource);
  }
  return { path, resources: [...resources].sort(), steps, title: flow?.title };
}

function skippedRun(item: EndpointItem, reason: string): SpecRun {
  const record: ExecRecord = {
    passed: false,
    status: 0,
    duration_ms: 0,
    error_type: null,
    hint: `Skipped: ${reason}`,
    hints: [],
    diff: { passed: true, status: null, headers: [], body: null },
    assertion_results: [],
  };
  return {
    record,
    issues: item.loaded.issues,
    variables: [],
    secrets: [],
    exitCode: 0,
    file: item.loaded.file,
    env: "",
    spec: item.loaded.spec,
    sources: new Map(item.loaded.text === undefined ? [] : [[item.loaded.file, item.loaded.text]]),
    name: item.name,
    path: item.path,
    skipped: reason,
  };
}

/** `check` leaves a valid `standalone: false` endpoint out of the run (it needs a flow's captures). */
function isInFlowOnly(item: EndpointItem, options: RunItemsOptions): boolean {
  return options.skipInFlowOnly === true && item.loaded.spec?.standalone === false &&
    !item.loaded.issues.some((i) => i.severity === "error");
}

/** The schedule's view of the items: endpoints, then flows; what sends nothing holds no resource. */
export function planItems(
  endpoints: EndpointItem[],
  flows: FlowItem[],
  options: Pick<RunItemsOptions, "skipInFlowOnly" | "sequence">,
): RunItem[] {
  const given = options.sequence === "given";
  return [
    ...endpoints.map((item, index) => ({
      id: item.path,
      resources: item.loaded.spec && !isInFlowOnly(item, options)
        ? [item.loaded.spec.resource]
        : [],
      rank: given ? index : methodRank(item.loaded.spec?.method ?? "GET"),
      read: isRead(item.loaded.spec?.method ?? "GET"),
    })),
    ...flows.map((flow, index) => ({
      id: flow.path,
      resources: flow.resources,
      rank: given ? endpoints.length + index : FLOW_RANK,
    })),
  ];
}

const IN_FLOW_ONLY = "runs only inside flows (standalone: false)";

/** Why an item did not start: Ctrl-C came first. */
export const INTERRUPTED_NOT_RUN = "not run: the run was interrupted";

/** The runs of a preflight that found files which cannot run, and the flows' results. */
interface Refused {
  runs: SpecRun[];
  flows: FlowResult[];
  issue: Issue;
}

/** An endpoint's dry run stops the whole run unless it is left out on purpose (env list, ws/sse). */
function refusesToRun(run: ExecResult): boolean {
  if (run.exitCode === EXIT.passed) return false;
  if (run.spec && envExclusion(run.spec, run.env)) return false;
  return run.issues.some((i) => i.severity === "error" && i.code !== "UNSUPPORTED_PROTOCOL");
}

/**
 * Resolves every endpoint and flow that would run, sending nothing (a dry
 * run each). When one would stop with an error (invalid file, unresolved
 * variable, a secret in a file), nothing runs: the others are reported as not
 * run, so an import followed by `check` can never send its DELETEs and then
 * exit 2 for a variable of another file.
 */
async function preflight(
  endpoints: EndpointItem[],
  flows: FlowItem[],
  options: RunItemsOptions,
  exec: Omit<ExecInput, "file">,
  ctx: OpsContext,
  collections: CollectionCache,
): Promise<Refused | undefined> {
  const runs: (SpecRun | undefined)[] = [];
  let refused = 0;
  for (const [index, item] of endpoints.entries()) {
    if (isInFlowOnly(item, options)) continue;
    const { collection } = await collections.of(item.path);
    const dry = await execInCollection(
      { ...exec, file: item.name, dryRun: true, resolveOnly: true },
      item.path,
      collection,
      ctx,
      item.loaded,
    );
    if (!refusesToRun(dry)) continue;
    runs[index] = Object.assign(dry, { name: item.name, path: item.path });
    refused++;
  }
  const flowRuns: (FlowResult | undefined)[] = [];
  for (const [index, flow] of flows.entries()) {
    const dry = await runFlow({ ...flowInput(flow, exec), dryRun: true }, ctx);
    if (dry.exitCode === EXIT.passed) continue;
    flowRuns[index] = dry;
    refused++;
  }
  if (refused === 0) return undefined;
  const reason = `not run: nothing is sent while ${refused} file${
    refused === 1 ? "" : "s"
  } cannot run`;
  return {
    runs: endpoints.map((item, index) =>
      runs[index] ?? skippedRun(item, isInFlowOnly(item, options) ? IN_FLOW_ONLY : reason)
    ),
    flows: flows.map((flow, index) => flowRuns[index] ?? notRunFlow(flow, reason, ctx)),
    issue: issue(
      "VALIDATION_ERROR",
      `Nothing was sent: ${refused} of ${
        endpoints.filter((item) => !isInFlowOnly(item, options)).length + flows.length
      } files cannot run`,
      {
        fix: "Fix them and run again; an endpoint that needs a flow's captures says " +
          "`standalone: false`, an unresolved variable is defined with --var or in env.md",
      },
    ),
  };
}

function flowInput(flow: FlowItem, exec: Omit<ExecInput, "file">): FlowInput {
  return {
    file: flow.path,
    env: exec.env,
    order: exec.order,
    cli: exec.cli,
    tool: exec.tool,
    session: exec.session,
    timeoutMs: exec.timeoutMs,
    strictAssertions: exec.strictAssertions,
    verbose: exec.verbose,
    config: exec.config,
    transport: exec.transport,
  };
}

function notRunFlow(flow: FlowItem, reason: string, ctx: OpsContext): FlowResult {
  const file = displayPath(flow.path, ctx.cwd);
  return {
    file,
    title: flow.title ?? file,
    env: "",
    passed: false,
    skipped: reason,
    captures: {},
    steps: [],
    issues: [],
    exitCode: EXIT.passed,
    parallel: false,
    dryRun: false,
    details: [],
    sources: new Map(),
  };
}

/** Runs the items under the per-resource schedule with `concurrency` lanes. */
export async function runItems(
  endpoints: EndpointItem[],
  flows: FlowItem[],
  options: RunItemsOptions,
  ctx: OpsContext,
  collections: CollectionCache = collectionCache(options.config, ctx),
): Promise<ItemsRun> {
  const inFlowOnly = (item: EndpointItem) => isInFlowOnly(item, options);
  const plan = planItems(endpoints, flows, options);
  const result: ItemsRun = { runs: [], flows: [], durations: new Array(plan.length), issues: [] };
  const {
    concurrency: _,
    skipInFlowOnly: __,
    sequence: ___,
    onEndpointDone,
    onFlowDone,
    ...given
  } = options;
  // One cookie jar and token source for the whole run, flows included.
  const exec = {
    ...given,
    transport: given.transport ?? new RunTransport(given.transportOptions ?? {}, ctx),
  };

  const refused = await preflight(endpoints, flows, options, exec, ctx, collections);
  if (refused) {
    if (!given.transport) exec.transport.close();
    refused.runs.forEach((run, index) => onEndpointDone?.(run, index));
    refused.flows.forEach((flow, index) => onFlowDone?.(flow, index));
    return {
      runs: refused.runs,
      flows: refused.flows,
      durations: new Array(plan.length).fill(0),
      issues: [refused.issue],
      refused: refused.issue,
    };
  }

  const runOne = async (index: number, release: () => void) => {
    const started = ctx.clock.monotonic();
    if (index < endpoints.length) {
      const item = endpoints[index];
      if (inFlowOnly(item)) {
        result.runs[index] = skippedRun(item, IN_FLOW_ONLY);
      } else {
        const { collection, history } = await collections.of(item.path);
        const run = await execInCollection(
          {
            ...exec,
            file: item.name,
            dryRun: false,
            history: history.sink,
            onExchangeDone: release,
          },
          item.path,
          collection,
          ctx,
          item.loaded,
        );
        const skipped = run.spec ? envExclusion(run.spec, run.env) : undefined;
        // Added to the run, not spread: its request and response are masked on first read.
        result.runs[index] = Object.assign(run, {
          name: item.name,
          path: item.path,
          ...(skipped ? { skipped } : {}),
        });
      }
      onEndpointDone?.(result.runs[index], index);
    } else {
      const flow = flows[index - endpoints.length];
      result.flows[index - endpoints.length] = await runFlow(flowInput(flow, exec), ctx);
      onFlowDone?.(result.flows[index - endpoints.length], index - endpoints.length);
    }
    result.durations[index] = ctx.clock.monotonic() - started;
  };

  await schedule(
    plan,
    Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY),
    runOne,
    ctx.interrupt,
  );
  if (!given.transport) exec.transport.close();
  if (ctx.interrupt?.aborted) {
    result.interrupted = true;
    const reason = INTERRUPTED_NOT_RUN;
    endpoints.forEach((item, index) => {
      if (result.runs[index]) return;
      result.runs[index] = skippedRun(item, reason);
      result.durations[index] = 0;
    });
    flows.forEach((flow, index) => {
      if (result.flows[index]) return;
      result.flows[index] = notRunFlow(flow, reason, ctx);
      result.durations[endpoints.length + index] = 0;
    });
  }
  result.issues.push(...await collections.flush());
  return result;
}

/** Workers beyond the requests in flight: they work out verdicts while the next requests wait. */
const AHEAD = 2;

/**
 * Drives `ResourceSchedule`: at most `concurrency` items hold a slot (and
 * their resources) at once. An endpoint gives both back as soon as its
 * exchange with the API is over (`release`), so the next request goes out
 * while the verdict of the last one is worked out; a flow, when it ends.
 * Once `interrupt` fires, no item starts; those running finish.
 */
export async function schedule(
  plan: RunItem[],
  concurrency: number,
  run: (index: number, release: () => void) => Promise<void>,
  interrupt?: AbortSignal,
): Promise<void> {
  const schedule = new ResourceSchedule(plan);
  let inFlight = 0;
  let sleepers: (() => void)[] = [];
  const wakeAll = () => {
    const woken = sleepers;
    sleepers = [];
    for (const wake of woken) wake();
  };
  const lane = async () => {
    while (schedule.waiting > 0 && !interrupt?.aborted) {
      const index = inFlight < concurrency ? schedule.take() : undefined;
      if (index === undefined) {
        await new Promise<void>((wake) => sleepers.push(wake));
        continue;
      }
      inFlight++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        inFlight--;
        schedule.finish(index);
        wakeAll();
      };
      try {
        await run(index, release);
      } finally {
        release();
      }
    }
  };
  interrupt?.addEventListener("abort", wakeAll);
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency + AHEAD, plan.length) }, lane));
  } finally {
    interrupt?.removeEventListener("abort", wakeAll);
  }
}
