/**
 * Schema mode (`response.match: schema`), loaded for the specs that use it:
 * ajv, and RE2 too when the schema has a `pattern` outside the subset
 * JavaScript's RegExp runs in linear time (as for `matches` rules), so a
 * committed spec's pattern cannot hang `exec`, `check` or the proxy.
 */
import { loadRe2 } from "../../adapters/re2.ts";

export type SchemaMode = typeof import("../../engine/compare/schema.ts");

/** The schema-mode module, ready to compile and validate `schema`. */
export async function loadSchemaMode(schema: unknown): Promise<SchemaMode> {
  const mode = await import("../../engine/compare/schema.ts");
  if (mode.needsRe2(schema)) mode.useRe2(await loadRe2());
  return mode;
}
