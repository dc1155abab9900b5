/**
 * Bodies of endpoint files read as JSON for schema validation. Placeholders
 * (`{{userId}}`) stand for values only known at run time: a bare one is read
 * as a string, and any schema error on a value that holds one is left out.
 */
import type { SchemaError } from "./validator.ts";

/** JSON media types: `application/json`, `application/problem+json`... */
export function isJsonMedia(type: string | undefined): boolean {
  return type === undefined || /[/+]json\b/i.test(type);
}

/**
 * Parses a body that may hold placeholders; undefined when it is not JSON.
 *
 * @example
 * ```ts
 * import { parseTemplateJson } from "./body.ts";
 * parseTemplateJson('{"id": {{userId}}, "name": "{{name}}"}'); // { id: "{{userId}}", name: "{{name}}" }
 * ```
 */
export function parseTemplateJson(text: string): unknown | undefined {
  if (!text.trim()) return undefined;
  // Strings are kept as written; a placeholder outside one becomes a string.
  const quoted = text.replace(
    /("(?:[^"\\]|\\.)*")|\{\{\s*[^{}]+?\s*\}\}/g,
    (match, string?: string) => string ?? JSON.stringify(match),
  );
  try {
    return JSON.parse(quoted);
  } catch {
    return undefined;
  }
}

function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** `/items/0/id` → `body.items[0].id` (or `request.items[0].id`). */
export function pointerPath(prefix: string, pointer: string): string {
  let path = prefix;
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    path += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  }
  return path;
}

/**
 * Schema errors of a body, placeholders left out, as `body.id: must be integer`.
 * With `partial`, missing required properties are not errors: an expected body
 * in `shape` or `schema` mode may name a subset of the fields. A schema ajv
 * cannot compile gives one line saying so.
 */
export function bodyErrors(
  validate: () => SchemaError[],
  value: unknown,
  prefix: string,
  partial = false,
): string[] {
  let errors;
  try {
    errors = validate();
  } catch (error) {
    return [`the OpenAPI schema cannot be compiled: ${(error as Error).message}`];
  }
  return errors
    .filter((e) => {
      if (partial && e.keyword === "required") return false;
      const at = valueAt(value, e.pointer);
      return !(typeof at === "string" && at.includes("{{"));
    })
    .map((e) => `${pointerPath(prefix, e.pointer)}: ${e.message}`);
}
