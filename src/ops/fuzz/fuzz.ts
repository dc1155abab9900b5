/**
 * `apispec fuzz` (BEYOND.md §10): requests generated from an OpenAPI
 * document's schemas, sent to an environment's `baseUrl`, and five checks on
 * every answer. Per operation (DELETEs last): a positive phase (the document's
 * own example first, then valid values fast-check draws through the shared
 * example generator) and a negative phase (one part made invalid); with
 * `stateful`, chains of a producer and its linked consumers. Each new failure
 * is shrunk by fast-check to the smallest request that still fails the same
 * check with the same status, and written under `out` as an endpoint file
 * whose `exec` reproduces it. One request at a time: fuzzing sends writes,
 * so it is meant for test environments; `prod`/`production` are refused
 * without `yes`. Returns results; never prints.
 */
import { resolve } from "../../adapters/path.ts";
import {
  EXIT,
  type ExitCode,
  exitCodeFor,
  type Issue,
  issue,
  warning,
} from "../../engine/issue.ts";
import { PRODUCTION_ENVS } from "../../engine/model.ts";
import { CLI_ORDER, TOOL_ORDER } from "../../engine/resolve/layers.ts";
import type { EndpointDraft } from "../../engine/render/spec_md.ts";
import { routeKey } from "../../engine/contract/path_match.ts";
import {
  FUZZ_CHECKS,
  type FuzzCheck,
  type FuzzFailure,
  type FuzzRunView,
  type FuzzSummary,
  operationKey,
} from "../../engine/fuzz/model.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  buildLayers,
  displayPath,
  findCollectionRoot,
  type LayerInputs,
  loadCollection,
  selectEnv,
} from "../collection/load.ts";
import { OS_PREFIXES } from "../run/exec.ts";
import { loadOpenApiSource } from "../../contract/openapi_source.ts";
import { projectOpenApi } from "../../contract/project_openapi.ts";
import { Sender } from "./send.ts";
import type { TransportOptions } from "../auth/transport.ts";
import { FuzzSession, type OperationRun } from "./session.ts";
import { schedule } from "../run/run_items.ts";
import { methodRank, planOrder, type RunItem } from "../../engine/schedule/order.ts";
import { resourceFor } from "../../convert/endpoint.ts";
import { writeFailures } from "./write.ts";
import { flowSteps } from "./flows.ts";

export interface FuzzInput extends Omit<LayerInputs, "frontmatter" | "captures"> {
  /** The collection folder; default: the discovered one. */
  dir?: string;
  /** The OpenAPI document (path or URL); default: `openapi:` of project.md. */
  openapi?: string;
  env?: string;
  /** Examples per operation and phase (default 50). */
  maxExamples?: number;
  seed?: number;
  /** Default: all five. */
  checks?: FuzzCheck[];
  /** Upper-case methods to fuzz; default: every operation's. */
  methods?: string[];
  stateful?: boolean;
  /** Seconds; no new request starts after them. */
  timeBudget?: number;
  /** Where failures are written; default `<collection>/fuzz`. */
  out?: string;
  /** Confirms a run against `prod`/`production`. */
  yes?: boolean;
  config?: string;
  /** Which priority order the variable sources take. */
  order?: "cli" | "tool";
  timeoutMs?: number;
  /** `--ca/--cert/--key/--insecure/--no-token-cache`. */
  transportOptions?: TransportOptions;
  /** Operations in flight at once, one per resource (default 4; 1: one request at a time). */
  concurrency?: number;
  /** Called as each operation is done (the preview streams it). */
  progress?: (event: FuzzProgress) => void;
}

export type FuzzProgress =
  | { type: "start"; operations: number; seed: number }
  | { type: "operation"; operation: string; requests: number; failures: number };

export type { FuzzFailure, FuzzSummary };

export interface FuzzResult extends FuzzRunView {
  issues: Issue[];
  /** 0 no failure, 1 failures, 2 bad input or refused, 3 files not written, 4 API unreachable. */
  exitCode: ExitCode;
}

export const DEFAULT_MAX_EXAMPLES = 50;
export const DEFAULT_CONCURRENCY = 4;

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
}

export async function fuzzApi(input: FuzzInput, ctx: OpsContext): Promise<FuzzResult> {
  const started = ctx.clock.monotonic();
  const result: FuzzResult = {
    summary: { operations: 0, requests: 0, failures: [] },
    failures: [],
    operations: [],
    timedOut: false,
    durationMs: 0,
    issues: [],
    exitCode: EXIT.passed,
  };
  const refuse = (issues: Issue[], code: ExitCode = EXIT.invalidSpec): FuzzResult => {
    // A refused run sent nothing: there is no seed to repeat it with.
    delete result.seed;
    result.issues.push(...issues);
    result.exitCode = code;
    result.durationMs = Math.round(ctx.clock.monotonic() - started);
    return result;
  };
  const root = await findCollectionRoot({ config: input.config, near: input.dir }, ctx);
  const collection = await loadCollection(root, ctx, input.config);
  if (collection.issues.some((i) => i.severity === "error")) return refuse(collection.issues);
  const { env, issues: envIssues } = selectEnv(collection, input.env);
  result.env = env;
  if (envIssues.length) return refuse(envIssues);
  if (PRODUCTION_ENVS.includes(env) && !input.yes) {
    return refuse([issue("USAGE", `Refusing to fuzz "${env}" without --yes`, {
      fix: "Fuzzing sends generated writes (POST, PUT, PATCH, DELETE): point it at a test " +
        "environment, or pass --yes to confirm",
    })]);
  }
  let openapi = input.openapi;
  if (openapi === undefined) {
    const named = await projectOpenApi(root, ctx, input.config);
    if (!named.ok) return refuse([named.issue]);
    if (!named.path) {
      return refuse([issue("USAGE", "fuzz needs an OpenAPI document", {
        fix: "Pass it (`apispec fuzz --openapi openapi.yaml`), or name it in project.md's " +
          "frontmatter (`openapi: ../openapi.yaml`)",
      })]);
    }
    openapi = named.path;
  }
  const loaded = await loadOpenApiSource(openapi, ctx);
  if (!loaded.ok) return refuse([loaded.issue]);
  result.openapi = loaded.source.name;
  if (loaded.source.converted) result.issues.push(warning(loaded.source.converted));

  const { fuzzDocument } = await import("../../convert/openapi/fuzz_operations.ts");
  const { fromOpenApi } = await import("../../convert/openapi/from_openapi.ts");
  const { fuzzValues } = await import("../../engine/fuzz/values.ts");
  const document = fuzzDocument(loaded.source.doc);
  const methods = input.methods?.map((m) => m.toUpperCase());
  const chosen = document.operations.filter((op) => !methods || methods.includes(op.method));
  if (chosen.length === 0) {
    return refuse([issue("USAGE", `${loaded.source.name} has no operation to fuzz`, {
      fix: methods
        ? `None uses ${methods.join(", ")}; pick other --methods`
        : "Add operations under `paths:`",
    })]);
  }
  const seed = input.seed ?? randomSeed();
  result.seed = seed;
  const order = input.order ?? "cli";
  const layers = buildLayers(
    collection,
    env,
    { cli: input.cli, tool: input.tool, session: input.session },
    order === "tool" ? TOOL_ORDER : CLI_ORDER,
    [...OS_PREFIXES[order]],
    ctx.env,
  );
  // The importer's draft of every operation (its auth headers and variables), converted once.
  let converted: Promise<Map<string, EndpointDraft>> | undefined;
  const drafts = () =>
    converted ??= fromOpenApi(loaded.source.doc, { examples: false }).then((outcome) => {
      const byRoute = new Map<string, EndpointDraft>();
      for (const draft of outcome.ok ? outcome.conversion.endpoints : []) {
        const key = routeKey(draft.method, draft.path);
        if (!byRoute.has(key)) byRoute.set(key, draft);
      }
      return byRoute;
    });
  const sender = new Sender({
    collection,
    env,
    layers,
    timeoutMs: input.timeoutMs,
    transportOptions: input.transportOptions,
  }, ctx);
  const session = new FuzzSession({
    sender,
    source: fuzzValues(document.definition),
    checks: new Set(input.checks ?? FUZZ_CHECKS),
    maxExamples: Math.max(1, input.maxExamples ?? DEFAULT_MAX_EXAMPLES),
    seed,
    deadline: input.timeBudget === undefined ? Infinity : started + input.timeBudget * 1000,
    baseOf: async (op) => (await drafts()).get(routeKey(op.method, op.path)),
  }, ctx);
  await session.load();

  // One operation at a time per resource, reads first and DELETE last (the order `check`
  // keeps); operations of different resources side by side.
  const ordered = chosen.filter((op) => !op.skip);
  for (const op of chosen.filter((op) => op.skip)) {
    result.operations.push({
      operation: operationKey(op),
      requests: 0,
      failures: 0,
      skipped: op.skip,
    });
    result.issues.push(warning(`${operationKey(op)} is not fuzzed: ${op.skip}`));
  }
  const plan: RunItem[] = ordered.map((op) => ({
    id: operationKey(op),
    resources: [resourceFor(op.path)],
    rank: methodRank(op.method),
  }));
  // Nothing is sent when a request cannot resolve: every operation is resolved first.
  const unresolved = await session.preflight(ordered);
  if (unresolved.length) return refuse(unresolved, exitCodeFor(unresolved));
  const runs: OperationRun[] = [];
  input.progress?.({ type: "start", operations: ordered.length, seed });
  await schedule(plan, Math.max(1, input.concurrency ?? DEFAULT_CONCURRENCY), async (index) => {
    if (session.stopped()) return;
    const run = await session.fuzzOperation(ordered[index]);
    runs[index] = run;
    input.progress?.({ type: "operation", ...run });
  });
  result.operations.push(...planOrder(plan).flatMap((index) => runs[index] ?? []));
  if (input.stateful && !session.stopped()) {
    const flows = await flowSteps(root, ctx);
    result.issues.push(...flows.issues);
    result.operations.push(...await session.fuzzLinks(ordered, flows.flows));
  }
  result.timedOut = session.timedOut;
  result.issues.push(...sender.warnings);
  const unreachable = session.unreachable;
  if (unreachable) {
    result.issues.push(issue("NETWORK_ERROR", `Fuzzing stopped: ${unreachable}`, {
      fix: `Check that the API runs at the "${env}" environment's baseUrl`,
    }));
  }
  const outDir = input.out ? resolve(ctx.cwd, input.out) : resolve(root, "fuzz");
  result.out = displayPath(outDir, ctx.cwd);
  // Failures in plan order, whatever lane found them first.
  const position = new Map(planOrder(plan).map((index, at) => [ordered[index], at]));
  const found = [...session.found].sort((a, b) =>
    (position.get(a.op) ?? Infinity) - (position.get(b.op) ?? Infinity)
  );
  const written = await writeFailures(found, {
    outDir,
    seed,
    schemaFor: (op, code) => document.standaloneResponse(op, code),
  }, ctx);
  result.failures = written.failures;
  result.issues.push(...written.issues);
  result.summary = {
    operations: ordered.length,
    requests: sender.sent,
    failures: result.failures.map(({ check, method, path, status, file, seed }) => ({
      check,
      method,
      path,
      status,
      file,
      seed,
    })),
  };
  result.durationMs = Math.round(ctx.clock.monotonic() - started);
  if (session.refused) result.issues.push(session.refused);
  result.exitCode = session.refused
    ? exitCodeFor([session.refused])
    : result.failures.length
    ? EXIT.testFailed
    : written.issues.some((i) => i.code === "ENGINE_ERROR")
    ? EXIT.engineError
    : unreachable
    ? EXIT.networkError
    : EXIT.passed;
  return result;
}
