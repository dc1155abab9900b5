/**
 * JSON Merge Patch (RFC 7396), the rule `PATCH` follows in the stateful mock:
 * an object patch merges key by key (recursively), `null` removes a key, and
 * anything else (an array, a string, a number) replaces the target whole.
 */

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Applies `patch` to `target` without changing either.
 *
 * @example
 * ```ts
 * import { mergePatch } from "./merge_patch.ts";
 * mergePatch({ name: "Ada", tags: ["a"], role: "admin" }, { name: "Grace", role: null });
 * // { name: "Grace", tags: ["a"] }
 * ```
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return patch;
  const result: JsonObject = isJsonObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
