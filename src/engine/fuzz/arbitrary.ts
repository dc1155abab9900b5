/**
 * fast-check arbitraries of an operation's requests, built on the shared
 * example generator (`engine/examples/`, through a `ValueSource`): fast-check
 * draws the seeds, chooses edge values (long and unicode strings, boundary
 * numbers) for half the values, leaves optional parameters and an
 * optional body out, and shrinks a failing case towards the smallest request
 * the schemas still accept (`shrink.ts` proposes, the source's check keeps
 * the valid ones). A negative case is a positive one with one part made
 * invalid (`ValueSource.invalid`); shrinking leaves that part as it is.
 */
import fc from "fast-check";
import type { FuzzCase, FuzzOperation, FuzzParameter, Mutation, NegativeCase } from "./model.ts";
import { shrinkValue } from "./shrink.ts";
import { formBodyReadings, wireValue } from "./request.ts";

/** One change that makes a valid value invalid. */
export interface InvalidValue {
  /** Undefined: leave the value out (a required property or parameter missing). */
  value: unknown;
  pointer: string;
  keyword: string;
  description: string;
}

/** What the arbitraries need of the shared generator. */
export interface ValueSource {
  /** A valid value from `seed`; with `edges`, boundary values where the schema has them. */
  valid(schema: unknown, seed: number, edges: boolean): { ok: boolean; value: unknown };
  /** The deterministic example (the document's own, else the plainest value). */
  example(schema: unknown): { ok: boolean; value: unknown };
  /** An invalid value changed in one place from a valid one, or undefined when none can be made. */
  invalid(schema: unknown, seed: number): InvalidValue | undefined;
  /** Invalid values, one per place of the schema's example (every field broken once). */
  invalidEach(schema: unknown, limit: number): InvalidValue[];
  /** A few distinct valid values at the schema's edges (bounds, long and tricky strings). */
  edges(schema: unknown): unknown[];
  /** Whether the schema accepts the value as a request. */
  accepts(schema: unknown, value: unknown): boolean;
  /** The type a schema names (first non-null), following `$ref`s; undefined when none. */
  typeOf(schema: unknown): string | undefined;
}

/** Places edge values make sense (headers and cookies carry printable ASCII only). */
const EDGE_PLACES = new Set(["path", "query", "body"]);

/** Values of one schema: generated from a drawn seed, shrunk to smaller values it accepts. */
class SchemaValue extends fc.Arbitrary<unknown> {
  constructor(
    private schema: unknown,
    private source: ValueSource,
    private edges: boolean,
  ) {
    super();
  }

  generate(mrng: fc.Random): fc.Value<unknown> {
    const edge = this.edges && mrng.nextInt(0, 1) === 0;
    const seed = mrng.nextInt(0, 0x7fffffff);
    const made = this.source.valid(this.schema, seed, edge);
    return new fc.Value(made.ok ? made.value : this.source.example(this.schema).value, undefined);
  }

  canShrinkWithoutContext(_value: unknown): _value is unknown {
    return true;
  }

  shrink(value: unknown): fc.Stream<fc.Value<unknown>> {
    const { schema, source } = this;
    return fc.Stream.of<unknown>()
      .join(shrinkValue(value))
      .filter((candidate) => source.accepts(schema, candidate))
      .map((candidate) => new fc.Value(candidate, undefined));
  }
}

const PLACES = ["path", "query", "header", "cookie"] as const;

/** The parameters of one place as a record; optional ones may be absent (and shrink to absent). */
function place(op: FuzzOperation, where: typeof PLACES[number], source: ValueSource) {
  const params = op.parameters.filter((p) => p.in === where);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of params) model[p.name] = new SchemaValue(p.schema, source, EDGE_PLACES.has(where));
  return fc.record(model, { requiredKeys: params.filter((p) => p.required).map((p) => p.name) });
}

/** Requests the document says are valid. */
export function positiveCases(op: FuzzOperation, source: ValueSource): fc.Arbitrary<FuzzCase> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const where of PLACES) model[where] = place(op, where, source);
  const required: string[] = [...PLACES];
  if (op.body && op.method !== "GET" && op.method !== "HEAD") {
    model.body = fc.record({ value: new SchemaValue(op.body.schema, source, true) });
    if (op.body.required) required.push("body");
  }
  return fc.record(model, { requiredKeys: required }) as unknown as fc.Arbitrary<FuzzCase>;
}

/**
 * Requests whose linked parameters are fixed (the values a producer's answer
 * gave); only the others are generated and shrunk.
 */
export function linkedCases(
  op: FuzzOperation,
  fixed: Partial<Record<FuzzParameter["in"], Record<string, unknown>>>,
  source: ValueSource,
): fc.Arbitrary<FuzzCase> {
  const free = op.parameters.filter((p) => fixed[p.in]?.[p.name] === undefined);
  return positiveCases({ ...op, parameters: free }, source).map((values) => {
    const out: FuzzCase = { ...values };
    for (const where of PLACES) out[where] = { ...values[where], ...fixed[where] };
    return out;
  });
}

/** The document's own example of each required part, when every one has a valid one. */
export function exampleCase(op: FuzzOperation, source: ValueSource): FuzzCase | undefined {
  const values: FuzzCase = { path: {}, query: {}, header: {}, cookie: {} };
  for (const p of op.parameters.filter((p) => p.required)) {
    const example = source.example(p.schema);
    if (!example.ok || example.value === undefined) return undefined;
    values[p.in][p.name] = example.value;
  }
  if (op.body?.required && op.method !== "GET" && op.method !== "HEAD") {
    const example = source.example(op.body.schema);
    if (!example.ok) return undefined;
    values.body = { value: example.value };
  }
  return values;
}

/** A part of a request a negative case can break. */
type Target =
  | { kind: "parameter"; param: FuzzParameter; missing: boolean }
  | { kind: "body"; schema: unknown; missing: boolean; mediaType: string; required: boolean };

/** Types whose parameter text a server reads back the same way `wireValue` does. */
const SCALAR = new Set(["integer", "number", "boolean", "string"]);

function targetsOf(op: FuzzOperation, source: ValueSource): Target[] {
  const targets: Target[] = [];
  for (const param of op.parameters) {
    // A missing path parameter changes the route, not the request.
    if (param.required && param.in !== "path") {
      targets.push({ kind: "parameter", param, missing: true });
    }
    const type = source.typeOf(param.schema);
    if (type !== undefined && SCALAR.has(type)) {
      targets.push({ kind: "parameter", param, missing: false });
    }
  }
  if (op.body && op.method !== "GET" && op.method !== "HEAD") {
    const { schema, mediaType, required } = op.body;
    if (required) targets.push({ kind: "body", schema, missing: true, mediaType, required });
    targets.push({ kind: "body", schema, missing: false, mediaType, required });
  }
  return targets;
}

function describeTarget(target: Target): string {
  return target.kind === "body" ? "body" : `${target.param.in} ${target.param.name}`;
}

/** The case with the target's part replaced (undefined: removed). */
function withPart(values: FuzzCase, target: Target, part: unknown): FuzzCase {
  const next: FuzzCase = {
    path: { ...values.path },
    query: { ...values.query },
    header: { ...values.header },
    cookie: { ...values.cookie },
    ...(values.body ? { body: values.body } : {}),
  };
  if (target.kind === "body") {
    if (part === undefined) delete next.body;
    else next.body = { value: part };
  } else if (part === undefined) delete next[target.param.in][target.param.name];
  else next[target.param.in][target.param.name] = part;
  return next;
}

/**
 * One invalid part for the target from `seed`: a missing required part, or
 * the generator's one-change value, kept only if what reaches the server
 * (a parameter's text read back by its type) is still invalid.
 */
function breakTarget(
  target: Target,
  seed: number,
  source: ValueSource,
): { part: unknown; mutation: Mutation } | undefined {
  const where = describeTarget(target);
  if (target.missing) {
    return {
      part: undefined,
      mutation: { where, pointer: "", keyword: "required", description: "left out" },
    };
  }
  const schema = target.kind === "body" ? target.schema : target.param.schema;
  const invalid = source.invalid(schema, seed);
  if (!invalid) return undefined;
  if (target.kind === "parameter") {
    if (invalid.value === undefined) return undefined;
    const arrives = wireValue(target.param, source.typeOf(schema), invalid.value);
    const stillInvalid = arrives.missing
      ? target.param.required
      : !source.accepts(schema, arrives.value);
    if (!stillInvalid) return undefined;
  } else if (arrivesValid(target, invalid, source)) return undefined;
  return {
    part: invalid.value,
    mutation: {
      where,
      pointer: invalid.pointer,
      keyword: invalid.keyword,
      description: invalid.description,
    },
  };
}

/**
 * Whether a broken body is valid once it arrives: in a form every field is
 * text, so a number in a string field (`criteria=12345`) is still a string,
 * `"7"` in an integer field is read as 7, and an empty list is no field at
 * all. A JSON `null` for an optional body is read as no body by many servers.
 */
function arrivesValid(
  target: Target & { kind: "body" },
  invalid: InvalidValue,
  source: ValueSource,
): boolean {
  if (!target.required && invalid.pointer === "" && invalid.value === null) return true;
  if (!/x-www-form-urlencoded/i.test(target.mediaType)) return false;
  const top = /^\/([^/]+)$/.exec(invalid.pointer);
  const body = invalid.value;
  if (!top || typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const key = top[1].replace(/~1/g, "/").replace(/~0/g, "~");
  return formBodyReadings(body as Record<string, unknown>, key)
    .some((reading) => source.accepts(target.schema, reading));
}

/** Negative cases: a generated positive case with one part broken; shrinking keeps that part. */
class NegativeCases extends fc.Arbitrary<NegativeCase> {
  constructor(
    private positive: fc.Arbitrary<FuzzCase>,
    private targets: Target[],
    private source: ValueSource,
  ) {
    super();
  }

  generate(mrng: fc.Random, bias: number | undefined): fc.Value<NegativeCase> {
    const base = this.positive.generate(mrng, bias);
    const start = mrng.nextInt(0, this.targets.length - 1);
    const seed = mrng.nextInt(0, 0x7fffffff);
    // From the drawn target on, the first that can be broken.
    for (let i = 0; i < this.targets.length; i++) {
      const target = this.targets[(start + i) % this.targets.length];
      const broken = breakTarget(target, seed, this.source);
      if (!broken) continue;
      const value: NegativeCase = {
        case: withPart(base.value_, target, broken.part),
        mutation: broken.mutation,
      };
      return new fc.Value(value, { base, target, part: broken.part });
    }
    return new fc.Value({ case: base.value_, mutation: NOTHING_BROKEN }, undefined);
  }

  canShrinkWithoutContext(_value: unknown): _value is NegativeCase {
    return false;
  }

  shrink(value: NegativeCase, context: unknown): fc.Stream<fc.Value<NegativeCase>> {
    if (!context) return fc.Stream.nil();
    const { base, target, part } = context as {
      base: fc.Value<FuzzCase>;
      target: Target;
      part: unknown;
    };
    const current = JSON.stringify(value.case);
    return this.positive.shrink(base.value_, base.context)
      .map((smaller) => ({ smaller, next: withPart(smaller.value_, target, part) }))
      // Shrinking the broken part itself changes nothing that is sent.
      .filter(({ next }) => JSON.stringify(next) !== current)
      .map(({ smaller, next }) =>
        new fc.Value({ case: next, mutation: value.mutation }, { base: smaller, target, part })
      );
  }
}

/** A negative case for which no part could be broken: the runner sends nothing for it. */
export const NOTHING_BROKEN: Mutation = {
  where: "",
  pointer: "",
  keyword: "none",
  description: "nothing could be made invalid",
};

/** Requests with one part made invalid; undefined when the operation has nothing to break. */
export function negativeCases(
  op: FuzzOperation,
  source: ValueSource,
): fc.Arbitrary<NegativeCase> | undefined {
  const targets = targetsOf(op, source);
  if (targets.length === 0) return undefined;
  return new NegativeCases(positiveCases(op, source), targets, source);
}

/**
 * Valid cases tried before random ones, so a seed cannot miss them: the
 * document's example, then that example with each path and query parameter
 * at each of its edges, then with the body at its edges.
 */
export function coverageCases(op: FuzzOperation, source: ValueSource, limit: number): FuzzCase[] {
  const base = exampleCase(op, source);
  if (!base) return [];
  const out = [base];
  for (const param of op.parameters.filter((p) => p.in === "path" || p.in === "query")) {
    const target: Target = { kind: "parameter", param, missing: false };
    for (const value of source.edges(param.schema)) out.push(withPart(base, target, value));
  }
  if (op.body && op.method !== "GET" && op.method !== "HEAD") {
    const { schema, mediaType, required } = op.body;
    const target: Target = { kind: "body", schema, mediaType, required, missing: false };
    for (const value of source.edges(op.body.schema)) out.push(withPart(base, target, value));
  }
  return out.slice(0, limit);
}

/**
 * Invalid cases tried before random ones: the document's example with each
 * required part left out, each parameter broken, and each field of the body
 * broken once (its `type`, `enum`, bound or pattern).
 */
export function coverageNegatives(
  op: FuzzOperation,
  source: ValueSource,
  limit: number,
): NegativeCase[] {
  const base = exampleCase(op, source);
  if (!base) return [];
  const out: NegativeCase[] = [];
  for (const target of targetsOf(op, source)) {
    if (target.kind === "body" && !target.missing) {
      for (const invalid of source.invalidEach(target.schema, limit)) {
        if (arrivesValid(target, invalid, source)) continue;
        out.push({
          case: withPart(base, target, invalid.value),
          mutation: {
            where: "body",
            pointer: invalid.pointer,
            keyword: invalid.keyword,
            description: invalid.description,
          },
        });
      }
      continue;
    }
    for (let seed = 0; seed < 4; seed++) {
      const broken = breakTarget(target, seed, source);
      if (!broken) continue;
      out.push({ case: withPart(base, target, broken.part), mutation: broken.mutation });
      break;
    }
  }
  return out.slice(0, limit);
}
