/**
 * Names shared by the OpenAPI schema converter (src/convert/openapi/schema.ts)
 * and the validators that read its output, kept apart from validator.ts so
 * that converting a schema loads no validator.
 */

/** Refs point at `<prefix><name>`, the `$id` each shared component is added under. */
export const DEFINITIONS_PREFIX = "urn:apispec:schema:";

/**
 * `{request?: [names], response?: [names]}` beside `required`: names required
 * in one direction only (writeOnly properties in requests, readOnly ones in
 * responses), as the OpenAPI schema converter writes them.
 */
export const MODE_REQUIRED = "x-apispec-required";

/** Which message a body is: what a client sends, or what the API answers. */
export type Direction = "request" | "response";

/** JSON Schema keywords whose value is a subschema or a list of subschemas. */
export const SUBSCHEMA_KEYWORDS = new Set([
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

/** JSON Schema keywords whose value maps names to subschemas. */
export const SUBSCHEMA_MAP_KEYWORDS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
