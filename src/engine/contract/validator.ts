/**
 * Validates bodies against an OpenAPI document's schemas with one ajv
 * instance: each converted component is compiled once, the first time a body
 * reaches it, however many operations use it (GitHub's description reuses a
 * few hundred schemas across 1,223 operations); operations' small roots refer
 * to them by name (`DEFINITIONS_PREFIX` + name).
 *
 * Three things differ from plain JSON Schema. `required` may depend on the
 * direction (OpenAPI: a readOnly property is required in responses only, a
 * writeOnly one in requests only), which converted schemas write as
 * `MODE_REQUIRED`; and `pattern`s come from untrusted documents, so they run
 * on JavaScript's RegExp only when proven linear (engine/parse/linear_pattern.ts),
 * else on RE2; one RE2 cannot run (lookaround, backreferences) is not checked.
 * And compilation is lazy: references between definitions, and subschemas
 * below `CHUNK_DEPTH`, are compiled when a value first reaches them (see
 * `SharedSchemaValidator`), so `unevaluatedProperties` does not see through them.
 */
// @ts-types="../../../vendor/re2js@2.10.0/index.d.ts"
import { RE2JS } from "re2js";
import { newAjv2020, validAgainst2020MetaSchema } from "../compare/schema.ts";
import { META_2020 } from "../compare/schema_options.ts";
import { linearSource } from "../parse/linear_pattern.ts";
import { INVALID, QuickCheck, VALID } from "./quick_check.ts";
import {
  DEFINITIONS_PREFIX,
  type Direction,
  MODE_REQUIRED,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from "./schema_ids.ts";

export { DEFINITIONS_PREFIX, type Direction, MODE_REQUIRED };

/**
 * A schema ajv refused: a shared definition (by name), or a root (by the
 * caller's label). It is not checked (any value passes), and callers warn.
 */
export interface SchemaFlaw {
  /** The definition's name, or the root's label. */
  name: string;
  message: string;
}

export interface SchemaError {
  pointer: string;
  keyword: string;
  message: string;
  /** For `required`: the property that is missing. */
  missing?: string;
}

type Validate = ((value: unknown) => boolean) & {
  errors?:
    | {
      instancePath: string;
      keyword: string;
      message?: string;
      params?: Record<string, unknown>;
    }[]
    | null;
};

interface PatternTester {
  test(text: string): boolean;
  toString(): string;
}

/**
 * ajv's pattern engine: linear patterns on RegExp, others on RE2, and those
 * neither can run safely pass (ajv keys compiled patterns by `toString()`).
 */
function safePattern(source: string, flags: string): PatternTester {
  const key = () => `/${source}/${flags}`;
  if (linearSource(source, "") !== undefined) {
    const re = new RegExp(source, flags);
    return { test: (text) => re.test(text), toString: key };
  }
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(source));
    return { test: (text) => re.matcher(text).find(), toString: key };
  } catch {
    return { test: () => true, toString: () => `${key()} unchecked` };
  }
}
safePattern.code = "safePattern";

/** The keyword shared references become inside the validator (see `SharedSchemaValidator`). */
const REF = "x-apispec-ref";
/** The keyword a deeper subschema becomes: compiled when a value first reaches it. */
const LATER = "x-apispec-later";
/**
 * Levels of subschemas compiled at once; deeper ones wait for a value to reach
 * them. Measured on drift (CPU): a 4 MB document of anyOf nested through
 * recursive refs took 4.5 s whole and 3.0 s at 4 levels; GitHub's, whose
 * bodies reach nearly everything, the same at 4 levels and more at 3.
 */
const CHUNK_DEPTH = 4;

/**
 * Failing values of one root whose errors come from the schema reduced to
 * what fails (one compile each) before the root is compiled whole: GitHub's
 * import fails once on most roots, a fuzzer on one root hundreds of times.
 */
const REDUCTIONS_PER_ROOT = 2;

/** Whether a schema refers to its own parts (`#/$defs/x`): then it is compiled whole. */
function hasLocalRefs(schema: unknown): boolean {
  const stack = [schema];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      if (
        (key === "$ref" || key === "$dynamicRef") && typeof child === "string" &&
        child.startsWith("#")
      ) {
        return true;
      }
      if (typeof child === "object" && child !== null) stack.push(child);
    }
  }
  return false;
}

type KeywordCheck =
  & ((schema: never, data: unknown, parent?: unknown, cxt?: {
    instancePath?: string;
  }) => boolean)
  & { errors?: unknown[] };

/**
 * Validates bodies against one document's definitions. A reference to a
 * definition is not an ajv `$ref`: ajv compiles a referenced schema inside the
 * compilation that meets it, so a chain of references (A → B → C ...) recursed
 * as deep as the chain (the stack overflowed on anyOf nested through
 * recursive components) and every schema a root reaches was compiled up
 * front. Here it is a keyword that compiles the definition the first time a
 * value reaches it and validates that value with it: compilation is flat, and
 * only what bodies touch is compiled.
 */
export class SharedSchemaValidator {
  // Code optimisation is off since each schema validates a few bodies at most
  // (measured on GitHub's description: compiling took a third of the time).
  #ajv = newAjv2020({ code: { optimize: false, regExp: safePattern } });
  /** null: the root cannot be compiled (a flaw), so nothing is checked against it. */
  #compiled = new Map<unknown, Validate | null>();
  /** Definitions by name as given, and compiled (null: refused). */
  #lookup: (name: string) => unknown;
  #definitions = new Map<string, Validate | null>();
  /** Subschemas left for later, by index, and compiled once reached (null: refused). */
  #later: unknown[] = [];
  #laterIndex = new Map<object, number>();
  #laterCompiled = new Map<number, Validate | null>();
  #flaws: SchemaFlaw[] = [];
  #rootFlaws = new Map<unknown, string>();
  #direction: Direction = "response";
  /** Validators stored as null (refused, or a definition unknown when asked for). */
  #refusals = 0;
  /** Proves most values valid without compiling anything (see quick_check.ts). */
  #quick?: QuickCheck = new QuickCheck({
    definition: (name) => this.#lookup(name),
    refused: (key) =>
      this.#refusals !== 0 &&
      (typeof key === "string"
        ? this.#definitions.get(key) === null
        : this.#compiled.get(key) === null ||
          this.#laterCompiled.get(this.#laterIndex.get(key) ?? -1) === null),
    formats: this.#ajv.formats as Record<string, unknown>,
    keywords: this.#ajv.RULES.all as Record<string, unknown>,
    pattern: (source) => safePattern(source, "u"),
  });

  /**
   * `definitions`: by name, or a lookup (a converter's grow as roots are converted).
   * `options.quick: false` leaves every check to ajv (tests compare the two).
   */
  constructor(
    definitions: Record<string, unknown> | ((name: string) => unknown) = {},
    options: { quick?: boolean } = {},
  ) {
    if (options.quick === false) this.#quick = undefined;
    this.#lookup = typeof definitions === "function"
      ? definitions
      : (name) => Object.hasOwn(definitions, name) ? definitions[name] : undefined;
    // ajv reads a keyword function's errors from the function itself.
    const directed: KeywordCheck = (schema: Record<string, unknown>, data) => {
      const names = schema[this.#direction];
      if (!Array.isArray(names) || typeof data !== "object" || data === null) return true;
      const missing = names.filter((name) => !Object.hasOwn(data, name));
      directed.errors = missing.map((name) => ({
        keyword: "required",
        params: { missingProperty: name },
        message: `must have required property '${name}'`,
      }));
      return missing.length === 0;
    };
    this.#ajv.addKeyword({
      keyword: MODE_REQUIRED,
      type: "object",
      schemaType: "object",
      errors: true,
      validate: directed as never,
    });
    /** A keyword that validates the value with a validator compiled on first use. */
    const deferred = <K>(validatorOf: (key: K) => Validate | null): KeywordCheck => {
      const check: KeywordCheck = (key: K, data, _parent, cxt) => {
        const validate = validatorOf(key);
        if (!validate || validate(data)) return true;
        // Its errors (fresh objects of this call), at their place in the whole body.
        const at = cxt?.instancePath ?? "";
        const errors = validate.errors ?? [];
        if (at) { for (const error of errors) error.instancePath = at + error.instancePath; }
        check.errors = errors;
        return false;
      };
      return check;
    };
    this.#ajv.addKeyword({
      keyword: REF,
      schemaType: "string",
      errors: true,
      validate: deferred((name: string) => this.#definition(name)) as never,
    });
    this.#ajv.addKeyword({
      keyword: LATER,
      schemaType: "number",
      errors: true,
      validate: deferred((index: number) => this.#laterValidator(index)) as never,
    });
  }

  /** The schemas refused so far (definitions, and roots by their label). */
  flaws(): readonly SchemaFlaw[] {
    return this.#flaws;
  }

  /** Why `root` could not be compiled (after `errors` tried), if it could not. */
  rootFlaw(root: unknown): string | undefined {
    return this.#rootFlaws.get(root);
  }

  /** A definition's validator, compiled the first time (null: unknown or refused, a flaw). */
  #definition(name: string): Validate | null {
    let validate = this.#definitions.get(name);
    if (validate !== undefined) return validate;
    validate = null;
    const schema = this.#lookup(name);
    if (schema !== undefined) {
      try {
        validate = this.#compile(schema);
      } catch (error) {
        // One flawed schema must not stop the others: it accepts anything, and is named.
        this.#flaws.push({ name, message: (error as Error).message });
      }
    }
    this.#definitions.set(name, validate);
    if (validate === null) this.#refusals++;
    return validate;
  }

  #laterValidator(index: number): Validate | null {
    let validate = this.#laterCompiled.get(index);
    if (validate === undefined) {
      try {
        // Left for later only from a schema without local refs: nor has this part any.
        validate = this.#compile(this.#later[index], true);
      } catch (error) {
        validate = null;
        this.#flaws.push({ name: "a subschema", message: (error as Error).message });
      }
      this.#laterCompiled.set(index, validate);
      if (validate === null) this.#refusals++;
    }
    return validate;
  }

  /**
   * Compiles the top `CHUNK_DEPTH` levels of a schema; deeper subschemas are
   * compiled the first time a value reaches them, so a large schema costs
   * what bodies use of it. A schema with local refs is compiled whole.
   */
  #compile(schema: unknown, split = !hasLocalRefs(schema)): Validate {
    const chunk = typeof schema === "object" && schema !== null
      ? this.#chunk(schema as Record<string, unknown>, 0, split)
      : schema === false
      ? { not: {} }
      : {};
    // Operations repeat schemas written alike (an inline `{type: array, items: {$ref}}`):
    // one compile per text. A refusal is not kept, so each refused schema is still named.
    const text = JSON.stringify(chunk);
    let validate = this.#byText.get(text);
    if (!validate) {
      // ajv checks a schema against the meta-schema before compiling it, and compiles the
      // meta-schema for that in every process (40 ms). The validator generated ahead of time
      // gives the same verdict; ajv's own check runs only for a schema it will refuse, so the
      // flaw reads as ajv words it.
      const declared = (chunk as { $schema?: unknown }).$schema;
      const options = (this.#ajv as unknown as { opts: { validateSchema: boolean } }).opts;
      options.validateSchema = !((declared === undefined || declared === META_2020) &&
        validAgainst2020MetaSchema(chunk));
      try {
        validate = this.#ajv.compile(chunk as Record<string, unknown>) as unknown as Validate;
      } finally {
        options.validateSchema = true;
      }
      this.#byText.set(text, validate);
    }
    return validate;
  }
  #byText = new Map<string, Validate>();
  /** Failing values of each root checked against a reduced schema so far. */
  #reductions = new Map<unknown, number>();

  /** A copy with shared refs as `REF` and, when `split`, subschemas below `CHUNK_DEPTH` as `LATER`. */
  #chunk(schema: Record<string, unknown>, depth: number, split: boolean): unknown {
    if (split && depth >= CHUNK_DEPTH) {
      let index = this.#laterIndex.get(schema);
      if (index === undefined) {
        index = this.#later.push(schema) - 1;
        this.#laterIndex.set(schema, index);
      }
      return { [LATER]: index };
    }
    const sub = (value: unknown) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? this.#chunk(value as Record<string, unknown>, depth + 1, split)
        : value;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(DEFINITIONS_PREFIX)) {
        out[REF] = value.slice(DEFINITIONS_PREFIX.length);
      } else if (SUBSCHEMA_KEYWORDS.has(key)) {
        out[key] = Array.isArray(value) ? value.map(sub) : sub(value);
      } else if (SUBSCHEMA_MAP_KEYWORDS.has(key) && typeof value === "object" && value !== null) {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sub(v)]));
      } else out[key] = value; // enum, const, examples, required...: data, never rewritten
    }
    return out;
  }

  /**
   * The errors of `value` against `root` as a `direction` body (default: a
   * response). A root ajv cannot compile is a flaw under `label`: no errors.
   */
  errors(
    root: unknown,
    value: unknown,
    direction: Direction = "response",
    label = "a schema",
  ): SchemaError[] {
    const verdict = this.#quick?.verdict(root, value, direction);
    if (verdict === VALID) return [];
    if (verdict === INVALID && this.#compiled.get(root) === undefined) {
      // A reduced schema serves one value: past a few failures of one root (fuzzing sends
      // many), compiling the root once costs less.
      const reductions = this.#reductions.get(root) ?? 0;
      if (reductions < REDUCTIONS_PER_ROOT) {
        this.#reductions.set(root, reductions + 1);
        const errors = this.#reducedErrors(root, value, direction);
        if (errors) return errors;
      }
    }
    let validate = this.#compiled.get(root);
    if (validate === undefined) {
      // A root that only names a definition is that definition's validator.
      const ref = typeof root === "object" && root !== null && Object.keys(root).length === 1
        ? (root as { $ref?: unknown }).$ref
        : undefined;
      try {
        validate = typeof ref === "string" && ref.startsWith(DEFINITIONS_PREFIX)
          ? this.#definition(ref.slice(DEFINITIONS_PREFIX.length)) ??
            this.#compile({}) // refused: a flaw named by its definition; nothing is checked
          : this.#compile(root);
      } catch (error) {
        validate = null;
        this.#flaws.push({ name: label, message: (error as Error).message });
        this.#rootFlaws.set(root, (error as Error).message);
      }
      this.#compiled.set(root, validate);
      if (validate === null) this.#refusals++;
    }
    if (validate === null) return [];
    return this.#run(validate, value, direction);
  }

  /**
   * ajv's errors for a value the quick pass has just found invalid, from the schema
   * reduced to the paths that fail (quick_check.ts `reduced`); undefined when
   * there is none to compile (then the whole schema is compiled, as ever).
   */
  #reducedErrors(root: unknown, value: unknown, direction: Direction): SchemaError[] | undefined {
    const reduced = this.#quick!.reduced(root, value);
    if (reduced === undefined) return undefined;
    let validate: Validate;
    try {
      validate = this.#compile(reduced);
    } catch {
      return undefined; // not expected of audited parts; the whole schema says why
    }
    return this.#run(validate, value, direction);
  }

  #run(validate: Validate, value: unknown, direction: Direction): SchemaError[] {
    this.#direction = direction;
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => ({
      pointer: e.instancePath,
      keyword: e.keyword,
      message: e.message ?? "is invalid",
      ...(e.keyword === "required" && typeof e.params?.missingProperty === "string"
        ? { missing: e.params.missingProperty }
        : {}),
    }));
  }
}
