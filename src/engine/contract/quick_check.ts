/**
 * A first pass before ajv that proves values valid without compiling
 * anything. `import openapi` checks about 3,600 bodies against GitHub's
 * schemas, and compiling the validators they reach was most of the import;
 * nine checks in ten pass, and only the others need ajv's compiled code (for
 * its errors).
 *
 * Each keyword gives `VALID`, `INVALID` or `UNSURE`, and the first two must be
 * exactly ajv's verdict with the options of `SharedSchemaValidator`
 * (engine/compare/schema_options.ts): anything not modelled here is `UNSURE`,
 * and the caller asks ajv. A keyword ajv knows and this pass does not (`if`,
 * `contains`, `unevaluatedProperties`...) is `UNSURE`; one ajv does not know is
 * ignored, as ajv ignores it (`strict: false`).
 *
 * ajv refuses some schemas (a flaw: named in a warning, then anything passes
 * there), and it finds them as values reach them. So that no flaw goes
 * unnamed, a schema is only interpreted here once it is audited (`#audit`):
 * each keyword's value has the shape the draft 2020-12 meta-schema requires
 * (or a stricter one), patterns compile, formats are ajv's, and none of the
 * keywords ajv compiles with conditions of its own is there (`$id`, `id`,
 * `nullable`, local `$ref`s, an empty `enum`...); any other schema is left to
 * ajv. And like ajv, an `anyOf` stops at the first branch that passes, so this
 * pass reaches what ajv would.
 */
import { DEFINITIONS_PREFIX, type Direction, MODE_REQUIRED } from "./schema_ids.ts";

export const INVALID = 0;
export const VALID = 1;
export const UNSURE = 2;
export type Verdict = typeof INVALID | typeof VALID | typeof UNSURE;

type Obj = Record<string, unknown>;

/** What the pass needs from the validator it runs before. */
export interface QuickCheckSource {
  /** A shared definition by name (undefined: unknown so far). */
  definition(name: string): unknown;
  /** Whether ajv already refused this definition (by name) or this schema object. */
  refused(nameOrSchema: string | object): boolean;
  /** ajv's formats: a RegExp, a function, `true`, or `{type, validate, async}`. */
  formats: Record<string, unknown>;
  /** Every keyword ajv implements with code (its `RULES.all`). */
  keywords: Record<string, unknown>;
  /** ajv's pattern engine: the same tester ajv would build (throws where ajv's compile would). */
  pattern(source: string): { test(text: string): boolean };
}

/** The types JSON Schema names. */
const SIMPLE_TYPES = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);

/** Keywords ajv reads outside its rules (ids, anchors, async schemas...): schemas holding them are its alone. */
const LEFT_TO_AJV = new Set([
  "$id",
  "$anchor",
  "$vocabulary",
  "$async",
  "nullable",
  "discriminator",
]);

/** Nested schemas followed at most; deeper is ajv's to decide. */
const MAX_DEPTH = 200;

const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** ajv's string length: code points (a surrogate pair counts once). */
function ucs2length(text: string): number {
  let length = 0;
  for (let pos = 0; pos < text.length; length++) {
    const code = text.charCodeAt(pos++);
    if (code >= 0xd800 && code <= 0xdbff && pos < text.length) {
      if ((text.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}

/** fast-deep-equal, which ajv uses for enum, const and uniqueItems, on JSON values. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => equal(item, other[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && equal((a as Obj)[key], (b as Obj)[key]));
}

/**
 * The verdict of two parts of one value's check. UNSURE wins: ajv, which then
 * checks the value, may find a flaw in what was unsure.
 */
function both(a: Verdict, b: Verdict): Verdict {
  return a === UNSURE || b === UNSURE ? UNSURE : a === INVALID || b === INVALID ? INVALID : VALID;
}

function typeOk(type: unknown, data: unknown): Verdict {
  switch (type) {
    case "null":
      return data === null ? VALID : INVALID;
    case "boolean":
      return typeof data === "boolean" ? VALID : INVALID;
    case "string":
      return typeof data === "string" ? VALID : INVALID;
    case "number":
      return typeof data === "number" ? VALID : INVALID;
    case "integer":
      return typeof data === "number" && !(data % 1) && !isNaN(data) ? VALID : INVALID;
    case "array":
      return Array.isArray(data) ? VALID : INVALID;
    case "object":
      return isObj(data) ? VALID : INVALID;
  }
  return UNSURE;
}

export class QuickCheck {
  #source: QuickCheckSource;
  /** Schema object → whether it (and what it holds, up to shared refs) may be interpreted. */
  #audited = new WeakMap<object, boolean>();
  #patterns = new Map<string, { test(text: string): boolean } | null>();
  #direction: Direction = "response";
  #depth = 0;

  constructor(source: QuickCheckSource) {
    this.#source = source;
  }

  /** Whether `value` is surely valid against `root` as a `direction` body. */
  verdict(root: unknown, value: unknown, direction: Direction): Verdict {
    this.#direction = direction;
    if (isObj(root) && this.#source.refused(root)) return UNSURE;
    return this.#unit(root, value);
  }

  /**
   * For a value found INVALID: `root` with every part that is valid wherever
   * it applies replaced by `true`, and shared refs standing alone replaced by
   * their definitions, reduced alike. ajv gives the same errors for it (what
   * it drops produced none), and compiles it in a fraction of the time: only
   * the paths to what fails. For the value `verdict` has just found INVALID.
   */
  reduced(root: unknown, value: unknown): unknown {
    const out = this.#reduce(root, [value]);
    return isObj(out) ? out : undefined;
  }

  #reduce(schema: unknown, values: unknown[]): unknown {
    if (!isObj(schema)) return schema;
    if (values.every((value) => this.#schema(schema, value) === VALID)) return true;
    const keys = Object.keys(schema);
    if (keys.length === 1 && typeof schema.$ref === "string") {
      return this.#reduce(
        this.#source.definition(schema.$ref.slice(DEFINITIONS_PREFIX.length)),
        values,
      );
    }
    const objects = values.filter(isObj);
    const arrays = values.filter(Array.isArray);
    const out: Obj = {};
    for (const key of keys) {
      const value = schema[key];
      switch (key) {
        case "properties":
          out[key] = this.#reduceMap(
            value as Obj,
            (name) => objects.map((data) => data[name]).filter((item) => item !== undefined),
          );
          break;
        case "patternProperties":
          out[key] = this.#reduceMap(value as Obj, (pattern) => {
            const tester = this.#pattern(pattern)!;
            return objects.flatMap((data) =>
              Object.keys(data).filter((name) => tester.test(name)).map((name) => data[name])
            );
          });
          break;
        case "additionalProperties":
          out[key] = this.#reduce(value, objects.flatMap((data) => this.#extra(schema, data)));
          break;
        case "propertyNames":
          out[key] = this.#reduce(value, objects.flatMap((data) => Object.keys(data)));
          break;
        case "items":
          // uniqueItems' search for duplicates depends on the item schema's types: kept whole.
          out[key] = schema.uniqueItems === true ? value : this.#reduce(
            value,
            arrays.flatMap((data) =>
              data.slice(Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0)
            ),
          );
          break;
        case "prefixItems":
          out[key] = (value as unknown[]).map((part, i) =>
            this.#reduce(part, arrays.filter((data) => data.length > i).map((data) => data[i]))
          );
          break;
        case "allOf":
        case "anyOf":
        case "oneOf":
          out[key] = (value as unknown[]).map((part) => this.#reduce(part, values));
          break;
        case "not":
          out[key] = this.#reduce(value, values);
          break;
        default:
          out[key] = value;
      }
    }
    return out;
  }

  #reduceMap(map: Obj, instances: (name: string) => unknown[]): Obj {
    const out: Obj = {};
    for (const name of Object.keys(map)) out[name] = this.#reduce(map[name], instances(name));
    return out;
  }

  /** The values of an object's names that `additionalProperties` judges. */
  #extra(schema: Obj, data: Obj): unknown[] {
    const properties = isObj(schema.properties) ? schema.properties : {};
    const patterns = isObj(schema.patternProperties)
      ? Object.keys(schema.patternProperties).map((p) => this.#pattern(p)!)
      : [];
    return Object.keys(data)
      .filter((name) => !Object.hasOwn(properties, name) && !patterns.some((p) => p.test(name)))
      .map((name) => data[name]);
  }

  /** A schema ajv compiles as a unit of its own (a root, a definition): audited first. */
  #unit(schema: unknown, data: unknown): Verdict {
    if (typeof schema === "boolean") return schema ? VALID : INVALID;
    if (!isObj(schema)) return UNSURE;
    let audited = this.#audited.get(schema);
    if (audited === undefined) {
      audited = this.#audit(schema, true);
      this.#audited.set(schema, audited);
    }
    return audited ? this.#schema(schema, data) : UNSURE;
  }

  /**
   * Whether ajv surely compiles `schema` and everything it holds (up to shared
   * refs, units of their own): each keyword's value has the shape the draft
   * 2020-12 meta-schema requires, or stricter, and nothing ajv compiles with
   * conditions of its own. Anything else is left to ajv, which names the flaw.
   */
  #audit(schema: unknown, top = false): boolean {
    if (typeof schema === "boolean") return true;
    if (!isObj(schema)) return false;
    for (const key in schema) {
      if (!this.#auditKeyword(key, schema[key], top)) return false;
    }
    return true;
  }

  #auditKeyword(key: string, value: unknown, top: boolean): boolean {
    switch (key) {
      case "$ref":
        // A shared definition's name, as the OpenAPI converter writes them (a valid URI).
        return typeof value === "string" && value.startsWith(DEFINITIONS_PREFIX) &&
          /^[\w.-]+$/.test(value.slice(DEFINITIONS_PREFIX.length));
      case "$schema":
        return top && (value === DRAFT_2020 || value === `${DRAFT_2020}#`);
      case "type":
        return typeof value === "string"
          ? SIMPLE_TYPES.has(value)
          : Array.isArray(value) && value.length > 0 &&
            value.every((type, i) => SIMPLE_TYPES.has(type) && value.indexOf(type) === i);
      case "enum":
        return Array.isArray(value) && value.length > 0;
      case "const":
      case "default":
        return true;
      case "examples":
        return Array.isArray(value);
      case "title":
      case "description":
      case "$comment":
      case "contentMediaType":
      case "contentEncoding":
        return typeof value === "string";
      case "deprecated":
      case "readOnly":
      case "writeOnly":
      case "uniqueItems":
        return typeof value === "boolean";
      case "multipleOf":
        return typeof value === "number" && value > 0;
      case "minimum":
      case "maximum":
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        return typeof value === "number" && isFinite(value);
      case "minLength":
      case "maxLength":
      case "minItems":
      case "maxItems":
      case "minProperties":
      case "maxProperties":
        return Number.isInteger(value) && (value as number) >= 0;
      case "pattern":
        return typeof value === "string" && this.#pattern(value) !== null;
      case "format":
        return typeof value === "string" && this.#knownFormat(value);
      case "required":
        return Array.isArray(value) &&
          value.every((name, i) => typeof name === "string" && value.indexOf(name) === i);
      case MODE_REQUIRED:
        return isObj(value);
      case "items":
      case "additionalProperties":
      case "propertyNames":
      case "not":
        return this.#audit(value);
      case "prefixItems":
      case "allOf":
      case "anyOf":
      case "oneOf":
        return Array.isArray(value) && value.length > 0 && value.every((part) => this.#audit(part));
      case "properties":
      case "$defs":
      case "definitions":
        // ajv leaves a `__proto__` name out of its lists: such a schema is its alone.
        return isObj(value) && !Object.hasOwn(value, "__proto__") &&
          Object.values(value).every((part) => this.#audit(part));
      case "patternProperties":
        return isObj(value) && !Object.hasOwn(value, "__proto__") &&
          Object.entries(value).every(([pattern, part]) =>
            this.#pattern(pattern) !== null && this.#audit(part)
          );
    }
    // Other keywords ajv knows are its to check (`if`, `contains`, `$id`, `nullable`...);
    // ones it does not know it ignores (`strict: false`), and so does this pass.
    return !Object.hasOwn(this.#source.keywords, key) && !LEFT_TO_AJV.has(key);
  }

  /** Whether a `properties` map names something every object inherits (`constructor`...). */
  #inheritedNames(properties: Obj): boolean {
    let found = this.#inherits.get(properties);
    if (found === undefined) {
      found = Object.keys(properties).some((name) => name in Object.prototype);
      this.#inherits.set(properties, found);
    }
    return found;
  }
  #inherits = new WeakMap<Obj, boolean>();

  /** A format ajv has (an own entry, not `constructor`), and checks synchronously. */
  #knownFormat(name: string): boolean {
    const format = Object.hasOwn(this.#source.formats, name) ? this.#source.formats[name] : false;
    return format !== undefined && format !== false &&
      !(isObj(format) && !(format instanceof RegExp) && format.async === true);
  }

  /**
   * The tester ajv would use for a pattern; null when ajv would refuse it (the
   * meta-schema's `regex` format, or its compile).
   */
  #pattern(source: string): { test(text: string): boolean } | null {
    let tester = this.#patterns.get(source);
    if (tester === undefined) {
      try {
        if (/[^\\]\\Z/.test(source)) throw new Error("\\Z");
        new RegExp(source);
        tester = this.#source.pattern(source);
      } catch {
        tester = null;
      }
      this.#patterns.set(source, tester);
    }
    return tester;
  }

  #schema(schema: unknown, data: unknown): Verdict {
    if (typeof schema === "boolean") return schema ? VALID : INVALID;
    if (!isObj(schema) || this.#source.refused(schema)) return UNSURE;
    // Deep values are left to ajv rather than risk this stack.
    if (this.#depth >= MAX_DEPTH) return UNSURE;
    this.#depth++;
    try {
      let verdict: Verdict = VALID;
      for (const key in schema) {
        verdict = both(verdict, this.#keyword(key, schema[key], schema, data));
      }
      return verdict;
    } finally {
      this.#depth--;
    }
  }

  #keyword(key: string, value: unknown, schema: Obj, data: unknown): Verdict {
    switch (key) {
      case "$ref": {
        const name = (value as string).slice(DEFINITIONS_PREFIX.length);
        const definition = this.#source.definition(name);
        if (definition === undefined || this.#source.refused(name)) return UNSURE;
        return this.#unit(definition, data);
      }
      case "type":
        if (Array.isArray(value)) {
          let verdict: Verdict = INVALID;
          for (const type of value) {
            const one = typeOk(type, data);
            if (one === VALID) return VALID;
            if (one === UNSURE) verdict = UNSURE;
          }
          return verdict;
        }
        return typeOk(value, data);
      case "enum":
        return (value as unknown[]).some((option) => equal(data, option)) ? VALID : INVALID;
      case "const":
        return equal(data, value) ? VALID : INVALID;
      case "allOf": {
        let verdict: Verdict = VALID;
        for (const part of value as unknown[]) {
          verdict = both(verdict, this.#schema(part, data));
        }
        return verdict;
      }
      case "anyOf": {
        // Ajv2020 tracks evaluated properties, so it runs every branch, not up to the first that passes.
        let passing = false;
        let unsure = false;
        for (const branch of value as unknown[]) {
          const verdict = this.#schema(branch, data);
          if (verdict === UNSURE) unsure = true;
          if (verdict === VALID) passing = true;
        }
        return unsure ? UNSURE : passing ? VALID : INVALID;
      }
      case "oneOf": {
        let passing = 0;
        let unsure = false;
        for (const branch of value as unknown[]) {
          const verdict = this.#schema(branch, data);
          if (verdict === UNSURE) unsure = true;
          if (verdict === VALID) passing++;
        }
        return unsure ? UNSURE : passing === 1 ? VALID : INVALID;
      }
      case "not": {
        const verdict = this.#schema(value, data);
        return verdict === UNSURE ? UNSURE : verdict === VALID ? INVALID : VALID;
      }
    }
    if (typeof data === "string") return this.#string(key, value, data);
    if (typeof data === "number") return isFinite(data) ? this.#number(key, value, data) : UNSURE;
    if (Array.isArray(data)) return this.#array(key, value, schema, data);
    if (isObj(data)) return this.#object(key, value, schema, data);
    return VALID; // null and booleans: only type, enum, const and the combinators apply
  }

  #string(key: string, value: unknown, data: string): Verdict {
    switch (key) {
      case "minLength":
        return ucs2length(data) < (value as number) ? INVALID : VALID;
      case "maxLength":
        return ucs2length(data) > (value as number) ? INVALID : VALID;
      case "pattern": {
        const tester = this.#pattern(value as string);
        return tester === null ? UNSURE : tester.test(data) ? VALID : INVALID;
      }
      case "format":
        return this.#format(value as string, "string", data);
    }
    return VALID;
  }

  #number(key: string, value: unknown, data: number): Verdict {
    const limit = value as number;
    switch (key) {
      case "minimum":
        return data < limit ? INVALID : VALID;
      case "maximum":
        return data > limit ? INVALID : VALID;
      case "exclusiveMinimum":
        return data <= limit ? INVALID : VALID;
      case "exclusiveMaximum":
        return data >= limit ? INVALID : VALID;
      case "multipleOf": {
        // ajv's own test (no multipleOfPrecision).
        const ratio = data / limit;
        return limit === 0 || ratio !== parseInt(String(ratio)) ? INVALID : VALID;
      }
      case "format":
        return this.#format(value as string, "number", data);
    }
    return VALID;
  }

  #format(name: string, type: "string" | "number", data: string | number): Verdict {
    if (!this.#knownFormat(name)) return UNSURE;
    const format = this.#source.formats[name];
    if (format === true) return VALID;
    let check: unknown = format;
    let formatType = "string";
    if (typeof format === "object" && !(format instanceof RegExp)) {
      const definition = format as { type?: string; validate?: unknown; async?: boolean };
      formatType = definition.type ?? "string";
      check = definition.validate;
    }
    if (formatType !== type) return VALID;
    if (typeof check === "function") return check(data) ? VALID : INVALID;
    if (check instanceof RegExp) return check.test(data as string) ? VALID : INVALID;
    return UNSURE;
  }

  #array(key: string, value: unknown, schema: Obj, data: unknown[]): Verdict {
    switch (key) {
      case "minItems":
        return data.length < (value as number) ? INVALID : VALID;
      case "maxItems":
        return data.length > (value as number) ? INVALID : VALID;
      case "uniqueItems":
        if (value !== true) return VALID;
        for (let i = 0; i < data.length; i++) {
          for (let j = 0; j < i; j++) if (equal(data[i], data[j])) return INVALID;
        }
        return VALID;
      case "prefixItems": {
        let verdict: Verdict = VALID;
        const parts = value as unknown[];
        for (let i = 0; i < parts.length && i < data.length; i++) {
          verdict = both(verdict, this.#schema(parts[i], data[i]));
        }
        return verdict;
      }
      case "items": {
        let verdict: Verdict = VALID;
        const from = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0;
        for (let i = from; i < data.length; i++) {
          verdict = both(verdict, this.#schema(value, data[i]));
        }
        return verdict;
      }
    }
    return VALID;
  }

  #object(key: string, value: unknown, schema: Obj, data: Obj): Verdict {
    switch (key) {
      case "required":
        // ajv reads `data[name] !== undefined`: inherited names (`constructor`) are its own case.
        for (const name of value as string[]) {
          if (name in Object.prototype) return UNSURE;
          if (data[name] === undefined) return INVALID;
        }
        return VALID;
      case MODE_REQUIRED: {
        const names = (value as Obj)[this.#direction];
        if (!Array.isArray(names)) return VALID;
        return names.every((name) => Object.hasOwn(data, name)) ? VALID : INVALID;
      }
      case "minProperties":
        return Object.keys(data).length < (value as number) ? INVALID : VALID;
      case "maxProperties":
        return Object.keys(data).length > (value as number) ? INVALID : VALID;
      case "properties": {
        // ajv reads `data[name] !== undefined` for each name: inherited ones (`constructor`)
        // are its own case; for the others, the value's own names are the ones to look at.
        const properties = value as Obj;
        if (this.#inheritedNames(properties)) return UNSURE;
        let verdict: Verdict = VALID;
        for (const name in data) {
          if (!Object.hasOwn(properties, name) || data[name] === undefined) continue;
          verdict = both(verdict, this.#schema(properties[name], data[name]));
        }
        return verdict;
      }
      case "patternProperties":
      case "additionalProperties":
      case "propertyNames":
        return this.#keys(key, value, schema, data);
    }
    return VALID;
  }

  /** The keywords that apply to each of the object's own names. */
  #keys(key: string, value: unknown, schema: Obj, data: Obj): Verdict {
    if (Object.hasOwn(data, "__proto__")) return UNSURE;
    const properties = isObj(schema.properties) ? schema.properties : {};
    const patterns = isObj(schema.patternProperties)
      ? Object.keys(schema.patternProperties).map((p) => this.#pattern(p))
      : [];
    if (patterns.includes(null)) return UNSURE;
    let verdict: Verdict = VALID;
    for (const name of Object.keys(data)) {
      if (key === "propertyNames") verdict = both(verdict, this.#schema(value, name));
      else if (key === "patternProperties") {
        Object.entries(value as Obj).forEach(([, sub], i) => {
          if (patterns[i]!.test(name)) verdict = both(verdict, this.#schema(sub, data[name]));
        });
      } else if (!Object.hasOwn(properties, name) && !patterns.some((p) => p!.test(name))) {
        verdict = both(verdict, this.#schema(value, data[name]));
      }
    }
    return verdict;
  }
}
