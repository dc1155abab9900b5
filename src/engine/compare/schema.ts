/**
 * `response.match: schema`: the actual JSON body is validated with ajv, JSON
 * Schema draft 2020-12 by default, draft-07 when `$schema` names it, with
 * formats. Compiled validators are cached by schema text. ajv is heavy to
 * load, so operations import this module only for specs that need it; it is
 * the vendored bundle (vendor/README.md): from npm, as CommonJS, it brought
 * Deno's Node layer with it, 50 ms of every schema-mode run.
 *
 * A schema's `pattern`s come from a file anyone may have committed, so they
 * run as `matches` patterns do: on JavaScript's RegExp only when proven linear
 * (engine/parse/linear_pattern.ts), else on RE2, which the ops layer loads
 * and hands over (`useRe2`) when `needsRe2` says a schema has such a pattern
 * (ops/run/schema_mode.ts). A pattern RE2 cannot run (lookaround,
 * backreferences) is not checked, and `schemaIssues` warns of it.
 */
// @ts-types="../../../vendor/ajv@8.20.0/ajv.d.ts"
import { addFormats, Ajv2020, AjvDraft7, validate2020Schema } from "ajv-bundle";
import type { ErrorObject, ValidateFunction } from "ajv";
import { type Issue, issue, warning } from "../issue.ts";
import type { EndpointSpec } from "../model.ts";
import { linearSource } from "../parse/linear_pattern.ts";
import { type PatternCompiler, unsupportedFeature } from "../parse/pattern.ts";
import { META_2020, SCHEMA_OPTIONS } from "./schema_options.ts";

type AjvInstance = InstanceType<typeof Ajv2020.default> | InstanceType<typeof AjvDraft7.default>;

/**
 * Draft 2020-12 schemas are checked against the meta-schema by the validator
 * generated ahead of time (vendor/README.md), then compiled without ajv's own
 * check, which compiles the meta-schema first: 25 ms of a process's first
 * schema. Other `$schema` values go through ajv's check, as before.
 */
let prechecked2020: AjvInstance | undefined;
let draft2020: AjvInstance | undefined;
let draft7: AjvInstance | undefined;
const cache = new Map<string, ValidateFunction>();

/**
 * A fresh draft 2020-12 instance with the options and formats of schema mode,
 * for callers that add shared schemas of their own (drift adds an OpenAPI
 * document's components once and compiles small roots against them).
 */
export function newAjv2020(
  extra: {
    inlineRefs?: boolean;
    allErrors?: boolean;
    code?: {
      optimize?: boolean;
      regExp?: ((source: string, flags: string) => { test(text: string): boolean }) & {
        code: string;
      };
    };
  } = {},
): InstanceType<typeof Ajv2020.default> {
  return withFormats(new Ajv2020.default({ ...SCHEMA_OPTIONS, ...extra })) as InstanceType<
    typeof Ajv2020.default
  >;
}

let re2: PatternCompiler | undefined;
/** Patterns RE2 cannot run, with its reason: not checked (`schemaIssues` says so). */
const unchecked = new Map<string, string>();

/** Hands over RE2 for patterns outside the linear subset (kept for the rest of the process). */
export function useRe2(compiler: PatternCompiler): void {
  re2 = compiler;
}

/**
 * Whether RE2 must be handed over before the schema is compiled: one of its
 * patterns is outside the linear subset, and RE2 is not here yet.
 */
export function needsRe2(schema: unknown): boolean {
  return re2 === undefined &&
    schemaPatterns(schema).some((source) => linearSource(source, "") === undefined);
}

/**
 * Every `pattern` and `patternProperties` key in a schema. Values under other
 * keywords (`const`, `examples`) may add a few: that only loads RE2 sooner.
 */
function schemaPatterns(schema: unknown): string[] {
  const patterns: string[] = [];
  const stack = [schema];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      if (key === "pattern" && typeof child === "string") patterns.push(child);
      else if (key === "patternProperties" && typeof child === "object" && child !== null) {
        patterns.push(...Object.keys(child));
      }
      if (typeof child === "object" && child !== null) stack.push(child);
    }
  }
  return patterns;
}

interface PatternTester {
  test(text: string): boolean;
  toString(): string;
}

/**
 * ajv's pattern engine (`pattern`, `patternProperties`): RegExp for linear
 * patterns, else RE2; a pattern JavaScript reads but RE2 cannot run passes
 * (ajv keys compiled patterns by `toString()`).
 */
function schemaPattern(source: string, flags: string): PatternTester {
  const key = () => `/${source}/${flags}`;
  const native = linearSource(source, "");
  if (native !== undefined) {
    const re = new RegExp(native, flags);
    return { test: (text) => re.test(text), toString: key };
  }
  // Syntax errors stay ajv's, as before: the schema cannot be used.
  new RegExp(source, flags);
  if (!re2) throw new Error(`RE2 was not loaded for /${source}/ (see needsRe2)`); // a bug
  try {
    const pattern = re2(source, "");
    return { test: (text) => pattern.test(text), toString: key };
  } catch (error) {
    unchecked.set(source, unsupportedFeature(source) ?? (error as Error).message);
    return { test: () => true, toString: () => `${key()} unchecked` };
  }
}
schemaPattern.code = "schemaPattern";

/** The options every schema-mode instance is built with. */
const OPTIONS = { ...SCHEMA_OPTIONS, code: { regExp: schemaPattern } };

function ajvFor(schema: unknown): AjvInstance {
  const declared = (schema as { $schema?: unknown })?.$schema;
  const options = OPTIONS;
  if (typeof declared === "string" && /draft-0[467]/.test(declared)) {
    draft7 ??= withFormats(new AjvDraft7.default(options));
    return draft7;
  }
  if (declared === undefined || declared === META_2020 || declared === `${META_2020}#`) {
    prechecked2020 ??= withFormats(new Ajv2020.default({ ...options, validateSchema: false }));
    if (!validate2020Schema(schema)) {
      // ajv's own words for an invalid schema, from the same meta-schema and options.
      const why = prechecked2020.errorsText(validate2020Schema.errors);
      throw new Error(`schema is invalid: ${why}`);
    }
    return prechecked2020;
  }
  draft2020 ??= withFormats(new Ajv2020.default(options));
  return draft2020;
}

/**
 * Whether a draft 2020-12 schema is valid against its meta-schema, by the
 * validator generated ahead of time: ajv's own check gives the same verdict but
 * compiles the meta-schema first, in every process.
 */
export function validAgainst2020MetaSchema(schema: unknown): boolean {
  return validate2020Schema(schema) === true;
}

function withFormats(ajv: AjvInstance): AjvInstance {
  // deno-lint-ignore no-explicit-any
  (addFormats as any).default(ajv);
  return ajv;
}

function compile(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  const cached = cache.get(key);
  if (cached) return cached;
  const validate = ajvFor(schema).compile(schema as object);
  cache.set(key, validate);
  return validate;
}

/** Returns the reason a schema cannot be compiled, or undefined when it can. */
export function schemaProblem(schema: unknown): string | undefined {
  if (typeof schema !== "object" && typeof schema !== "boolean") {
    return "a JSON schema must be an object or a boolean";
  }
  try {
    compile(schema);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Validates `value` and returns one line per error, with the path written as
 * `body.items[0].id`.
 *
 * @example
 * ```ts
 * import { validateAgainstSchema } from "./schema.ts";
 * validateAgainstSchema({ type: "object", required: ["id"] }, {}); // ["body: must have required property 'id'"]
 * ```
 */
export function validateAgainstSchema(schema: unknown, value: unknown): string[] {
  const validate = compile(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(describe);
}

/**
 * The errors as JSON pointers into `value` with ajv's messages, for callers
 * that need to know which value failed (drift leaves out `{{placeholders}}`).
 */
export function schemaErrors(
  schema: unknown,
  value: unknown,
): { pointer: string; keyword: string; message: string }[] {
  const validate = compile(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => ({
    pointer: e.instancePath,
    keyword: e.keyword,
    message: e.message ?? "is invalid",
  }));
}

function describe(error: ErrorObject): string {
  return `${pointerToPath(error.instancePath)}: ${error.message ?? "is invalid"}`;
}

/** `/items/0/id` → `body.items[0].id`. */
export function pointerToPath(pointer: string): string {
  let path = "body";
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    path += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  }
  return path;
}

/**
 * The error for a `## Schema` block that ajv cannot compile, or a warning for
 * each pattern that is not checked.
 */
export function schemaIssues(spec: EndpointSpec): Issue[] {
  if (!spec.schema) return [];
  const where = { file: spec.file, line: spec.schema.line };
  const problem = schemaProblem(spec.schema.value);
  if (problem) {
    return [issue("VALIDATION_ERROR", `Cannot use schema: ${problem}`, {
      ...where,
      fix: "Write a JSON Schema (draft 2020-12, or draft-07 with its $schema)",
    })];
  }
  return [...new Set(schemaPatterns(spec.schema.value))].flatMap((source) => {
    const why = unchecked.get(source);
    return why === undefined ? [] : [warning(`pattern /${source}/ is not checked: ${why}`, {
      ...where,
      fix: "Write the pattern without lookaround or backreferences to have it checked",
    })];
  });
}
