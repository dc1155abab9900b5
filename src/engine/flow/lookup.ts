/**
 * Reading variables by dotted path. `{{item.id}}` in a request is a plain
 * variable (loop items are bound field by field); `When` and `For each` lines
 * may also reach into a variable that holds JSON: `user.address.city` reads
 * the field of the captured object `user`.
 */
import { getPath, parseSegments, tryJson } from "../compare/json_path.ts";

export type Lookup = (name: string) => string | undefined;

export interface Resolved {
  /** The JSON value, or the text itself when it is not JSON. */
  value: unknown;
  /** Strings as they are, other values as JSON text. */
  text: string;
}

/**
 * The value of a dotted variable path: the name itself when it is defined,
 * else the longest defined prefix, read as JSON, then the rest of the path.
 *
 * @example
 * ```ts
 * import { resolveVariable } from "./lookup.ts";
 * const vars: Record<string, string> = { user: '{"address":{"city":"Oslo"}}' };
 * resolveVariable((n) => vars[n], "user.address.city")?.text; // "Oslo"
 * ```
 */
export function resolveVariable(lookup: Lookup, path: string): Resolved | undefined {
  const exact = lookup(path);
  if (exact !== undefined) return { value: asJson(exact), text: exact };
  const parts = path.split(".");
  for (let cut = parts.length - 1; cut >= 1; cut--) {
    const base = lookup(parts.slice(0, cut).join("."));
    if (base === undefined) continue;
    const json = tryJson(base);
    if (!json.ok) return undefined;
    const selected = getPath(json.value, parseSegments("." + parts.slice(cut).join(".")));
    if (!selected.found) return undefined;
    const value = selected.value;
    return { value, text: typeof value === "string" ? value : JSON.stringify(value) };
  }
  return undefined;
}

function asJson(text: string): unknown {
  const json = tryJson(text);
  return json.ok ? json.value : text;
}

/** The first segment of a dotted path: the variable a line depends on. */
export function rootName(path: string): string {
  return path.split(".")[0];
}

/** Objects nested deeper than this are bound as JSON text only. */
const MAX_DEPTH = 4;

/**
 * The variables a value binds under a name: the name itself (strings as they
 * are, other values as JSON text) and, for objects, every field as
 * `name.field` (nested objects too), so `{{item.id}}` works in any request.
 *
 * @example
 * ```ts
 * import { bindValue } from "./lookup.ts";
 * bindValue("item", { id: 7, owner: { name: "Ada" } });
 * // { item: '{"id":7,"owner":{"name":"Ada"}}', "item.id": "7", "item.owner": '{"name":"Ada"}', "item.owner.name": "Ada" }
 * ```
 */
export function bindValue(name: string, value: unknown, depth = 0): Record<string, string> {
  const out: Record<string, string> = {
    [name]: typeof value === "string" ? value : JSON.stringify(value),
  };
  if (value !== null && typeof value === "object" && !Array.isArray(value) && depth < MAX_DEPTH) {
    for (const [key, field] of Object.entries(value)) {
      Object.assign(out, bindValue(`${name}.${key}`, field, depth + 1));
    }
  }
  return out;
}

/** The variables of a data row: each column bound as `bindValue` binds it. */
export function rowVariables(row: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(row)) Object.assign(out, bindValue(name, value));
  return out;
}
