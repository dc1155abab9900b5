/**
 * OpenAPI schemas as standalone JSON Schema 2020-12 that ajv compiles: the
 * 3.0 dialect is translated (`nullable`, `example`, boolean
 * `exclusiveMinimum`...), OpenAPI-only keywords are dropped, and every schema
 * a `$ref` reaches is copied into `$defs` (once per document, so cycles stay
 * references and compile).
 */
import { isRecord } from "../data.ts";
import { pointerParts, resolvePointer } from "./refs.ts";

const DROP = new Set(["nullable", "discriminator", "xml", "externalDocs", "example"]);
/** Formats ajv-formats knows; others are annotations ajv would refuse. */
const FORMATS = new Set([
  "date",
  "time",
  "date-time",
  "iso-time",
  "iso-date-time",
  "duration",
  "uri",
  "uri-reference",
  "uri-template",
  "url",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "regex",
  "uuid",
  "json-pointer",
  "json-pointer-uri-fragment",
  "relative-json-pointer",
  "byte",
  "int32",
  "int64",
  "float",
  "double",
  "password",
  "binary",
]);
/** Keywords whose value is a map of schemas. */
const SCHEMA_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
/** Keywords whose value is a schema or a list of schemas. */
const SCHEMA_VALUES = new Set([
  "items",
  "additionalProperties",
  "not",
  "allOf",
  "anyOf",
  "oneOf",
  "prefixItems",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "additionalItems",
]);

export const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";

/** Converts schemas of one document; converted `$defs` are shared between calls. */
export class SchemaConverter {
  #doc: unknown;
  #is30: boolean;
  /** Pointer → `$defs` name. */
  #names = new Map<string, string>();
  #taken = new Set<string>();
  /** Pointer → converted schema and the pointers it refers to. */
  #defs = new Map<string, { schema: unknown; deps: Set<string> }>();

  /** Where refs point: `#/$defs/` in standalone schemas, or a shared document's `$id` (drift). */
  #refPrefix: string;

  constructor(doc: unknown, openapiVersion: string, refPrefix = "#/$defs/") {
    this.#doc = doc;
    this.#is30 = openapiVersion.startsWith("3.0");
    this.#refPrefix = refPrefix;
  }

  /**
   * A schema whose refs point at `refPrefix` + name; everything it reaches is
   * converted and kept, so `definitions()` afterwards holds it all.
   */
  shared(schema: unknown): unknown {
    const deps = new Set<string>();
    const root = this.#convert(schema, deps);
    const queue = [...deps];
    const seen = new Set(queue);
    while (queue.length) {
      for (const dep of this.#component(queue.shift()!).deps) {
        if (!seen.has(dep)) {
          seen.add(dep);
          queue.push(dep);
        }
      }
    }
    return root;
  }

  /** Every schema converted so far, by its `$defs` name. */
  definitions(): Record<string, unknown> {
    const defs: Record<string, unknown> = {};
    for (const [pointer, def] of this.#defs) defs[this.#names.get(pointer)!] = def.schema;
    return defs;
  }

  /** A standalone schema: the converted root plus `$defs` for everything it reaches. */
  standalone(schema: unknown): Record<string, unknown> | undefined {
    const deps = new Set<string>();
    const root = this.#convert(schema, deps);
    if (!isRecord(root)) return root === true ? {} : undefined;
    const defs: Record<string, unknown> = {};
    const queue = [...deps];
    const seen = new Set(queue);
    while (queue.length) {
      const pointer = queue.shift()!;
      const def = this.#component(pointer);
      defs[this.#names.get(pointer)!] = def.schema;
      for (const dep of def.deps) {
        if (!seen.has(dep)) {
          seen.add(dep);
          queue.push(dep);
        }
      }
    }
    const out: Record<string, unknown> = { $schema: DRAFT_2020, ...root };
    if (Object.keys(defs).length) out.$defs = { ...(root.$defs as object ?? {}), ...defs };
    return out;
  }

  #nameFor(pointer: string): string {
    const known = this.#names.get(pointer);
    if (known) return known;
    const base = (pointerParts(pointer).at(-1) ?? "schema").replace(/[^\w.-]/g, "_") || "schema";
    let name = base;
    for (let n = 2; this.#taken.has(name); n++) name = `${base}_${n}`;
    this.#taken.add(name);
    this.#names.set(pointer, name);
    return name;
  }

  #component(pointer: string): { schema: unknown; deps: Set<string> } {
    let def = this.#defs.get(pointer);
    if (!def) {
      // Registered before converting, so a cycle back to it finds an entry.
      def = { schema: {}, deps: new Set() };
      this.#defs.set(pointer, def);
      const target = resolvePointer(this.#doc, pointer);
      def.schema = target === undefined ? {} : this.#convert(target, def.deps);
    }
    return def;
  }

  #convert(schema: unknown, deps: Set<string>): unknown {
    if (typeof schema === "boolean") return schema;
    if (!isRecord(schema)) return {};
    if (typeof schema.$ref === "string") {
      const ref = schema.$ref;
      if (!ref.startsWith("#")) return {};
      this.#nameFor(ref);
      deps.add(ref);
      const out: Record<string, unknown> = { $ref: `${this.#refPrefix}${this.#names.get(ref)}` };
      // 3.1 allows siblings next to $ref; 3.0 ignores them.
      if (!this.#is30) {
        for (const [key, value] of Object.entries(schema)) {
          if (key !== "$ref") Object.assign(out, this.#keyword(key, value, deps));
        }
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
      Object.assign(out, this.#keyword(key, value, deps));
    }
    if (schema.example !== undefined && out.examples === undefined) out.examples = [schema.example];
    if (this.#is30) this.#from30(schema, out);
    return out;
  }

  #keyword(key: string, value: unknown, deps: Set<string>): Record<string, unknown> {
    if (DROP.has(key) || key.startsWith("x-")) return {};
    if (key === "format") {
      return typeof value === "string" && FORMATS.has(value) ? { format: value } : {};
    }
    if (SCHEMA_MAPS.has(key) && isRecord(value)) {
      return {
        [key === "definitions" ? "$defs" : key]: Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, this.#convert(v, deps)]),
        ),
      };
    }
    if (SCHEMA_VALUES.has(key)) {
      if (Array.isArray(value)) {
        return {
          [key === "items" ? "prefixItems" : key]: value.map((v) => this.#convert(v, deps)),
        };
      }
      return { [key]: this.#convert(value, deps) };
    }
    if (key === "required" && !Array.isArray(value)) return {};
    return { [key]: value };
  }

  /** OpenAPI 3.0 forms that JSON Schema 2020-12 writes differently. */
  #from30(schema: Record<string, unknown>, out: Record<string, unknown>) {
    for (
      const [flag, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]]
    ) {
      if (schema[flag] === true && typeof schema[bound] === "number") {
        out[flag] = schema[bound];
        delete out[bound];
      } else if (typeof schema[flag] === "boolean") delete out[flag];
    }
    if (schema.nullable === true) {
      if (typeof out.type === "string") out.type = [out.type, "null"];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      if (out.type === undefined) {
        const inner = { ...out };
        for (const key of Object.keys(out)) delete out[key];
        out.anyOf = [inner, { type: "null" }];
      }
    }
  }
}
