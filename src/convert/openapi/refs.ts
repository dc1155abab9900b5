/**
 * Local `$ref` resolution for OpenAPI documents, done lazily: only what an
 * operation uses is looked up, so a 13 MB document with ten thousand refs is
 * never copied or expanded. External files were bundled in before this runs.
 */
import { isRecord } from "../data.ts";

/** `#/components/schemas/a~1b` → ["components", "schemas", "a/b"]. */
export function pointerParts(ref: string): string[] {
  return ref.replace(/^#\/?/, "").split("/").filter((p) => p !== "").map((part) => {
    let decoded = part;
    try {
      decoded = decodeURIComponent(part);
    } catch { /* keep as written */ }
    return decoded.replace(/~1/g, "/").replace(/~0/g, "~");
  });
}

export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let current = doc;
  for (const part of pointerParts(ref)) {
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isRecord(current)) current = current[part];
    else return undefined;
  }
  return current;
}

/** Follows `$ref` chains (a ref to a ref) to the object they name; a cycle or dead end gives undefined. */
export function deref<T = Record<string, unknown>>(doc: unknown, value: unknown): T | undefined {
  let current = value;
  const seen = new Set<string>();
  while (isRecord(current) && typeof current.$ref === "string") {
    if (seen.has(current.$ref)) return undefined;
    seen.add(current.$ref);
    current = resolvePointer(doc, current.$ref);
  }
  return isRecord(current) ? current as T : undefined;
}
