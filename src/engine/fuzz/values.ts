/**
 * The shared example generator (`engine/examples/`) as fuzzing's
 * `ValueSource`: one validator for a document's definitions checks generated
 * requests and the answers alike, so each component compiles once.
 */
import { ExampleGenerator } from "../examples/mod.ts";
import { invalidValue, invalidValues } from "../examples/invalid.ts";
import { SharedSchemaValidator } from "../contract/validator.ts";
import { DEFINITIONS_PREFIX } from "../contract/schema_ids.ts";
import type { ValueSource } from "./arbitrary.ts";
import type { ValidateResponse } from "./checks.ts";

/** Edge values tried first per parameter and body. */
const EDGES = 6;

/** A schema that constrains nothing still needs a value to send. */
const ANYTHING = "fuzz";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * @example
 * ```ts
 * import { fuzzValues } from "./values.ts";
 * const values = fuzzValues(() => undefined);
 * values.accepts({ type: "integer", maximum: 3 }, 4); // false
 * values.typeOf({ type: ["string", "null"] }); // "string"
 * ```
 */
export function fuzzValues(
  definition: (name: string) => unknown,
): ValueSource & { validateResponse: ValidateResponse } {
  const validator = new SharedSchemaValidator(definition);
  const generator = new ExampleGenerator({ prefix: DEFINITIONS_PREFIX, definition }, validator);
  const typeOf = (schema: unknown, depth = 0): string | undefined => {
    if (!isRecord(schema) || depth > 16) return undefined;
    if (typeof schema.$ref === "string" && schema.$ref.startsWith(DEFINITIONS_PREFIX)) {
      return typeOf(definition(schema.$ref.slice(DEFINITIONS_PREFIX.length)), depth + 1);
    }
    const types = typeof schema.type === "string"
      ? [schema.type]
      : Array.isArray(schema.type)
      ? schema.type
      : [];
    const named = types.find((t) => t !== "null");
    if (typeof named === "string") return named;
    for (const list of [schema.allOf, schema.anyOf, schema.oneOf]) {
      for (const branch of Array.isArray(list) ? list : []) {
        const found = typeOf(branch, depth + 1);
        if (found) return found;
      }
    }
    const values = Array.isArray(schema.enum)
      ? schema.enum
      : "const" in schema
      ? [schema.const]
      : [];
    const first = values.find((v) => v !== null);
    return first === undefined ? undefined : typeof first === "number" ? "number" : typeof first;
  };
  return {
    valid(schema, seed, edges) {
      // Edge values: half the strings and numbers of a value drawn as an edge case.
      const made = generator.example(schema, { mode: "request", seed, edges: edges ? 0.5 : 0 });
      return { ok: made.ok, value: made.value === undefined ? ANYTHING : made.value };
    },
    example(schema) {
      const made = generator.example(schema, { mode: "request" });
      return { ok: made.ok, value: made.value === undefined ? ANYTHING : made.value };
    },
    invalid: (schema, seed) => invalidValue(generator, schema, { mode: "request", seed }),
    invalidEach: (schema, limit) => invalidValues(generator, schema, { mode: "request", limit }),
    edges: (schema) => generator.edges(schema, "request", EDGES),
    accepts: (schema, value) => generator.check(schema, value, "request").length === 0,
    typeOf: (schema) => typeOf(schema),
    validateResponse: (schema, value) => validator.errors(schema, value, "response"),
  };
}
