/**
 * An example value for a schema, for bodies and parameters the document gives
 * no example for: its own example, default, const or first enum value, else a
 * value of the right type built from the properties. Cycles and depth stop
 * the walk, so recursive schemas give finite examples.
 */
import { isRecord } from "../data.ts";
import { deref } from "./refs.ts";

const MAX_DEPTH = 8;

const STRING_FORMATS: Record<string, string> = {
  "date-time": "2024-01-01T00:00:00Z",
  date: "2024-01-01",
  time: "12:00:00",
  email: "user@example.com",
  uri: "https://example.com",
  url: "https://example.com",
  "uri-reference": "/example",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uuid: "00000000-0000-4000-8000-000000000000",
  byte: "ZXhhbXBsZQ==",
  binary: "",
  password: "{{password}}",
};

export interface ExampleOptions {
  /** Request bodies: only required properties when the schema lists some. */
  requiredOnly?: boolean;
  /** Leave out readOnly properties (requests) or writeOnly ones (responses). */
  direction?: "request" | "response";
}

function typeOf(schema: Record<string, unknown>): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  if (typeof type === "string") return type;
  if (isRecord(schema.properties)) return "object";
  if (schema.items !== undefined) return "array";
  return undefined;
}

/** Builds an example value; undefined when nothing sensible exists (a cycle, say). */
export function exampleFor(
  doc: unknown,
  schemaOrRef: unknown,
  options: ExampleOptions = {},
  seen: Set<unknown> = new Set(),
  depth = 0,
): unknown {
  if (depth > MAX_DEPTH) return undefined;
  const schema = deref(doc, schemaOrRef);
  if (!schema || seen.has(schema)) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) {
    return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  }
  const next = new Set(seen).add(schema);
  const child = (s: unknown) => exampleFor(doc, s, options, next, depth + 1);
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map(child);
    if (parts.every((p) => isRecord(p) || p === undefined)) {
      const merged = Object.assign({}, ...parts.filter(isRecord));
      const own = schema.properties ? objectExample(doc, schema, options, next, depth) : {};
      return { ...merged, ...own };
    }
    return parts.find((p) => p !== undefined);
  }
  for (const key of ["oneOf", "anyOf"] as const) {
    const list = schema[key];
    if (Array.isArray(list)) {
      for (const option of list) {
        const value = child(option);
        if (value !== undefined) return value;
      }
      return undefined;
    }
  }
  switch (typeOf(schema)) {
    case "object":
      return objectExample(doc, schema, options, next, depth);
    case "array": {
      const item = child(schema.items);
      // As many items as `minItems` asks for (a 3×3 board is three rows of three).
      const count = typeof schema.minItems === "number" ? Math.min(schema.minItems, 10) : 1;
      return item === undefined ? [] : Array.from({ length: Math.max(1, count) }, () => item);
    }
    case "integer":
      return typeof schema.minimum === "number"
        ? Math.ceil(schema.minimum)
        : typeof schema.exclusiveMinimum === "number"
        ? Math.floor(schema.exclusiveMinimum) + 1
        : 0;
    case "number":
      return typeof schema.minimum === "number"
        ? schema.minimum
        : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + 1
        : 0;
    case "boolean":
      return true;
    case "null":
      return null;
    case "string": {
      const text = STRING_FORMATS[String(schema.format)] ?? "string";
      if (schema.format !== undefined && STRING_FORMATS[String(schema.format)]) return text;
      // Within `minLength` and `maxLength`, so the example validates against its own schema.
      const min = typeof schema.minLength === "number" ? schema.minLength : 0;
      const max = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
      return text.padEnd(Math.min(min, 64), "x").slice(0, Math.max(0, max));
    }
    default:
      return undefined;
  }
}

function objectExample(
  doc: unknown,
  schema: Record<string, unknown>,
  options: ExampleOptions,
  seen: Set<unknown>,
  depth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [name, propertySchema] of Object.entries(properties)) {
    if (options.requiredOnly && required.length > 0 && !required.includes(name)) continue;
    const property = deref(doc, propertySchema);
    if (options.direction === "request" && property?.readOnly === true) continue;
    if (options.direction === "response" && property?.writeOnly === true) continue;
    const value = exampleFor(doc, propertySchema, options, seen, depth + 1);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
