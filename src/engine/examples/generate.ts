/**
 * One value for a JSON Schema (2020-12, as engine/examples/mod.ts takes it),
 * built to validate: the walk merges `allOf`, picks one branch of `anyOf` and
 * `oneOf`, follows `$ref`s (recursion bounded), and fills each type within its
 * bounds. What it cannot see (a `not`, an `if`, two branches a value matches
 * at once) the checker in mod.ts finds, and the next attempt is steered by
 * `Repairs` at the paths ajv named.
 */
import { MODE_REQUIRED } from "../contract/schema_ids.ts";
import { intBetween } from "./random.ts";
import {
  edgeString,
  fitLength,
  formatValue,
  fromPattern,
  MAX_LENGTH,
  plainString,
} from "./strings.ts";

type Obj = Record<string, unknown>;

/** No value satisfies the schema (or the walk gave up). */
export const NONE: unique symbol = Symbol("none");
/** The schema allows anything; the caller picks. */
export const ANY: unique symbol = Symbol("any");
type Result = unknown | typeof NONE | typeof ANY;

/** What a failed check asks of the next attempt at one instance path (a JSON pointer). */
export interface Repair {
  /** Do not use the schema's `examples`/`default` here or below. */
  noExample?: boolean;
  /** Added to the index of the `anyOf`/`oneOf` branch chosen here. */
  branch?: number;
  /** Properties to include here even when the direction would leave them out. */
  include?: Set<string>;
  /** Varies the values below (distinct array items). */
  salt?: number;
  /** Optional properties to leave out here (their values failed twice). */
  omit?: Set<string>;
}

export interface WalkOptions {
  direction: "request" | "response";
  /** Resolves a `$ref` to its schema; undefined when it names nothing. */
  resolve: (ref: string, root: unknown) => unknown;
  /** A seeded source for varied values; absent: the deterministic example. */
  random?: () => number;
  /** Picks other branches, enum values and numbers, deterministically. */
  variant: number;
  /** Leave out optional properties (requests, when the schema lists required ones). */
  requiredOnly: boolean;
  repairs: Map<string, Repair>;
  /** With `random`: the share of strings and numbers at the edges of what is allowed. */
  edges?: number;
}

/** Levels of nesting after which only what is required is generated. */
const SHALLOW_DEPTH = 12;
/** Levels after which the walk gives up. */
const MAX_DEPTH = 40;
/** Values generated in one example after which only what is required is generated. */
const MAX_NODES = 5000;
/** Schemas visited in one example (retries included) after which the walk gives up. */
const GIVE_UP_NODES = 100_000;
/** The most array items generated, whatever `minItems` says (beyond it: no value). */
const MAX_ITEMS = 1000;

const KNOWN_TYPES = ["object", "array", "string", "integer", "number", "boolean", "null"];

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function escapePointer(part: string): string {
  return part.replace(/~/g, "~0").replace(/\//g, "~1");
}

function typesOf(value: unknown): string[] | undefined {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return strings(value);
  return undefined;
}

/**
 * The property names every closed part (`additionalProperties: false`) of a
 * merged schema allows: in JSON Schema each part judges the whole object, so
 * a property one part adds is extra to a closed other.
 */
const ALLOWED = "\u0000allowed";

/** Keywords `add` follows itself rather than merge: the parts and branches of a schema. */
const COMBINATORS = new Set(["allOf", "anyOf", "oneOf"]);

/**
 * Both schemas at once, keyword by keyword (allOf), but for `allOf`, `anyOf`
 * and `oneOf`, which the caller follows. Branch lists stay lists to choose from.
 */
function mergeInto(out: Obj, own: Obj): void {
  if (own.additionalProperties === false && !isObj(own.patternProperties)) {
    const names = Object.keys(isObj(own.properties) ? own.properties : {});
    const before = out[ALLOWED];
    out[ALLOWED] = Array.isArray(before) ? before.filter((n) => names.includes(n)) : names;
  }
  for (const key in own) {
    if (COMBINATORS.has(key)) continue;
    const value = own[key];
    if (!(key in out)) {
      out[key] = key === "properties" && isObj(value) ? { ...value } : value;
      continue;
    }
    const old = out[key];
    switch (key) {
      case "properties":
        if (isObj(value)) {
          // A `properties` that is no object (a broken document) holds nothing to merge with.
          if (!isObj(old)) out.properties = {};
          const merged = out.properties as Obj;
          for (const [name, schema] of Object.entries(value)) {
            merged[name] = name in merged ? { allOf: [merged[name], schema] } : schema;
          }
        }
        break;
      case "required":
        out.required = [...new Set([...strings(old), ...strings(value)])];
        break;
      case MODE_REQUIRED:
        if (isObj(old) && isObj(value)) {
          out[key] = {
            request: [...strings(old.request), ...strings(value.request)],
            response: [...strings(old.response), ...strings(value.response)],
          };
        }
        break;
      case "type": {
        const a = typesOf(old) ?? KNOWN_TYPES;
        const b = typesOf(value) ?? KNOWN_TYPES;
        const both = a.filter((t) => b.includes(t) || (t === "integer" && b.includes("number")));
        for (const t of b) if (t === "integer" && a.includes("number")) both.push(t);
        if (both.length) out.type = [...new Set(both)];
        break;
      }
      case "enum":
        if (Array.isArray(old) && Array.isArray(value)) {
          const texts = new Set(value.map((v) => JSON.stringify(v)));
          const both = old.filter((v) => texts.has(JSON.stringify(v)));
          if (both.length) out.enum = both;
        }
        break;
      case "minimum":
      case "exclusiveMinimum":
      case "minLength":
      case "minItems":
      case "minProperties":
        if (num(value) !== undefined) out[key] = Math.max(num(old) ?? -Infinity, value as number);
        break;
      case "maximum":
      case "exclusiveMaximum":
      case "maxLength":
      case "maxItems":
      case "maxProperties":
        if (num(value) !== undefined) out[key] = Math.min(num(old) ?? Infinity, value as number);
        break;
      case "multipleOf": {
        const a = num(old), b = num(value);
        if (a && b) out[key] = a % b === 0 ? a : b % a === 0 ? b : a * b;
        break;
      }
      case "items":
      case "additionalProperties":
      case "propertyNames":
      case "contains":
      case "unevaluatedProperties":
        out[key] = old === false || value === false ? false : { allOf: [old, value] };
        break;
      case "uniqueItems":
      case "readOnly":
      case "writeOnly":
        out[key] = old === true || value === true;
        break;
      case "anyOf":
      case "oneOf":
        // Two lists to choose from: the second waits in `allOf` for its own choice.
        out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), { [key]: value }];
        break;
      default:
        break; // first wins: const, format, pattern, examples, default...
    }
  }
}

/** The walk's state at one instance path. */
interface Node {
  path: string;
  /** `$ref`s already followed on the way to this value (recursion). */
  ancestors: string[];
  depth: number;
  salt: number;
}

export class ExampleWalk {
  #options: WalkOptions;
  #root: unknown;
  #nodes = 0;

  constructor(root: unknown, options: WalkOptions) {
    this.#root = root;
    this.#options = options;
  }

  /** The value for the root schema. */
  run(): Result {
    return this.#value(this.#root, { path: "", ancestors: [], depth: 0, salt: 0 });
  }

  /** An index in [0, count): the seeded source's, else the variant's, shifted by repairs. */
  #choose(count: number, node: Node, shift = 0): number {
    const repair = this.#options.repairs.get(node.path)?.branch ?? 0;
    const base = this.#options.random
      ? Math.floor(this.#options.random() * count)
      : this.#options.variant + node.salt;
    return (base + shift + repair) % count;
  }

  /**
   * The schema at a node with `$ref`s followed, `allOf` merged and one branch
   * of each `anyOf`/`oneOf` taken; false when nothing can match.
   */
  #flatten(
    schema: unknown,
    node: Node,
    refs: string[],
    shift: number,
    counter: { choices: number },
  ): Obj | false {
    const out: Obj = {};
    const add = (part: unknown, guard: string[]): boolean => {
      if (part === false) return false;
      if (!isObj(part)) return true;
      if (typeof part.$ref === "string") {
        const ref = part.$ref;
        if (guard.includes(ref)) return true; // allOf back to itself adds nothing new
        const target = this.#options.resolve(ref, this.#root);
        refs.push(ref);
        if (target !== undefined && !add(target, [...guard, ref])) return false;
        if (Object.keys(part).length === 1) return true;
        const { $ref: _, ...siblings } = part;
        return add(siblings, guard);
      }
      const { allOf, anyOf, oneOf } = part;
      mergeInto(out, part);
      if (Array.isArray(allOf)) {
        for (const item of allOf) if (!add(item, guard)) return false;
      }
      for (const list of [anyOf, oneOf]) {
        if (!Array.isArray(list) || list.length === 0) continue;
        // A branch that is only `null` is the last choice (nullable written as anyOf).
        const order = [
          ...list.filter((b) => !isNullOnly(b)),
          ...list.filter((b) => isNullOnly(b)),
        ];
        if (order.length > 1) counter.choices++;
        // From the chosen index on, the first branch that does not contradict what is known.
        const start = this.#choose(order.length, node, shift);
        let pick = order[start];
        for (let i = 0; i < order.length; i++) {
          const candidate = order[(start + i) % order.length];
          if (this.#fits(out, candidate)) {
            pick = candidate;
            break;
          }
        }
        if (!add(pick, guard)) return false;
      }
      return true;
    };
    return add(schema, []) ? out : false;
  }

  /**
   * Whether a branch can hold together with the keywords merged so far: its
   * own const, enum and type (a `$ref` followed) against theirs. Shallow on
   * purpose: it only steers the choice; the check judges the value.
   */
  #fits(merged: Obj, branch: unknown, depth = 0): boolean {
    if (branch === false) return false;
    if (!isObj(branch) || depth > 8) return true;
    if (typeof branch.$ref === "string") {
      if (!this.#fits(merged, this.#options.resolve(branch.$ref, this.#root), depth + 1)) {
        return false;
      }
    }
    const allowed = Array.isArray(merged.enum)
      ? merged.enum.map((v) => JSON.stringify(v))
      : "const" in merged
      ? [JSON.stringify(merged.const)]
      : undefined;
    const values = "const" in branch
      ? [branch.const]
      : Array.isArray(branch.enum)
      ? branch.enum
      : undefined;
    if (allowed && values && !values.some((v) => allowed.includes(JSON.stringify(v)))) {
      return false;
    }
    const types = typesOf(merged.type);
    const own = typesOf(branch.type);
    if (types && own) {
      const overlap = own.some((t) =>
        types.includes(t) || (t === "integer" && types.includes("number")) ||
        (t === "number" && types.includes("integer"))
      );
      if (!overlap) return false;
    }
    return true;
  }

  #value(schema: unknown, node: Node): Result {
    if (schema === false) return NONE;
    if (schema === true || schema === undefined) return ANY;
    if (node.depth > MAX_DEPTH || this.#nodes > GIVE_UP_NODES) return NONE;
    // A branch that leads nowhere (recursion without end, say): the next branches, a few.
    for (let shift = 0; shift < 4; shift++) {
      const counter = { choices: 0 };
      const value = this.#valueWith(schema, node, shift, counter);
      if (value !== NONE || counter.choices === 0) return value;
    }
    return NONE;
  }

  #valueWith(schema: unknown, node: Node, shift: number, counter: { choices: number }): Result {
    const refs: string[] = [];
    const flat = this.#flatten(schema, node, refs, shift, counter);
    if (flat === false) return NONE;
    // A schema reached again below itself: only what is required, and not forever.
    let repeats = 0;
    for (const ref of refs) {
      let seen = 0;
      for (const ancestor of node.ancestors) if (ancestor === ref) seen++;
      if (seen > repeats) repeats = seen;
    }
    if (repeats >= 3) return NONE;
    const shallow = repeats > 0 || node.depth > SHALLOW_DEPTH || ++this.#nodes > MAX_NODES;
    const below: Node = {
      ...node,
      ancestors: refs.length ? [...node.ancestors, ...refs] : node.ancestors,
    };
    const repair = this.#options.repairs.get(node.path);
    if (repair?.salt) below.salt += repair.salt;

    if ("const" in flat) {
      const allowed = Array.isArray(flat.enum) ? flat.enum.map((v) => JSON.stringify(v)) : [];
      return allowed.length && !allowed.includes(JSON.stringify(flat.const)) ? NONE : flat.const;
    }
    const examples = Array.isArray(flat.examples) ? flat.examples : [];
    if (!this.#noExample(node.path) && !this.#options.random && node.salt === 0) {
      if (examples.length) return examples[this.#options.variant % examples.length];
      if (flat.default !== undefined) return flat.default;
    }
    if (Array.isArray(flat.enum) && flat.enum.length) {
      const values = [
        ...flat.enum.filter((v) => v !== null),
        ...flat.enum.filter((v) => v === null),
      ];
      return values[this.#choose(values.length, below)];
    }
    switch (this.#typeOf(flat, below)) {
      case "object":
        return this.#object(flat, below, shallow);
      case "array":
        return this.#array(flat, below, shallow);
      case "string":
        return this.#string(flat, below);
      case "integer":
        return this.#number(flat, below, true);
      case "number":
        return this.#number(flat, below, false);
      case "boolean":
        return this.#options.random ? this.#options.random() < 0.5 : (below.salt % 2) === 0;
      case "null":
        return null;
      default:
        return ANY;
    }
  }

  #noExample(path: string): boolean {
    for (const [at, repair] of this.#options.repairs) {
      if (repair.noExample && (path === at || path.startsWith(at + "/") || at === "")) return true;
    }
    return false;
  }

  /** The type to generate: declared (not null when another is allowed), else inferred. */
  #typeOf(flat: Obj, node: Node): string | undefined {
    const type = flat.type;
    if (typeof type === "string" && type !== "null" && KNOWN_TYPES.includes(type)) {
      this.#choose(1, node); // as for a list of one: a seeded source still draws
      return type;
    }
    const declared = typesOf(type)?.filter((t) => KNOWN_TYPES.includes(t));
    if (declared && declared.length) {
      const other = declared.filter((t) => t !== "null");
      if (other.length === 0) return "null";
      if (this.#options.random && declared.includes("null") && this.#options.random() < 0.1) {
        return "null";
      }
      return other[this.#choose(other.length, node)];
    }
    if (
      isObj(flat.properties) || "required" in flat || "additionalProperties" in flat ||
      "patternProperties" in flat || "minProperties" in flat
    ) return "object";
    if ("items" in flat || "prefixItems" in flat || "minItems" in flat || "contains" in flat) {
      return "array";
    }
    if ("pattern" in flat || "minLength" in flat || "maxLength" in flat || "format" in flat) {
      return formatValue(flat.format, 0) === undefined && "format" in flat &&
          !("pattern" in flat || "minLength" in flat || "maxLength" in flat)
        ? undefined
        : "string";
    }
    if (
      "minimum" in flat || "maximum" in flat || "exclusiveMinimum" in flat ||
      "exclusiveMaximum" in flat || "multipleOf" in flat
    ) return "number";
    return undefined;
  }

  /** Whether a property is readOnly or writeOnly, through refs and allOf (a few levels). */
  #access(schema: unknown, depth = 0): "readOnly" | "writeOnly" | undefined {
    if (!isObj(schema) || depth > 8) return undefined;
    if (schema.readOnly === true) return "readOnly";
    if (schema.writeOnly === true) return "writeOnly";
    if (typeof schema.$ref === "string") {
      const found = this.#access(this.#options.resolve(schema.$ref, this.#root), depth + 1);
      if (found) return found;
    }
    for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
      const found = this.#access(part, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  #object(flat: Obj, node: Node, shallow: boolean): Result {
    const { direction, random } = this.#options;
    const properties = isObj(flat.properties) ? flat.properties : {};
    const directed = isObj(flat[MODE_REQUIRED]) ? flat[MODE_REQUIRED] as Obj : {};
    const required = new Set([...strings(flat.required), ...strings(directed[direction])]);
    const include = this.#options.repairs.get(node.path)?.include;
    const max = num(flat.maxProperties) ?? Infinity;
    const out: Obj = {};
    const child = (name: string, schema: unknown): Result =>
      this.#value(schema, {
        ...node,
        path: `${node.path}/${escapePointer(name)}`,
        depth: node.depth + 1,
      });
    const allowed = Array.isArray(flat[ALLOWED]) ? new Set(flat[ALLOWED] as string[]) : undefined;
    const omit = this.#options.repairs.get(node.path)?.omit;
    const optional: [string, unknown][] = [];
    for (const [name, schema] of Object.entries(properties)) {
      const forced = include?.has(name) === true;
      if (allowed && !allowed.has(name) && !required.has(name) && !forced) continue;
      if (!forced) {
        const access = this.#access(schema);
        if (direction === "request" && access === "readOnly") continue;
        if (direction === "response" && access === "writeOnly") continue;
      }
      if (!required.has(name) && !forced) {
        optional.push([name, schema]);
        continue;
      }
      const value = child(name, schema);
      if (value === NONE) return NONE;
      out[name] = value === ANY ? "string" : value;
    }
    const extra = flat.additionalProperties;
    for (const name of [...required, ...(include ?? [])]) {
      if (name in out || name in properties) continue;
      const value = child(name, isObj(extra) ? extra : {});
      if (value === NONE) return NONE;
      out[name] = value === ANY ? "string" : value;
    }
    const min = num(flat.minProperties) ?? 0;
    const wantOptional = !shallow && !(this.#options.requiredOnly && required.size > 0);
    let count = Object.keys(out).length; // kept as names are added: objects may have hundreds
    for (const [name, schema] of optional) {
      if (omit?.has(name)) continue;
      if (count >= max) break;
      if (count >= min && (!wantOptional || (random && random() < 0.5))) continue;
      const value = child(name, schema);
      if (value !== NONE && value !== ANY) {
        out[name] = value;
        if (Object.hasOwn(out, name)) count++; // not so for `__proto__`
      }
    }
    // A map (no named properties): one entry shows its values' shape.
    const mapEntry = extra !== false && Object.keys(properties).length === 0 &&
      isObj(extra) && Object.keys(extra).length > 0 && !shallow;
    for (
      let n = 1;
      Object.keys(out).length < max && (Object.keys(out).length < min || mapEntry);
      n++
    ) {
      if (extra === false || n > Math.max(min, 1) + 1) break;
      const name = this.#propertyName(flat.propertyNames, n, node);
      if (name === undefined || name in out) break;
      const value = child(name, isObj(extra) ? extra : {});
      if (value === NONE) break;
      out[name] = value === ANY ? "string" : value;
      if (Object.keys(out).length >= min && mapEntry) break;
    }
    return out;
  }

  #propertyName(schema: unknown, n: number, node: Node): string | undefined {
    if (schema === undefined) return `additionalProp${n}`;
    const name = this.#value(schema, {
      ...node,
      path: node.path,
      salt: node.salt + n - 1,
      depth: node.depth + 1,
    });
    return typeof name === "string" ? name : name === ANY ? `additionalProp${n}` : undefined;
  }

  #array(flat: Obj, node: Node, shallow: boolean): Result {
    const random = this.#options.random;
    const prefix = Array.isArray(flat.prefixItems) ? flat.prefixItems : [];
    const items = flat.items;
    const min = num(flat.minItems) ?? 0;
    const max = num(flat.maxItems) ?? Infinity;
    if (min > MAX_ITEMS) return NONE;
    let count = shallow ? min : random ? min + intBetween(random, 0, 2) : Math.max(min, 1);
    if (!shallow) count = Math.max(count, prefix.length);
    if (items === false) count = Math.min(count, Math.max(prefix.length, min));
    if (items === undefined && prefix.length === 0) count = min;
    count = Math.min(count, max);
    const unique = flat.uniqueItems === true;
    const out: unknown[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      let schema = i < prefix.length ? prefix[i] : items;
      if (i === 0 && flat.contains !== undefined) schema = { allOf: [schema ?? {}, flat.contains] };
      let value: Result = NONE;
      // Distinct items come from distinct salts; a few tries, then fewer items.
      for (let attempt = 0; attempt < (unique ? 8 : 1); attempt++) {
        value = this.#value(schema, {
          ...node,
          path: `${node.path}/${i}`,
          depth: node.depth + 1,
          salt: node.salt + (unique ? i + attempt * count : 0),
        });
        if (value === ANY) value = unique ? i + attempt * count : "string";
        if (value === NONE || !unique || !seen.has(JSON.stringify(value))) break;
      }
      if (value === NONE || (unique && seen.has(JSON.stringify(value)))) {
        if (i < min) return NONE;
        break;
      }
      seen.add(JSON.stringify(value));
      out.push(value);
    }
    return out;
  }

  #string(flat: Obj, node: Node): Result {
    const random = this.#options.random;
    const min = num(flat.minLength) ?? 0;
    const max = num(flat.maxLength) ?? Infinity;
    if (min > max) return NONE;
    const pick = (from: number, to: number) =>
      random ? intBetween(random, from, to) : Math.min(to, from + (node.salt ? 1 : 0));
    if (typeof flat.pattern === "string") {
      // Shortest first; longer and varied tries when the length does not fit.
      for (let attempt = 0; attempt < 6; attempt++) {
        const text = fromPattern(
          flat.pattern,
          attempt === 0
            ? pick
            : (from, to) => from + ((to - from + attempt + node.salt) % (to - from + 1)),
        );
        if (text === undefined) break;
        const length = [...text].length;
        if (length >= min && length <= max) return text;
      }
    }
    const format = formatValue(flat.format, node.salt + (random ? intBetween(random, 0, 99) : 0));
    if (format !== undefined && format.length >= min && format.length <= max) return format;
    if (max < 1) return "";
    if (this.#edge()) return edgeString(random!, min, max);
    return fitLength(plainString(node.salt, random), min, Math.min(max, MAX_LENGTH * 64));
  }

  /** Whether this value goes to an edge (with the share of values asked for). */
  #edge(): boolean {
    const share = this.#options.edges ?? 0;
    return share > 0 && this.#options.random !== undefined && this.#options.random() < share;
  }

  #number(flat: Obj, node: Node, integer: boolean): Result {
    const random = this.#options.random;
    const step = num(flat.multipleOf) && (flat.multipleOf as number) > 0
      ? flat.multipleOf as number
      : undefined;
    const unit = integer ? 1 : step ?? 1;
    let low = num(flat.minimum) ?? -Infinity;
    let high = num(flat.maximum) ?? Infinity;
    const exclusiveLow = num(flat.exclusiveMinimum);
    const exclusiveHigh = num(flat.exclusiveMaximum);
    if (exclusiveLow !== undefined && exclusiveLow >= low) {
      low = integer ? Math.floor(exclusiveLow) + 1 : exclusiveLow + Math.min(unit, 1) / 2;
    }
    if (exclusiveHigh !== undefined && exclusiveHigh <= high) {
      high = integer ? Math.ceil(exclusiveHigh) - 1 : exclusiveHigh - Math.min(unit, 1) / 2;
    }
    if (integer) {
      low = Math.ceil(low);
      high = Math.floor(high);
    }
    if (low > high) return NONE;
    let value: number;
    if (this.#edge()) {
      value = edgeNumber(random!, low, high, integer);
    } else if (random) {
      const from = Number.isFinite(low) ? low : Number.isFinite(high) ? high - 1000 : 0;
      const to = Number.isFinite(high) ? Math.min(high, from + 1000) : from + 1000;
      value = integer || step
        ? intBetween(random, Math.ceil(from), Math.floor(to))
        : from + random() * (to - from);
    } else {
      value = Number.isFinite(low) ? low : high < 0 ? high : 0;
      value += (node.salt + this.#options.variant) * (step ?? 1);
    }
    if (step) {
      // The nearest multiple at or above the value; for integers, one that is whole.
      let k = Math.ceil(value / step - 1e-9);
      for (let tries = 0; tries < 1000; tries++, k++) {
        const candidate = Number((k * step).toPrecision(15));
        if (!integer || Number.isInteger(candidate)) {
          value = candidate;
          break;
        }
      }
    }
    if (value > high) value = high; // a salt or variant past the top: the top
    if (integer) value = Math.round(value);
    return value;
  }
}

/** Integer limits of common storage: where off-by-one and overflow bugs live. */
const INTEGER_EDGES = [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 2 ** 53 - 1, -(2 ** 53 - 1)];
const NUMBER_EDGES = [0, -1, 0.5, 1e308, -1e308, 5e-324];

/** A bound, one step inside a bound, or a storage limit within [low, high]. */
function edgeNumber(random: () => number, low: number, high: number, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  const candidates = [
    low,
    high,
    low + step,
    high - step,
    ...(integer ? INTEGER_EDGES : NUMBER_EDGES),
  ].filter((n) => Number.isFinite(n) && n >= low && n <= high);
  return candidates.length ? candidates[intBetween(random, 0, candidates.length - 1)] : low;
}

function isNullOnly(schema: unknown): boolean {
  return isObj(schema) && (schema.type === "null" ||
    (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null));
}
