/**
 * Sends fuzz requests the way `exec` sends an endpoint file: each request is
 * an endpoint draft rendered and parsed like the file a failure writes, then
 * run by `runEndpoint` (variables, auth, TLS, cookies and timeouts of the
 * collection and environment; masking). Nothing lands in any history.
 */
import type { EndpointSpec, ResolvedRequest } from "../../engine/model.ts";
import type { EndpointDraft } from "../../engine/render/spec_md.ts";
import { renderSpec } from "../../engine/render/spec_md.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import type { VarLayer } from "../../engine/resolve/layers.ts";
import type { NetworkFailure } from "../../engine/diagnose/classify.ts";
import type { FuzzResponseSeen } from "../../engine/fuzz/model.ts";
import type { OpsContext } from "../../adapters/system.ts";
import type { Collection } from "../collection/load.ts";
import { runEndpoint } from "../run/exec.ts";

export interface Sent {
  /** The draft that was sent (the written file's request, if it fails). */
  draft: EndpointDraft;
  /** Masked, for reports. */
  request?: ResolvedRequest;
  /** Unmasked: checks read it. Never print it. */
  response?: FuzzResponseSeen;
  failure?: NetworkFailure;
  /** Why nothing was sent (the draft does not resolve: a missing variable). */
  problem?: string;
  /** Values to mask in everything shown or written about this request. */
  secrets: string[];
}

export interface SenderOptions {
  collection: Collection;
  env: string;
  layers: VarLayer[];
  timeoutMs?: number;
}

/** Counts what it sends; `sent` is the summary's `requests`. */
export class Sender {
  sent = 0;
  #options: SenderOptions;
  #ctx: OpsContext;

  constructor(options: SenderOptions, ctx: OpsContext) {
    this.#options = options;
    this.#ctx = ctx;
  }

  async send(draft: EndpointDraft): Promise<Sent> {
    const spec = specOf(draft);
    if (!spec.spec) return { draft, problem: spec.problem, secrets: [] };
    const { collection, env, layers, timeoutMs } = this.#options;
    const run = await runEndpoint(spec.spec, collection, {
      env,
      layers,
      timeoutMs,
      strictAssertions: false,
      dryRun: false,
      verbose: false,
      history: () => undefined,
    }, this.#ctx);
    if (!run.rawResponse && !run.failure) {
      const error = run.issues.find((i) => i.severity === "error");
      return { draft, problem: error?.message ?? "not sent", secrets: run.secrets };
    }
    this.sent++;
    const raw = run.rawResponse;
    return {
      draft,
      get request() {
        return run.request;
      },
      ...(raw ? { response: { status: raw.status, headers: raw.headers, body: raw.body } } : {}),
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
