/**
 * Runs one endpoint file: load, secret scan, parse, resolve, send (with
 * timeout and retry), compare, classify. Returns masked results and an exit
 * code; never prints. The CLI, the tool server and the preview server all
 * call this.
 */
import {
  errorsOf,
  EXIT,
  type ExitCode,
  exitCodeFor,
  type Issue,
  issue,
} from "../../engine/issue.ts";
import type {
  Diff,
  EndpointSpec,
  ExecRecord,
  HttpResponse,
  ResolvedRequest,
  VariableReportEntry,
} from "../../engine/model.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { declaredKind } from "../../engine/parse/declared_kind.ts";
import { buildExchange, type BuiltExchange } from "../../engine/resolve/build.ts";
import { responseJson, tryJson } from "../../engine/compare/json_path.ts";
import {
  CLI_ORDER,
  type LayerName,
  TOOL_ORDER,
  type VarLayer,
} from "../../engine/resolve/layers.ts";
import { compareResponse } from "../../engine/compare/compare.ts";
import { evaluateAssertions } from "../../engine/compare/assertions.ts";
import { classify, type NetworkFailure, recordFromIssues } from "../../engine/diagnose/classify.ts";
import { isRetryable, retryDelay } from "../../engine/retry.ts";
import { maskRecord, maskRequest, maskResponse, maskText } from "../../engine/secrets/mask.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import { headerValue } from "../../engine/compare/headers.ts";
import { resolve } from "../../adapters/path.ts";
import { isDirectory, readTextSync, UnreadableFile } from "../../adapters/fs.ts";
import type { SendResult } from "../../adapters/http.ts";
import { awsLayer } from "../auth/aws_layer.ts";
import {
  type Exchange,
  type Outgoing,
  RunTransport,
  type TransportOptions,
} from "../auth/transport.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { systemRandom } from "../../adapters/random.ts";
import { sleepUnless } from "../../adapters/clock.ts";
import {
  buildLayers,
  type Collection,
  displayPath,
  findCollectionRoot,
  type LayerInputs,
  loadCollection,
  resolveUserPath,
  selectEnv,
} from "../collection/load.ts";
import { appendHistory, historyEntry, type HistorySink } from "./history.ts";
import { assertionOptions, patternIssues } from "./assertions.ts";
import { loadSchemaMode } from "./schema_mode.ts";
import { sharedLayers } from "./shared_layers.ts";
import { loadPayload, type Payload, usesFiles } from "./body_files.ts";
import { sendRequest } from "../../adapters/http.ts";

export interface LoadedEndpoint {
  path: string;
  file: string;
  text?: string;
  spec?: EndpointSpec;
  issues: Issue[];
}

/** Reads, secret-scans and parses an endpoint file. */
export async function loadEndpoint(
  path: string,
  ctx: Pick<OpsContext, "cwd">,
): Promise<LoadedEndpoint> {
  const file = displayPath(path, ctx.cwd);
  const read = readTextSync(path);
  if (!read.ok) {
    const error = read.error;
    if (await isDirectory(path)) {
      return {
        path,
        file,
        issues: [
          issue("USAGE", `${file} is a folder; exec runs one endpoint file`, {
            file,
            fix: `Run \`apispec check ${file}\` to run every endpoint and flow in it, ` +
              "or pass one endpoint file (.md) to exec",
          }),
        ],
      };
    }
    const missing = error instanceof Deno.errors.NotFound;
    const unreadable = error instanceof UnreadableFile; // a FIFO, a device, a huge file
    return {
      path,
      file,
      issues: [
        issue(
          missing || unreadable ? "USAGE" : "ENGINE_ERROR",
          missing
            ? `File ${file} does not exist`
            : `Cannot read ${file}: ${(error as Error).message}`,
          {
            file,
            fix: missing
              ? "Check the path; paths may be relative to the working folder or to api-docs/"
              : unreadable
              ? "Give the path of an endpoint file"
              : "Check the file's permissions",
          },
        ),
      ],
    };
  }
  const text = read.text;
  if (declaredKind(text) === "flow") {
    return {
      path,
      file,
      text,
      issues: [issue("USAGE", `${file} is a flow, not an endpoint file`, {
        file,
        fix: `Run it with \`apispec flow ${file}\``,
      })],
    };
  }
  const secrets = scanSecrets(text, file);
  const { spec, issues } = parseEndpoint(text, file);
  const patterns = spec ? await patternIssues(spec.assertions, file) : [];
  if (patterns.length > 0) {
    return { path, file, text, issues: [...secrets, ...issues, ...patterns] };
  }
  if (spec?.graphql) {
    const graphqlIssues = (await import("../../engine/graphql/syntax.ts")).querySyntaxIssues(spec);
    if (graphqlIssues.length > 0) {
      return { path, file, text, issues: [...secrets, ...issues, ...graphqlIssues] };
    }
  }
  const schemaIssues = spec?.schema
    ? (await loadSchemaMode(spec.schema.value)).schemaIssues(spec)
    : [];
  if (errorsOf(schemaIssues).length > 0) {
    return { path, file, text, issues: [...secrets, ...issues, ...schemaIssues] };
  }
  return { path, file, text, spec, issues: [...secrets, ...issues, ...schemaIssues] };
}

/**
 * Why an endpoint does not run in an environment its `env:` list leaves out;
 * undefined when it does. `exec` refuses such a run; flows, batches and
 * `check` report the endpoint as skipped.
 */
export function envExclusion(spec: EndpointSpec, env: string): string | undefined {
  return spec.env.length > 0 && !spec.env.includes(env)
    ? `${spec.file} is valid only in ${spec.env.join(", ")}, not "${env}"`
    : undefined;
}

export interface RunOptions {
  env: string;
  layers: VarLayer[];
  timeoutMs?: number;
  strictAssertions: boolean;
  dryRun: boolean;
  /**
   * With `dryRun`: only whether the request resolves (its issues and exit
   * code); the request is not masked for display. A planned run checks every
   * file this way before it sends anything.
   */
  resolveOnly?: boolean;
  verbose: boolean;
  /** Absolute path of the endpoint file, for its history; defaults to `spec.file` from the working folder. */
  specPath?: string;
  /** Where the run is recorded; default: appended to the spec's history file at once. */
  history?: HistorySink;
  /**
   * Called once the exchange with the API is over (last attempt answered or
   * failed), before the response is compared: a planned run lets the next
   * request go while this one's verdict is worked out.
   */
  onExchangeDone?: () => void;
  /** The run's cookies, tokens and clients; a new one (keeping no cookies) when absent. */
  transport?: RunTransport;
}

export interface EndpointRun {
  record: ExecRecord;
  issues: Issue[];
  variables: VariableReportEntry[];
  /** Masked, for display. */
  request?: ResolvedRequest;
  /** The request's URL, masked (without masking the whole request). */
  url?: string;
  /** Unmasked: flows capture values from it. Never print it. */
  rawResponse?: HttpResponse;
  /** Why no response came back, when none did. */
  failure?: NetworkFailure;
  secrets: string[];
  exitCode: ExitCode;
}

/** Resolves, sends and compares one parsed endpoint. */
export async function runEndpoint(
  spec: EndpointSpec,
  collection: Collection,
  options: RunOptions,
  ctx: OpsContext,
): Promise<EndpointRun> {
  const fail = (
    issues: Issue[],
    variables: VariableReportEntry[] = [],
    secrets: string[] = [],
  ): EndpointRun => ({
    record: recordFromIssues(issues),
    issues,
    variables,
    secrets,
    exitCode: exitCodeFor(issues),
  });
  if (envExclusion(spec, options.env)) {
    return fail([
      issue(
        "VALIDATION_ERROR",
        `Endpoint is valid only in ${spec.env.join(", ")}, not "${options.env}"`,
        {
          file: spec.file,
          fix: `Run it with --env=${
            spec.env[0]
          }, or add "${options.env}" to the frontmatter env list`,
        },
      ),
    ]);
  }
  /** Appends the run (masked) to the spec's history, or to the sink given. */
  const recordRun = (masked: ExecRecord): Issue | undefined => {
    const specPath = options.specPath ?? resolve(ctx.cwd, spec.file);
    const entry = historyEntry(masked, ctx.clock.now());
    return options.history
      ? options.history(specPath, entry)
      : appendHistory(collection, [{ specPath, entry }]);
  };
  const auth = spec.auth ?? collection.config.auth;
  const transport = options.transport ?? new RunTransport({ cookies: false }, ctx);
  const layers = auth === "aws-sigv4" ? [...options.layers, awsLayer(ctx.env)] : options.layers;
  const random = ctx.random ?? systemRandom;
  const built = buildExchange(spec, {
    layers,
    auth,
    env: options.env,
    project: collection.config,
    // Fresh generated values for every request sent; a dry run shows their placeholders.
    ...(options.dryRun
      ? {}
      : { entropy: { now: ctx.clock.now(), uuid: random.uuid, random: random.next } }),
  });
  if (!built.request) {
    const stopped = fail(built.issues, built.variables, built.secrets);
    // A run that stops before sending (a variable missing) is still a failed run of the spec:
    // the history says so, or the last pass would go on showing in the UI and coverage.
    if (!options.dryRun) {
      const problem = recordRun(stopped.record);
      if (problem) stopped.issues.push(problem);
    }
    return stopped;
  }
  const request = built.request;
  const hasBody = request.body !== undefined || request.bodyFile !== undefined ||
    request.form !== undefined;
  if (hasBody && (request.method === "GET" || request.method === "HEAD")) {
    return fail(
      [issue("VALIDATION_ERROR", `A ${request.method} request cannot carry a body`, {
        file: spec.file,
        line: spec.request.line,
        fix: "Remove the body, or use POST/PUT/PATCH",
      })],
      built.variables,
      built.secrets,
    );
  }
  const specPath = options.specPath ?? resolve(ctx.cwd, spec.file);
  const payload = usesFiles(request, built.expected)
    ? await loadPayload(spec, request, built.expected, {
      projectRoot: collection.projectRoot,
      specPath,
    })
    : undefined;
  if (payload && payload.issues.length > 0) {
    return fail(payload.issues, built.variables, built.secrets);
  }
  if (options.dryRun && options.resolveOnly) {
    return {
      record: recordFromIssues(built.issues),
      issues: built.issues,
      variables: [],
      secrets: built.secrets,
      exitCode: EXIT.passed,
    };
  }
  if (options.dryRun) {
    const maskedRequest = maskRequest(request, built.secrets);
    const record: ExecRecord = {
      passed: true,
      status: 0,
      duration_ms: 0,
      error_type: null,
      hint: "Dry run: nothing was sent",
      hints: [],
      diff: { passed: true, status: null, headers: [], body: null },
      assertion_results: [],
      request: maskedRequest,
    };
    return {
      record,
      issues: built.issues,
      variables: built.variables,
      request: maskedRequest,
      url: maskedRequest.url,
      secrets: built.secrets,
      exitCode: EXIT.passed,
    };
  }

  const timeoutMs = options.timeoutMs ?? spec.timeout ?? collection.config.timeout;
  const policy = {
    attempts: spec.retry.attempts ?? collection.config.retry.attempts,
    backoff: spec.retry.backoff ?? collection.config.retry.backoff,
  };
  let response: HttpResponse | undefined;
  let failure: NetworkFailure | undefined;
  let duration = 0;
  let exchange: Exchange;
  let bytes: Uint8Array | undefined;
  let streamProblems: string[] = [];
  let stopped: string | undefined;
  const send = await customSender(spec, built, timeoutMs, payload);
  for (let attempt = 0;; attempt++) {
    exchange = await transport.exchange({
      request: payload?.request ?? request,
      auth: built.auth,
      transport: built.transport,
      cookies: spec.cookies !== false,
      timeoutMs,
      env: options.env,
      base: collection.root,
      interrupt: ctx.interrupt,
      ...(send ? { send } : {}),
    });
    const sent: SendResult & { bytes?: Uint8Array; problems?: string[]; stopped?: string } =
      exchange;
    response = sent.response;
    failure = sent.failure;
    duration = sent.durationMs;
    bytes = sent.bytes;
    streamProblems = sent.problems ?? [];
    stopped = sent.stopped;
    if (exchange.refused || exchange.problem || ctx.interrupt?.aborted) break;
    if (
      attempt >= policy.attempts || !isRetryable({ status: response?.status, failed: !!failure })
    ) break;
    await sleepUnless(
      ctx.clock,
      retryDelay(policy, attempt, {
        random: Math.random(),
        now: ctx.clock.now(),
        timeoutMs,
        retryAfter: response ? headerValue(response.headers, "retry-after") : undefined,
      }),
      ctx.interrupt,
    );
  }
  if (options.onExchangeDone) {
    options.onExchangeDone();
    // Let the next request start before this response is compared.
    await null;
  }
  const secrets = [...built.secrets, ...transport.secrets];
  const runIssues = [...built.issues, ...transport.warnings];
  if (exchange!.problem) {
    return fail(
      [issue("VALIDATION_ERROR", exchange!.problem, {
        fix: "Check the tls: paths in api-docs/project.md (relative to its folder) or the " +
          "--ca/--cert/--key flags",
      })],
      built.variables,
      secrets,
    );
  }

  const compared = response
    ? compareResponse(built.expected!, response, {
      match: spec.match,
      ignore: spec.ignore,
      schema: spec.schema?.value,
      validateSchema: spec.match === "schema"
        ? (await loadSchemaMode(spec.schema?.value)).validateAgainstSchema
        : undefined,
      ...(payload?.expected
        ? {
          bytes: {
            file: payload.expected.file,
            expected: payload.expected.bytes,
            actual: bytes ?? new TextEncoder().encode(response.body),
          },
        }
        : {}),
    })
    : { passed: false, status: null, headers: [], body: null };
  const diff = response && spec.protocol !== "http"
    ? await protocolDiff(spec, built, response, compared, streamProblems, stopped)
    : compared;
  const assertionResults = response
    ? evaluateAssertions(
      built.assertions,
      response,
      await assertionOptions(built.assertions, duration, response),
    )
    : [];
  const verdict = exchange!.refused
    ? { passed: false, ...exchange!.refused, hints: [exchange!.refused.hint] }
    : classify({
      spec,
      auth,
      env: options.env,
      url: request.url,
      timeoutMs,
      response,
      networkFailure: failure,
      diff,
      assertions: assertionResults,
      strictAssertions: options.strictAssertions || collection.config.strictAssertions === true,
    });
  const record: ExecRecord = {
    passed: verdict.passed,
    status: response?.status ?? 0,
    duration_ms: duration,
    error_type: verdict.error_type,
    hint: verdict.hint,
    hints: verdict.hints,
    diff,
    assertion_results: assertionResults,
    ...streamFields(spec, response),
    ...(options.verbose
      ? {
        request,
        ...(response
          ? {
            response,
            expected: { body: built.expected!.body, match: spec.match, ignore: spec.ignore },
          }
          : {}),
      }
      : {}),
    ...(failure?.kind === "interrupted" ? { interrupted: true as const } : {}),
  };
  const exitCode = verdict.passed
    ? EXIT.passed
    : verdict.error_type === "NETWORK_ERROR"
    ? EXIT.networkError
    : EXIT.testFailed;
  // What was sent, with the credentials auth added (masked below, as everything is).
  if (options.verbose) record.request = exchange!.sent;
  // Every real execution, from every surface, lands in the spec's history, masked like any output.
  const masked = maskRecord(record, secrets);
  // An aborted request says nothing about the API: it stays out of the history.
  const historyProblem = record.interrupted ? undefined : recordRun(masked);
  let maskedRequest: ResolvedRequest | undefined;
  let maskedUrl: string | undefined;
  return {
    record: masked,
    issues: historyProblem ? [...runIssues, historyProblem] : runIssues,
    // The variable report and the masked request are made on first read: most runs of a
    // batch, check or flow never show them, and masking is a third of a loopback request.
    get variables() {
      return built.variables;
    },
    get request() {
      return maskedRequest ??= maskRequest(exchange!.sent, secrets);
    },
    get url() {
      return maskedRequest?.url ?? (maskedUrl ??= maskText(exchange!.sent.url, secrets));
    },
    rawResponse: response,
    failure,
    secrets,
    exitCode,
  };
}

/**
 * How a request that is not a plain text body goes out: an event stream or a
 * WebSocket script (loaded for those files only), or a file or multipart body.
 * Undefined for the plain case, which the transport sends itself.
 */
async function customSender(
  spec: EndpointSpec,
  built: BuiltExchange,
  timeoutMs: number,
  payload: Payload | undefined,
): Promise<Outgoing["send"]> {
  if (spec.protocol === "sse" || spec.protocol === "ws") {
    const { sendStream } = await import("./stream_send.ts");
    return (request, client, interrupt) =>
      sendStream(spec, built, request, timeoutMs, { body: payload?.body, client, interrupt });
  }
  if (!payload) return undefined;
  return (request, client, interrupt) =>
    sendRequest(request, timeoutMs, {
      body: payload.body,
      keepBytes: payload.expected !== undefined,
      ...(client ? { client } : {}),
      interrupt,
    });
}

/** What sse, ws and graphql answers add to the comparison of status, headers and body. */
async function protocolDiff(
  spec: EndpointSpec,
  built: BuiltExchange,
  response: HttpResponse,
  diff: Diff,
  problems: string[],
  stopped: string | undefined,
): Promise<Diff> {
  const { eventDifferences, withDifferences } = await import("../../engine/streams/diff.ts");
  if (spec.protocol === "graphql") {
    const { graphqlErrors } = await import("../../engine/graphql/request.ts");
    const actual = responseJson(response);
    const expected = tryJson(built.expected?.body ?? "");
    return withDifferences(
      diff,
      actual.ok ? graphqlErrors(actual.value, expected.ok ? expected.value : undefined) : [],
    );
  }
  return withDifferences(diff, [
    ...eventDifferences(spec, built.events, response, stopped),
    ...problems,
  ]);
}

/** The result fields of a stream: events received and time to the first, or messages received. */
function streamFields(spec: EndpointSpec, response: HttpResponse | undefined): Partial<ExecRecord> {
  if (spec.protocol === "sse") {
    return {
      events_received: response?.events?.length ?? 0,
      first_event_ms: response?.firstEventMs ?? null,
    };
  }
  if (spec.protocol === "ws") return { messages_received: response?.messages?.length ?? 0 };
  return {};
}

export interface ExecInput extends Omit<LayerInputs, "frontmatter"> {
  file: string;
  env?: string;
  /** Which priority order the variable sources take (SPEC.md differs for CLI and tools). */
  order?: "cli" | "tool";
  dryRun?: boolean;
  /** See `RunOptions.resolveOnly`. */
  resolveOnly?: boolean;
  timeoutMs?: number;
  strictAssertions?: boolean;
  verbose?: boolean;
  config?: string;
  /** Where the run is recorded; default: appended to the spec's history file at once. */
  history?: HistorySink;
  /** See `RunOptions.onExchangeDone`. */
  onExchangeDone?: () => void;
  /** The run's transport (cookies, tokens, clients), shared by the files of one run. */
  transport?: RunTransport;
  /** `--ca/--cert/--key/--insecure`, `--no-token-cache`, for a transport made here. */
  transportOptions?: TransportOptions;
}

export interface ExecResult extends EndpointRun {
  file: string;
  env: string;
  spec?: EndpointSpec;
  collection?: Collection;
  /** Display path → text of every file read, for caret rendering. */
  sources: Map<string, string>;
  /** Response headers masked by name and value; for verbose output. */
  response?: HttpResponse;
}

export const OS_PREFIXES = { cli: ["APISPEC_"], tool: ["APISPEC_", "ALTSPEC_"] } as const;

/** The whole `exec`: from a path to a masked result and an exit code. */
export async function execSpec(input: ExecInput, ctx: OpsContext): Promise<ExecResult> {
  const path = await resolveUserPath(input.file, ctx, input.config);
  const root = await findCollectionRoot({ config: input.config, near: path }, ctx);
  const collection = await loadCollection(root, ctx, input.config);
  return await execInCollection(input, path, collection, ctx);
}

/** `execSpec` for an endpoint file (absolute `path`) of a collection already loaded; batches load each collection once. */
export async function execInCollection(
  input: ExecInput,
  path: string,
  collection: Collection,
  ctx: OpsContext,
  /** The file already read and parsed (planned runs read every file before the first request). */
  preloaded?: LoadedEndpoint,
): Promise<ExecResult> {
  const loaded = preloaded ?? await loadEndpoint(path, ctx);
  const sources = new Map(collection.sources);
  if (loaded.text !== undefined) sources.set(loaded.file, loaded.text);
  const early = (issues: Issue[], env: string): ExecResult => ({
    record: recordFromIssues(issues),
    issues,
    variables: [],
    secrets: [],
    exitCode: exitCodeFor(issues),
    file: loaded.file,
    env,
    spec: loaded.spec,
    collection,
    sources,
  });
  const pre = [...collection.issues, ...loaded.issues];
  // Secrets, unreadable files and invalid specs stop everything before any request.
  if (pre.some((i) => i.severity === "error")) {
    return early(pre, input.env ?? collection.config.defaultEnv);
  }
  const { env, issues: envIssues } = selectEnv(collection, input.env);
  if (envIssues.length > 0) return early([...pre, ...envIssues], env);
  const spec = loaded.spec!;
  const order: LayerName[] = input.order === "tool" ? TOOL_ORDER : CLI_ORDER;
  const inputs = {
    captures: input.captures,
    cli: input.cli,
    tool: input.tool,
    session: input.session,
    frontmatter: spec.vars,
  };
  const build = () =>
    buildLayers(collection, env, inputs, order, [...OS_PREFIXES[input.order ?? "cli"]], ctx.env);
  const layers = sharedLayers(collection, env, input.order ?? "cli", inputs, ctx.env, build);
  // `exec` of one file: its own transport, whose cookie jar starts (and stays) empty.
  const transport = input.transport ??
    new RunTransport({ ...input.transportOptions, cookies: false }, ctx);
  // Its clients (and unverified TLS's bridges) end with the run; a long-lived server would keep them.
  const run = await runEndpoint(spec, collection, {
    env,
    layers,
    transport,
    specPath: path,
    timeoutMs: input.timeoutMs,
    strictAssertions: input.strictAssertions ?? false,
    dryRun: input.dryRun ?? false,
    resolveOnly: input.resolveOnly,
    verbose: input.verbose ?? false,
    history: input.history,
    onExchangeDone: input.onExchangeDone,
  }, ctx).finally(() => {
    if (!input.transport) transport.close();
  });
  // Added to the run rather than spread into a new object: a spread reads (so masks) them all.
  const result: ExecResult = Object.assign(run, {
    issues: [...pre, ...run.issues],
    file: loaded.file,
    env,
    spec,
    collection,
    sources,
  });
  let response: HttpResponse | undefined;
  // Masked on first read, like the request: a run shows its response only when asked.
  return Object.defineProperty(result, "response", {
    enumerable: true,
    get: () => run.rawResponse && (response ??= maskResponse(run.rawResponse, run.secrets)),
  });
}
