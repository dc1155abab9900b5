/**
 * Lines of path keys in an OpenAPI document's text (YAML or JSON), so that an
 * annotation about an operation can point into the document. A text search,
 * not a parse: a 13 MB document is scanned once, line by line.
 */

/**
 * The 1-based line of each of `paths` as a key under `paths:`; absent when not found.
 *
 * @example
 * ```ts
 * import { pathKeyLines } from "./document_lines.ts";
 * pathKeyLines("openapi: 3.0.0\npaths:\n  /pets:\n    get: {}\n", ["/pets"]).get("/pets"); // 3
 * ```
 */
export function pathKeyLines(text: string, paths: string[]): Map<string, number> {
  const wanted = new Set(paths);
  const lines = new Map<string, number>();
  let inPaths = false;
  let line = 0;
  for (const raw of text.split("\n")) {
    line++;
    const trimmed = raw.trim();
    if (!inPaths) {
      if (/^"?paths"?\s*:/.test(trimmed)) inPaths = true;
      continue;
    }
    const key = /^(["']?)(\/[^"']*)\1\s*:/.exec(trimmed)?.[2];
    if (key !== undefined && wanted.has(key) && !lines.has(key)) {
      lines.set(key, line);
      if (lines.size === wanted.size) break;
    }
  }
  return lines;
}
