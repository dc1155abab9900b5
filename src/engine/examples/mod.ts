/**
 * Examples from JSON Schema: one generator for every caller that needs a value
 * a schema accepts (`import openapi` for request and response bodies; fuzzing
 * for many varied valid values). Pure: no I/O, no clock, no global randomness.
 *
 * ```ts
 * import { ExampleGenerator } from "./mod.ts";
 * const examples = new ExampleGenerator();             // or new ExampleGenerator(source)
 * const result = examples.example(schema, { mode: "request" });
 * if (result.ok) send(result.value);                   // validated with ajv before it is returned
 * examples.example(schema, { mode: "response", seed: 7 });     // varied, reproducible from 7
 * examples.example(schema, { mode: "request", variant: 2 });   // other branches and enum values
 * examples.check(schema, value, "request");            // [] or SchemaError[] (ajv's)
 * ```
 *
 * Inputs:
 * - `schema`: JSON Schema draft 2020-12 (OpenAPI 3.1 schemas are; 3.0 ones are
 *   translated by `src/convert/openapi/schema.ts` first). `$ref`s are local
 *   pointers (`#/$defs/Pet`) into `schema`, or `source.prefix + name` names
 *   looked up in a `SchemaSource` (how the OpenAPI converter shares one
 *   document's components between operations: `DEFINITIONS_PREFIX`).
 * - `mode`: `"request"` leaves out readOnly properties, `"response"` writeOnly
 *   ones; the check then requires them in that direction only
 *   (`MODE_REQUIRED`, engine/contract/validator.ts).
 * - `seed` (optional, an integer): varied values from a seeded source: random
 *   branches, enum values, numbers within bounds, pattern matches, optional
 *   properties in or out, 0-2 more array items than `minItems`. The same seed
 *   gives the same value. Without it the example is deterministic: the
 *   schema's own `examples[0]`/`default` where it has one and they validate,
 *   the first non-null branch and enum value, lower bounds, the shortest
 *   pattern match, one array item, and in requests only the required
 *   properties (when the schema lists any).
 * - `variant` (optional, default 0): deterministic alternatives: the n-th
 *   branch of each `anyOf`/`oneOf`, the n-th enum value and example, numbers n
 *   steps above the lower bound.
 * - `properties` (optional): `"required"` or `"all"` overrides which optional
 *   properties a deterministic example holds.
 * - `edges` (optional, with `seed`): the share (0 to 1) of strings and numbers
 *   taken at the edges of what the schema allows, as fuzzing wants them: the
 *   longest and shortest strings, accented, wide, emoji and zero-width text,
 *   bounds and one step inside them, zero and integer limits (2^31-1, 2^53-1).
 *
 * Honoured: type (and `type: [.., "null"]`), enum, const, `$ref` (cycles
 * bounded: a schema met again below itself gets only its required parts, and
 * is cut after three levels), allOf (merged), anyOf/oneOf (a branch that
 * validates), properties, required, additionalProperties, patternProperties
 * (not generated), propertyNames, min/maxProperties, items, prefixItems,
 * contains, min/maxItems, uniqueItems, min/maxLength, pattern (randexp, bounded
 * lengths), format (date-time, date, time, duration, email, hostname, uri,
 * uri-reference, uri-template, ipv4, ipv6, uuid, byte, binary, regex,
 * json-pointer...), minimum, maximum, exclusiveMinimum/Maximum, multipleOf,
 * readOnly/writeOnly. What the walk does not model (`not`, `if`, a value two
 * `oneOf` branches accept) is found by the check: each attempt's ajv errors
 * steer the next (no example there, another branch, the missing property), up
 * to `ATTEMPTS`; `ok: false` carries the last value and its errors.
 *
 * Patterns come from untrusted documents: generated strings are at most 1 KiB
 * per pattern, and the check runs patterns on RegExp only when they are in the
 * linear subset (engine/parse/linear_pattern.ts), else on RE2.
 */
import {
  type Direction,
  type SchemaError,
  type SchemaFlaw,
  SharedSchemaValidator,
} from "../contract/validator.ts";
import { ANY, ExampleWalk, NONE, type Repair } from "./generate.ts";
import { seededRandom } from "./random.ts";

export type { Direction, SchemaError, SchemaFlaw };

/** Where refs outside the schema point: `prefix + name`. */
export interface SchemaSource {
  /** `DEFINITIONS_PREFIX` for the checker to follow them (engine/contract/schema_ids.ts). */
  prefix: string;
  /** The schema a name stands for, undefined when none. */
  definition(name: string): unknown;
}

export interface ExampleOptions {
  mode: Direction;
  seed?: number;
  variant?: number;
  properties?: "required" | "all";
  edges?: number;
}

export type ExampleResult =
  /**
   * `value` is undefined when the schema constrains nothing (any value would
   * do); `unchecked` says why ajv could not compile the schema, when it could not.
   */
  | { ok: true; value: unknown; unchecked?: string }
  | { ok: false; value?: unknown; errors: SchemaError[] };

/** Attempts per example: the first, then ones steered by the check's errors. */
export const ATTEMPTS = 16;

function resolvePointer(root: unknown, ref: string): unknown {
  let current = root;
  for (const raw of ref.replace(/^#\/?/, "").split("/").filter((p) => p !== "")) {
    const part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The pointers from the root down to `pointer`, root first. */
function ancestors(pointer: string): string[] {
  const parts = pointer.split("/");
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}

export class ExampleGenerator {
  #source?: SchemaSource;
  #validator: SharedSchemaValidator;

  /** `validator`: one already holding the source's definitions (drift's), to compile them once. */
  constructor(source?: SchemaSource, validator?: SharedSchemaValidator) {
    this.#source = source;
    this.#validator = validator ??
      new SharedSchemaValidator(source ? (name) => source.definition(name) : {});
  }

  /**
   * A value `schema` accepts as a `mode` body, checked with ajv; see the
   * module comment. `label` names the schema in `flaws()` if ajv refuses it.
   */
  example(schema: unknown, options: ExampleOptions, label?: string): ExampleResult {
    const first = this.#attempts(schema, options, label);
    if (first.ok || options.seed !== undefined) return first;
    // Deterministic fallbacks: every property (one may tell two branches apart), other variants.
    const fallbacks: ExampleOptions[] = [
      ...(options.properties ? [] : [{ ...options, properties: "all" as const }]),
      { ...options, variant: (options.variant ?? 0) + 1 },
    ];
    for (const fallback of fallbacks) {
      const next = this.#attempts(schema, fallback, label);
      if (next.ok) return next;
    }
    return first;
  }

  #attempts(schema: unknown, options: ExampleOptions, label?: string): ExampleResult {
    const repairs = new Map<string, Repair>();
    const resolve = (ref: string, root: unknown): unknown => {
      if (this.#source && ref.startsWith(this.#source.prefix)) {
        return this.#source.definition(ref.slice(this.#source.prefix.length));
      }
      return ref.startsWith("#") ? resolvePointer(root, ref) : undefined;
    };
    let last: { value?: unknown; errors: SchemaError[] } = { errors: [] };
    const failures = new Map<string, number>();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const walk = new ExampleWalk(schema, {
        direction: options.mode,
        resolve,
        random: options.seed === undefined ? undefined : seededRandom(options.seed + attempt),
        variant: options.variant ?? 0,
        requiredOnly: options.properties
          ? options.properties === "required"
          : options.mode === "request" && options.seed === undefined,
        repairs,
        edges: options.edges,
      });
      const value = walk.run();
      if (value === ANY) return { ok: true, value: undefined };
      if (value === NONE) {
        return {
          ok: false,
          errors: [{ pointer: "", keyword: "none", message: "no value satisfies the schema" }],
        };
      }
      const errors = this.check(schema, value, options.mode, label);
      if (errors.length === 0) {
        const unchecked = this.#validator.rootFlaw(schema);
        return unchecked ? { ok: true, value, unchecked } : { ok: true, value };
      }
      last = { value, errors };
      if (!steer(errors, repairs, failures)) break;
    }
    return { ok: false, ...last };
  }

  /**
   * Up to `count` distinct valid values at the schema's edges (`edges: 1`
   * from seeds 0, 1, 2...): the bounds, the longest and shortest strings,
   * tricky text. Fuzzing tries them first, whatever its own seed.
   */
  edges(schema: unknown, mode: Direction, count: number): unknown[] {
    const seen = new Set<string>();
    const out: unknown[] = [];
    for (let seed = 0; seed < count * 4 && out.length < count; seed++) {
      const made = this.example(schema, { mode, seed, edges: 1 });
      const key = JSON.stringify(made.value);
      if (!made.ok || made.value === undefined || seen.has(key)) continue;
      seen.add(key);
      out.push(made.value);
    }
    return out;
  }

  /**
   * ajv's errors for `value` as a `mode` body ([] when valid). A schema ajv
   * cannot compile checks nothing: `flaws()` names it.
   */
  check(schema: unknown, value: unknown, mode: Direction, label?: string): SchemaError[] {
    return this.#validator.errors(schema, value, mode, label);
  }

  /** Schemas ajv refused so far: shared definitions by name, roots by their label. */
  flaws(): readonly SchemaFlaw[] {
    return this.#validator.flaws();
  }
}

/** Turns a check's errors into repairs for the next attempt; false when nothing new can be tried. */
function steer(
  errors: SchemaError[],
  repairs: Map<string, Repair>,
  failures: Map<string, number>,
): boolean {
  let changed = false;
  const at = (pointer: string): Repair => {
    let repair = repairs.get(pointer);
    if (!repair) repairs.set(pointer, repair = {});
    return repair;
  };
  // A failed anyOf/oneOf reports every branch's errors too: only the choice is steered there.
  const choices = errors.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf")
    .map((e) => e.pointer);
  for (const pointer of new Set(choices)) {
    const repair = at(pointer);
    repair.branch = (repair.branch ?? 0) + 1;
    delete repair.include;
    delete repair.omit;
    for (const [below, other] of repairs) {
      if (below.startsWith(pointer + "/")) repairs.set(below, { noExample: other.noExample });
    }
    changed = true;
  }
  const underChoice = (pointer: string) =>
    choices.some((c) => pointer === c || pointer.startsWith(c + "/") || c === "");
  for (const error of errors) {
    if (underChoice(error.pointer)) {
      // Still: an example of the document's own there is not used again.
      for (const pointer of ancestors(error.pointer)) at(pointer).noExample = true;
      continue;
    }
    // A value that failed twice, if optional, is left out (the walk keeps required ones).
    const count = (failures.get(error.pointer) ?? 0) + 1;
    failures.set(error.pointer, count);
    const slash = error.pointer.lastIndexOf("/");
    if (count >= 2 && slash >= 0) {
      const parent = at(error.pointer.slice(0, slash));
      const name = error.pointer.slice(slash + 1).replace(/~1/g, "/").replace(/~0/g, "~");
      parent.omit ??= new Set();
      if (!parent.omit.has(name)) {
        parent.omit.add(name);
        changed = true;
      }
    }
    // An example or default of the document's own that fails: generated values instead.
    for (const pointer of ancestors(error.pointer)) {
      const repair = at(pointer);
      if (!repair.noExample) changed = repair.noExample = true;
    }
    const repair = at(error.pointer);
    if (error.keyword === "const") {
      repair.branch = (repair.branch ?? 0) + 1;
      changed = true;
    } else if (error.keyword === "required" && error.missing) {
      repair.include ??= new Set();
      if (!repair.include.has(error.missing)) {
        repair.include.add(error.missing);
        changed = true;
      }
    } else if (error.keyword === "uniqueItems") {
      repair.salt = (repair.salt ?? 0) + 7;
      changed = true;
    } else if (error.keyword !== "additionalProperties") {
      // Anything else: other branches above it may hold a value that fits.
      for (const pointer of ancestors(error.pointer).slice(0, -1)) {
        const above = at(pointer);
        above.branch = (above.branch ?? 0) + 1;
      }
      changed = true;
    }
  }
  return changed;
}
