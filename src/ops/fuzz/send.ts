/**
 * Sends fuzz requests the way `exec` sends an endpoint file: each request is
 * an endpoint draft, run by `runEndpoint` (variables, auth, TLS, cookies and
 * timeouts of the collection and environment; masking). The first draft of
 * an operation is rendered and parsed as the file a failure writes; later
 * ones reuse that spec with their own request block (what parsing would give
 * for their target, headers and body: `sameAsParsed` in the tests keeps it
 * so), since rendering and parsing cost more than the request. Nothing lands
 * in any history.
 */
import type { EndpointSpec, ResolvedRequest } from "../../engine/model.ts";
import { type Issue, issue } from "../../engine/issue.ts";
import type { EndpointDraft } from "../../engine/render/spec_md.ts";
import { renderSpec } from "../../engine/render/spec_md.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import type { VarLayer } from "../../engine/resolve/layers.ts";
import type { NetworkFailure } from "../../engine/diagnose/classify.ts";
import type { FuzzResponseSeen } from "../../engine/fuzz/model.ts";
import type { OpsContext } from "../../adapters/system.ts";
import type { Collection } from "../collection/load.ts";
import { runEndpoint } from "../run/exec.ts";
import { RunTransport, type TransportOptions } from "../auth/transport.ts";

export interface Sent {
  /** The draft that was sent (the written file's request, if it fails). */
  draft: EndpointDraft;
  /** Masked, for reports. */
  request?: ResolvedRequest;
  /** Unmasked: checks read it. Never print it. */
  response?: FuzzResponseSeen;
  failure?: NetworkFailure;
  /** Why nothing was sent (the draft does not resolve: a missing variable). */
  problem?: Issue;
  /** Values to mask in everything shown or written about this request. */
  secrets: string[];
}

export interface SenderOptions {
  collection: Collection;
  env: string;
  layers: VarLayer[];
  timeoutMs?: number;
  /** `--ca/--cert/--key/--insecure/--no-token-cache`. */
  transportOptions?: TransportOptions;
}

/** Counts what it sends; `sent` is the summary's `requests`. */
export class Sender {
  sent = 0;
  #options: SenderOptions;
  #ctx: OpsContext;
  /** One per run, as `check` has: its cookies, OAuth 2.0 tokens, clients. */
  #transport: RunTransport;

  constructor(options: SenderOptions, ctx: OpsContext) {
    this.#options = options;
    this.#ctx = ctx;
    this.#transport = new RunTransport(options.transportOptions ?? {}, ctx);
  }

  /** Warnings of the run's transport (insecure TLS), each once. */
  get warnings() {
    return this.#transport.warnings;
  }

  #skeletons = new WeakMap<EndpointDraft, { spec?: EndpointSpec; problem?: string }>();

  /** What stops `draft` before sending (a variable nothing defines), resolved without sending. */
  async preflight(draft: EndpointDraft): Promise<Issue[]> {
    const { spec, problem } = specOf(draft);
    if (!spec) return [issue("ENGINE_ERROR", `A fuzz request does not parse: ${problem}`)];
    const { collection, env, layers } = this.#options;
    const run = await runEndpoint(spec, collection, {
      env,
      layers,
      strictAssertions: false,
      dryRun: true,
      verbose: false,
      history: () => undefined,
      transport: this.#transport,
    }, this.#ctx);
    return run.issues.filter((i) => i.severity === "error").map(
      ({ file: _file, line: _line, column: _column, ...rest }) => rest,
    );
  }

  /** Sends `draft`, made from `base` (the operation's imported draft) with another request. */
  async send(base: EndpointDraft, draft: EndpointDraft): Promise<Sent> {
    let skeleton = this.#skeletons.get(base);
    if (!skeleton) this.#skeletons.set(base, skeleton = specOf(draft));
    if (!skeleton.spec) {
      return {
        draft,
        problem: issue("ENGINE_ERROR", `A fuzz request does not parse: ${skeleton.problem}`, {
          fix: "This is a bug in apispec; report it with the operation's OpenAPI",
        }),
        secrets: [],
      };
    }
    const spec = { spec: withRequest(skeleton.spec, draft) };
    const { collection, env, layers, timeoutMs } = this.#options;
    const run = await runEndpoint(spec.spec, collection, {
      env,
      layers,
      timeoutMs,
      strictAssertions: false,
      dryRun: false,
      verbose: false,
      history: () => undefined,
      transport: this.#transport,
    }, this.#ctx);
    if (!run.rawResponse && !run.failure) {
      // Nothing sent: an issue says why, else the record (a token endpoint that refused or
      // could not be reached sends nothing and records why).
      const { error_type: type, hint } = run.record;
      const error = run.issues.find((i) => i.severity === "error") ??
        (type
          ? issue(type, hint || `The request was not sent: ${type}`)
          : issue("ENGINE_ERROR", "A fuzz request was not sent", { fix: "Run it with -v" }));
      // The file is an in-memory one: the issue names the operation instead.
      const { file: _file, line: _line, column: _column, ...problem } = error;
      return { draft, problem, secrets: run.secrets };
    }
    this.sent++;
    const raw = run.rawResponse;
    return {
      draft,
      get request() {
        return run.request;
      },
      // The response object itself: its JSON is parsed once for every reader (json_path.ts).
      ...(raw ? { response: raw } : {}),
      ...(run.failure ? { failure: run.failure } : {}),
      secrets: run.secrets,
    };
  }
}

/** The endpoint file a draft renders to, parsed: exactly what `exec` of the written file sends. */
export function specOf(draft: EndpointDraft): { spec?: EndpointSpec; problem?: string } {
  const { spec, issues } = parseEndpoint(renderSpec(draft), "fuzz.md");
  const error = issues.find((i) => i.severity === "error");
  if (!spec || error) return { problem: error?.message ?? "the request does not parse" };
  return { spec };
}

/**
 * `spec` with the request block `draft` would parse to. Its expected block
 * asks for nothing: the fuzz checks judge the answer, once.
 */
export function withRequest(spec: EndpointSpec, draft: EndpointDraft): EndpointSpec {
  return {
    ...spec,
    match: "shape",
    schema: undefined,
    expected: { ...spec.expected, headers: [], body: "" },
    assertions: [],
    request: {
      ...spec.request,
      target: draft.request.target,
      headers: draft.request.headers.map(([name, value]) => ({ name, value })),
      body: draft.request.body ?? "",
    },
  };
}
