/**
 * Swagger 2.0 documents are converted to OpenAPI 3.1 by Scalar's
 * `@scalar/openapi-upgrader` (maintained, used by Scalar's own tools), so
 * `import openapi` and `drift` read them like any 3.x document. The note
 * says what was converted, for the command's output.
 */
import { isRecord } from "../data.ts";

export const UPGRADER = "@scalar/openapi-upgrader";

/** True for a Swagger 2.0 document (`swagger: "2.0"`). */
export function isSwagger2(doc: unknown): boolean {
  return isRecord(doc) && typeof doc.swagger === "string" && /^2(\.0)?$/.test(doc.swagger.trim());
}

export interface Upgraded {
  doc: Record<string, unknown>;
  /** E.g. `Converted Swagger 2.0 to OpenAPI 3.1.1 with @scalar/openapi-upgrader`. */
  note: string;
}

/**
 * @example
 * ```ts
 * import { upgradeSwagger2 } from "./swagger2.ts";
 * const { doc } = await upgradeSwagger2({
 *   swagger: "2.0",
 *   info: { title: "t", version: "1" },
 *   paths: {},
 * });
 * String(doc.openapi).startsWith("3."); // true
 * ```
 */
export async function upgradeSwagger2(doc: Record<string, unknown>): Promise<Upgraded> {
  // Loaded only for a 2.0 document: an npm package brings Deno's Node layer (50 ms) with it.
  const { upgrade } = await import("@scalar/openapi-upgrader");
  // The upgrader changes its argument in place; the caller's copy stays as read.
  const upgraded = upgrade(structuredClone(doc) as never, "3.1") as unknown as Record<
    string,
    unknown
  >;
  return {
    doc: upgraded,
    note: `Converted Swagger ${doc.swagger} to OpenAPI ${upgraded.openapi} with ${UPGRADER}`,
  };
}
