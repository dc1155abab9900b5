/**
 * Header comparison: every listed header must be present (names are case
 * insensitive). Values are compared only in `strict` mode, Content-Type by
 * media type so `; charset=utf-8` does not matter.
 */
import type { HttpHeader, MatchMode } from "../model.ts";

/** Header value by case-insensitive name; repeated headers are joined with ", ". */
export function headerValue(headers: [string, string][], name: string): string | undefined {
  const lower = name.toLowerCase();
  // Every comparison and assertion asks; a plain loop leaves no arrays behind.
  let value: string | undefined;
  for (const [n, v] of headers) {
    if (n.toLowerCase() === lower) value = value === undefined ? v : `${value}, ${v}`;
  }
  return value;
}

function mediaType(value: string): string {
  return value.split(";")[0].trim().toLowerCase();
}

/**
 * @example
 * ```ts
 * import { compareHeaders } from "./headers.ts";
 * compareHeaders([{ name: "X-Id", value: "1" }], [["content-type", "text/plain"]], "shape", () => false);
 * // ["X-Id: expected present, got missing"]
 * ```
 */
export function compareHeaders(
  expected: HttpHeader[],
  actual: [string, string][],
  mode: MatchMode,
  ignored: (path: string) => boolean,
): string[] {
  const differences: string[] = [];
  for (const { name, value } of expected) {
    if (ignored(`headers.${name.toLowerCase()}`)) continue;
    const got = headerValue(actual, name);
    if (got === undefined) {
      differences.push(`${name}: expected present, got missing`);
      continue;
    }
    if (mode !== "strict") continue;
    const same = name.toLowerCase() === "content-type"
      ? mediaType(value) === mediaType(got)
      : value === got;
    if (!same) {
      differences.push(`${name}: expected ${JSON.stringify(value)}, got ${JSON.stringify(got)}`);
    }
  }
  return differences;
}
