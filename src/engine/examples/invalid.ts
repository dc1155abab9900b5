/**
 * Values a schema refuses, each changed in one place from a valid example:
 * another JSON type, a string too long or too short or off its pattern or
 * enum, a number past a bound or with a fraction, a required property left
 * out, an unexpected one added, an array emptied or given a wrong item. The
 * check (ajv, through the generator) is the oracle: a change is kept only when
 * the value no longer validates, and its first error says what is wrong.
 * Fuzzing's negative cases come from here.
 */
import type { Direction, SchemaError } from "../contract/validator.ts";
import type { ExampleGenerator } from "./mod.ts";
import { intBetween, seededRandom } from "./random.ts";

export interface InvalidValue {
  /** The whole value with the change; undefined: the whole value left out. */
  value: unknown;
  /** Where the change is (a JSON pointer; "" for the whole value). */
  pointer: string;
  /** The JSON Schema keyword the change breaks (`type`, `maximum`, `required`...). */
  keyword: string;
  /** What is wrong, as ajv says it: `must be <= 150`. */
  description: string;
}

/** Changes tried per value before giving up. */
const TRIES = 24;

type Change = { pointer: string; apply: (value: unknown) => unknown; removes?: string };

function escapePointer(part: string): string {
  return part.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Every place in a value, with its pointer: the root first, then depth first. */
function places(value: unknown, pointer = "", out: [string, unknown][] = []): [string, unknown][] {
  out.push([pointer, value]);
  if (out.length > 200) return out;
  if (Array.isArray(value)) value.forEach((item, i) => places(item, `${pointer}/${i}`, out));
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      places(child, `${pointer}/${escapePointer(key)}`, out);
    }
  }
  return out;
}

/**
 * Replacements of one value, those of its own type first (they break
 * `maxLength`, `pattern`, `enum`, bounds, `additionalProperties`...), then
 * values of every other JSON type (they break `type`).
 */
function replacements(value: unknown): unknown[] {
  const types: unknown[] = [12345, "text", null, true, [], {}];
  const others = types.filter((v) =>
    Array.isArray(v)
      ? !Array.isArray(value)
      : typeof v !== typeof value || (v === null) !== (value === null) ||
        Array.isArray(value)
  );
  if (typeof value === "string") {
    return [`${value}-not-in-the-list`, value + "x".repeat(300), "", "!!!", "x", ...others];
  }
  if (typeof value === "number") {
    return [value + 1e9, value - 1e9, value + 0.5, -1, 0, ...others];
  }
  if (Array.isArray(value)) {
    return [[], [...value, ...value], [...value, { unexpected: true }], [null], ...others];
  }
  if (typeof value === "object" && value !== null) return [{ ...value, unexpected: 1 }, ...others];
  return others;
}

/** A copy of `root` with `apply` done at `pointer`. */
function changeAt(root: unknown, pointer: string, apply: (value: unknown) => unknown): unknown {
  if (pointer === "") return apply(root);
  const parts = pointer.slice(1).split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  const copy = (value: unknown, depth: number): unknown => {
    if (depth === parts.length) return apply(value);
    const key = parts[depth];
    if (Array.isArray(value)) {
      return value.map((item, i) => (String(i) === key ? copy(item, depth + 1) : item));
    }
    const record = value as Record<string, unknown>;
    const next = copy(record[key], depth + 1);
    const out = { ...record };
    if (next === REMOVE) delete out[key];
    else out[key] = next;
    return out;
  };
  return copy(root, 0);
}

const REMOVE = Symbol("remove");

/** The base example's places worth breaking: its leaves and inner values, the root last. */
function placesOf(base: unknown): [string, unknown][] {
  const all = places(base);
  return all.length > 1 ? [...all.slice(1), all[0]] : all;
}

/** The first change at `pointer` (replacements in order, then removal) that makes the value invalid. */
function breakAt(
  generator: ExampleGenerator,
  schema: unknown,
  mode: Direction,
  base: unknown,
  pointer: string,
  at: unknown,
  order: (list: Change[]) => Change[],
): InvalidValue | undefined {
  const changes: Change[] = replacements(at).map((replacement) => ({
    pointer,
    apply: () => replacement,
  }));
  if (pointer !== "") changes.push({ pointer, apply: () => REMOVE, removes: pointer });
  for (const change of order(changes)) {
    const value = changeAt(base, change.pointer, change.apply);
    if (value === REMOVE) continue;
    const error = explain(generator.check(schema, value, mode), change);
    if (error) return { value, pointer, keyword: error.keyword, description: error.message };
  }
  return undefined;
}

function baseExample(
  generator: ExampleGenerator,
  schema: unknown,
  mode: Direction,
  seed?: number,
): unknown {
  const valid = generator.example(
    schema,
    seed === undefined ? { mode, properties: "all" } : { mode, seed },
  );
  return valid.ok ? valid.value : generator.example(schema, { mode }).value;
}

/**
 * One invalid value for `schema`, from `seed`: a place of a seeded valid
 * example, then a change there, both drawn; undefined when no change of it
 * makes it invalid (the schema accepts almost anything).
 *
 * @example
 * ```ts
 * import { ExampleGenerator } from "./mod.ts";
 * import { invalidValue } from "./invalid.ts";
 * const schema = { type: "object", required: ["age"], properties: { age: { type: "integer", maximum: 150 } } };
 * const invalid = invalidValue(new ExampleGenerator(), schema, { mode: "request", seed: 1 });
 * invalid !== undefined && new ExampleGenerator().check(schema, invalid.value, "request").length > 0; // true
 * ```
 */
export function invalidValue(
  generator: ExampleGenerator,
  schema: unknown,
  options: { mode: Direction; seed: number },
): InvalidValue | undefined {
  const base = baseExample(generator, schema, options.mode, options.seed);
  if (base === undefined) return undefined;
  const random = seededRandom(options.seed ^ 0x5bd1e995);
  const candidates = placesOf(base);
  const shuffle = (list: Change[]) => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = intBetween(random, 0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  for (let tries = 0; tries < TRIES && candidates.length > 0; tries++) {
    const [[pointer, at]] = candidates.splice(intBetween(random, 0, candidates.length - 1), 1);
    const found = breakAt(generator, schema, options.mode, base, pointer, at, shuffle);
    if (found) return found;
  }
  return undefined;
}

/**
 * One invalid value per place of the schema's example (every optional
 * property in it), each broken by the first change that works in a fixed
 * order: fuzzing tries these before drawing random ones, so every field's
 * `type`, `enum`, bound or pattern is tried once whatever the seed.
 */
export function invalidValues(
  generator: ExampleGenerator,
  schema: unknown,
  options: { mode: Direction; limit: number },
): InvalidValue[] {
  const base = baseExample(generator, schema, options.mode);
  if (base === undefined) return [];
  const out: InvalidValue[] = [];
  for (const [pointer, at] of placesOf(base)) {
    if (out.length >= options.limit) break;
    const found = breakAt(generator, schema, options.mode, base, pointer, at, (list) => list);
    if (found) out.push(found);
  }
  return out;
}

/** The error the change caused: one at its place (or its parent's, for a removal), else the first. */
function explain(errors: SchemaError[], change: Change): SchemaError | undefined {
  if (errors.length === 0) return undefined;
  const parent = change.removes
    ? change.pointer.slice(0, change.pointer.lastIndexOf("/"))
    : undefined;
  return errors.find((e) => e.pointer === change.pointer) ??
    errors.find((e) => parent !== undefined && e.pointer === parent) ?? errors[0];
}
