/**
 * One fuzz run's sending and searching: each case goes through `Sender`,
 * every answer through the checks; fast-check runs the cases of a phase and,
 * on a new failure, shrinks it (candidates must fail the same check with the
 * same status), then the search goes on for a different failure with the
 * examples left. Requests go one at a time, in a fixed order, so a seed
 * repeats a run request for request.
 */
import type fcType from "fast-check";
import type { EndpointDraft } from "../../engine/render/spec_md.ts";
import type { OpsContext } from "../../adapters/system.ts";
import type { Issue } from "../../engine/issue.ts";
import {
  type CheckFailure,
  type FuzzCase,
  type FuzzCheck,
  type FuzzLink,
  type FuzzOperation,
  type Mutation,
  operationKey,
} from "../../engine/fuzz/model.ts";
import type { ValueSource } from "../../engine/fuzz/arbitrary.ts";
import type { ValidateResponse } from "../../engine/fuzz/checks.ts";
import type { FlowSteps } from "../../engine/fuzz/links.ts";
import type { Sender, Sent } from "./send.ts";

/** Distinct failures looked for per operation and phase. */
const MAX_ROUNDS = 5;
/** Requests spent shrinking one failure. */
const MAX_SHRINKS = 150;
/** Consecutive requests without an answer after which the API is taken to be unreachable. */
const UNREACHABLE_AFTER = 5;
/** Requests closed without an answer before any is answered, before the run stops. */
const DROPPED_BEFORE_ANY_ANSWER = 25;
/** Cases of each linked consumer per chain. */
const LINKED_RUNS = 2;

/** A failure found, before its file is written. */
export interface Found {
  op: FuzzOperation;
  failure: CheckFailure;
  /** Other checks the same answer failed. */
  also: CheckFailure[];
  sent: Sent;
  mutation?: Mutation;
  /** Requests spent shrinking it. */
  shrinks: number;
  /** For a linked request: what fed its values. */
  after?: string;
}

export interface SessionOptions {
  sender: Sender;
  source: ValueSource & { validateResponse: ValidateResponse };
  checks: ReadonlySet<FuzzCheck>;
  maxExamples: number;
  seed: number;
  /** Monotonic milliseconds after which no request starts. */
  deadline: number;
  /** The operation's imported draft (its auth and variables), undefined when it has none. */
  baseOf(op: FuzzOperation): Promise<EndpointDraft | undefined>;
}

/** What one operation's phases did. */
export interface OperationRun {
  operation: string;
  requests: number;
  failures: number;
}

/** 31 bits from a seed and names (FNV-1a): each operation and phase has a seed of its own. */
export function deriveSeed(seed: number, ...parts: (string | number)[]): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (const char of parts.join("\u0000")) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff;
}

type Fc = typeof fcType;
type Arbitraries = typeof import("../../engine/fuzz/arbitrary.ts");
type Request = typeof import("../../engine/fuzz/request.ts");
type Drafts = typeof import("../../engine/fuzz/draft.ts");
type Checks = typeof import("../../engine/fuzz/checks.ts");
type Links = typeof import("../../engine/fuzz/links.ts");

export class FuzzSession {
  readonly found: Found[] = [];
  timedOut = false;
  /** Why the run stopped early, when the API stopped answering. */
  unreachable?: string;
  /** Why the run stopped before sending: a request that cannot resolve (a missing variable). */
  refused?: Issue;
  #options: SessionOptions;
  #ctx: OpsContext;
  #known = new Set<string>();
  #bases = new Map<FuzzOperation, Promise<EndpointDraft | undefined>>();
  #silent = 0;
  /** Whether the API has answered any request (a dropped one is then a finding, not an outage). */
  #answered = false;
  #dropped = 0;
  /** Requests sent per operation (operations run side by side: no shared counter tells). */
  #sentBy = new Map<FuzzOperation, number>();
  // Loaded by `load()`: fast-check and the pure modules are imported only by a fuzz run.
  #fc!: Fc;
  #arbitraries!: Arbitraries;
  #request!: Request;
  #drafts!: Drafts;
  #checks!: Checks;
  #links!: Links;

  constructor(options: SessionOptions, ctx: OpsContext) {
    this.#options = options;
    this.#ctx = ctx;
  }

  async load(): Promise<void> {
    this.#fc = (await import("fast-check")).default;
    this.#arbitraries = await import("../../engine/fuzz/arbitrary.ts");
    this.#request = await import("../../engine/fuzz/request.ts");
    this.#drafts = await import("../../engine/fuzz/draft.ts");
    this.#checks = await import("../../engine/fuzz/checks.ts");
    this.#links = await import("../../engine/fuzz/links.ts");
  }

  /** Whether no request may start any more (time budget spent, API unreachable). */
  stopped(): boolean {
    if (this.#ctx.clock.monotonic() >= this.#options.deadline) this.timedOut = true;
    return this.timedOut || this.unreachable !== undefined || this.refused !== undefined;
  }

  #base(op: FuzzOperation): Promise<EndpointDraft | undefined> {
    let base = this.#bases.get(op);
    if (!base) this.#bases.set(op, base = this.#options.baseOf(op));
    return base;
  }

  #identity(op: FuzzOperation, failure: CheckFailure): string {
    return `${operationKey(op)} ${failure.check} ${failure.key}`;
  }

  /**
   * Resolves each operation's first request without sending it: what would
   * stop a run (a variable nothing defines) is found before any request goes.
   */
  async preflight(operations: FuzzOperation[]): Promise<Issue[]> {
    const issues: Issue[] = [];
    for (const op of operations) {
      const base = await this.#base(op);
      const values = this.#arbitraries.exampleCase(op, this.#options.source);
      const built = values && this.#request.buildRequest(op, values);
      if (!base || !built?.ok) continue;
      const found = await this.#options.sender.preflight(
        this.#drafts.requestDraft(base, op, built.request),
      );
      issues.push(...found.map((i) => ({ ...i, message: `${operationKey(op)}: ${i.message}` })));
    }
    return issues;
  }

  /** Sends one case and checks the answer; undefined when it cannot be sent or nothing answered. */
  async attempt(
    op: FuzzOperation,
    values: FuzzCase,
    mutation?: Mutation,
  ): Promise<{ sent: Sent; failures: CheckFailure[] } | undefined> {
    const base = await this.#base(op);
    const built = this.#request.buildRequest(op, values);
    if (!base || !built.ok) return undefined;
    const sent = await this.#options.sender.send(
      base,
      this.#drafts.requestDraft(base, op, built.request),
    );
    if (!sent.problem) this.#sentBy.set(op, (this.#sentBy.get(op) ?? 0) + 1);
    if (sent.problem) {
      // A request that does not resolve (a missing variable) will not resolve next time either.
      this.refused ??= {
        ...sent.problem,
        message: `${operationKey(op)}: ${sent.problem.message}`,
      };
      return undefined;
    }
    if (!sent.response && sent.failure?.kind === "reset") {
      // The API took the connection, then closed it without an answer: once it has answered
      // anything, that is this request crashing it. Before, it may be the wrong scheme or port.
      if (!this.#answered) {
        if (++this.#dropped >= DROPPED_BEFORE_ANY_ANSWER) {
          this.unreachable =
            `${DROPPED_BEFORE_ANY_ANSWER} requests were closed without an answer and none was answered (last: ${sent.failure.message})`;
        }
        return undefined;
      }
      this.#silent = 0;
      if (!this.#options.checks.has("not_5xx")) return undefined;
      const response = { status: 0, headers: [], body: "" };
      return { sent: { ...sent, response }, failures: [this.#checks.closedWithoutAnswer()] };
    }
    if (!sent.response) {
      if (++this.#silent >= UNREACHABLE_AFTER) {
        this.unreachable = `${UNREACHABLE_AFTER} requests in a row got no answer (last: ${
          sent.failure?.message ?? "no answer"
        })`;
      }
      return undefined;
    }
    this.#silent = 0;
    this.#answered = true;
    const failures = this.#checks.runChecks({
      operation: op,
      response: sent.response,
      mutation,
      checks: this.#options.checks,
      validate: this.#options.source.validateResponse,
    });
    return { sent, failures };
  }

  /**
   * Runs `numRuns` cases; each new failure is shrunk (same check, same
   * status) and kept, then the search goes on with the cases left, up to
   * `MAX_ROUNDS` failures. Whether anything new failed.
   */
  async explore<T>(
    op: FuzzOperation,
    arbitrary: fcType.Arbitrary<T>,
    caseOf: (value: T) => { values: FuzzCase; mutation?: Mutation },
    numRuns: number,
    phaseSeed: number,
    options: { examples?: T[]; after?: string } = {},
  ): Promise<boolean> {
    const fc = this.#fc;
    let remaining = numRuns;
    let examples = options.examples ?? [];
    let any = false;
    for (let round = 0; round < MAX_ROUNDS && remaining > 0 && !this.stopped(); round++) {
      let target: { failure: CheckFailure; status: number } | undefined;
      let last: Found | undefined;
      let generated = 0;
      let shrinks = 0;
      const property = fc.asyncProperty(arbitrary, async (value: T) => {
        if (target === undefined) generated++;
        else if (++shrinks > MAX_SHRINKS) return true;
        if (this.stopped()) return true;
        const { values, mutation } = caseOf(value);
        if (mutation?.keyword === "none") return true;
        const outcome = await this.attempt(op, values, mutation);
        if (!outcome) return true;
        const { sent, failures } = outcome;
        const status = sent.response!.status;
        const pick = target === undefined
          ? failures.find((f) => !this.#known.has(this.#identity(op, f)))
          : failures.find((f) => f.check === target!.failure.check && status === target!.status);
        if (!pick) return true;
        target ??= { failure: pick, status };
        last = {
          op,
          // Shrinking may change a message; the failure is filed under the first one's key.
          failure: { ...pick, key: target.failure.key },
          also: failures.filter((f) => f !== pick),
          sent,
          ...(mutation ? { mutation } : {}),
          shrinks: Math.min(shrinks, MAX_SHRINKS),
          ...(options.after ? { after: options.after } : {}),
        };
        return false;
      });
      await fc.check(property, {
        seed: deriveSeed(phaseSeed, round),
        numRuns: remaining,
        examples: examples.map((e) => [e] as [T]),
      });
      remaining -= generated;
      // Examples run first, in order: the next round starts after those already run.
      examples = examples.slice(generated);
      if (!target || !last) break;
      // What else the same answer failed is one failure with it, not another to file.
      for (const failure of [target.failure, ...(last as Found).also]) {
        this.#known.add(this.#identity(op, failure));
      }
      this.found.push(last);
      any = true;
    }
    return any;
  }

  /**
   * The positive phase (the document's example and edge values first) and
   * the negative phase (each part broken once first) of one operation.
   */
  async fuzzOperation(op: FuzzOperation): Promise<OperationRun> {
    const { source, maxExamples, seed } = this.#options;
    const key = operationKey(op);
    // At most half of each phase goes to the cases every run tries first.
    const covered = Math.ceil(maxExamples / 2);
    await this.explore(
      op,
      this.#arbitraries.positiveCases(op, source),
      (values) => ({ values }),
      maxExamples,
      deriveSeed(seed, key, "positive"),
      { examples: this.#arbitraries.coverageCases(op, source, covered) },
    );
    const negative = this.#arbitraries.negativeCases(op, source);
    if (negative && !this.stopped()) {
      await this.explore(
        op,
        negative,
        (n) => ({ values: n.case, mutation: n.mutation }),
        maxExamples,
        deriveSeed(seed, key, "negative"),
        { examples: this.#arbitraries.coverageNegatives(op, source, covered) },
      );
    }
    return {
      operation: key,
      requests: this.#sentBy.get(op) ?? 0,
      failures: this.found.filter((f) => f.op === op).length,
    };
  }

  /**
   * `--stateful`: for each producer, a few chains: a valid request, then
   * each linked consumer (reads, writes, DELETE last) with the linked values
   * fixed. A chain stops at its first failure, so the resource it failed on
   * is left for the written file to reproduce.
   */
  async fuzzLinks(operations: FuzzOperation[], flows: FlowSteps[]): Promise<OperationRun[]> {
    const { sender, source, maxExamples, seed } = this.#options;
    const { statefulLinks, flowLinks, linkedValues } = this.#links;
    const links = statefulLinks(operations, flowLinks(flows, operations));
    const byKey = new Map(operations.map((op) => [operationKey(op), op]));
    const chains = Math.max(1, Math.ceil(maxExamples / 10));
    const runs: OperationRun[] = [];
    for (const [producerKey, targets] of links) {
      const producer = byKey.get(producerKey);
      if (!producer || producer.skip || this.stopped()) continue;
      const before = sender.sent;
      const foundBefore = this.found.length;
      for (let chain = 0; chain < chains && !this.stopped(); chain++) {
        const [values] = this.#fc.sample(this.#arbitraries.positiveCases(producer, source), {
          seed: deriveSeed(seed, producerKey, "stateful", chain),
          numRuns: 1,
        });
        const produced = await this.attempt(producer, values);
        const response = produced?.sent.response;
        if (!response || response.status < 200 || response.status > 299) continue;
        for (const link of targets) {
          const consumer = byKey.get(link.target);
          if (!consumer || consumer.skip || this.stopped()) continue;
          const fixed = linkedValues(link, consumer, { values, response });
          if (!fixed) continue;
          const failed = await this.explore(
            consumer,
            this.#arbitraries.linkedCases(consumer, fixed, source),
            (v) => ({ values: v }),
            LINKED_RUNS,
            deriveSeed(seed, producerKey, link.target, chain),
            { after: describeLink(producer, link, fixed) },
          );
          if (failed) break;
        }
      }
      runs.push({
        operation: `${producerKey} → links`,
        requests: sender.sent - before,
        failures: this.found.length - foundBefore,
      });
    }
    return runs;
  }
}

/** How a file names what fed a linked request. */
function describeLink(
  producer: FuzzOperation,
  link: FuzzLink,
  fixed: Partial<Record<string, Record<string, unknown>>>,
): string {
  const values = Object.entries(fixed).flatMap(([where, byName]) =>
    Object.entries(byName ?? {}).map(([name, value]) =>
      `${where} ${name} = ${JSON.stringify(value)}`
    )
  );
  return `\`${operationKey(producer)}\`'s answer (link ${link.name}: ${values.join(", ")})`;
}
