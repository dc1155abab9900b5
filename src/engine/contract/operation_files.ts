/**
 * Which endpoint files document each operation of a document, matched as
 * drift and coverage match (method and path template, server base paths
 * tried). The Coverage view uses it to tell an uncovered operation that has
 * no file (draft one) from one whose file has not passed yet (open it).
 */
import type { ContractDocument } from "./model.ts";
import { OperationIndex, routeKey } from "./path_match.ts";

/** What an endpoint file needs for matching. */
export interface DocumentedRoute {
  spec: string;
  method: string;
  path: string;
}

/**
 * The files of every documented operation, by the operation's route key.
 *
 * @example
 * ```ts
 * import { filesByOperation } from "./operation_files.ts";
 * const doc = { basePaths: ["/v1"], operations: [{
 *   method: "GET", path: "/pets/{id}", responses: ["200"], required: [],
 *   responseSchema: () => undefined, requestSchema: () => undefined,
 * }] };
 * filesByOperation([{ spec: "pet.md", method: "GET", path: "/v1/pets/:petId" }], doc);
 * // Map { "GET /pets/{}" => ["pet.md"] }
 * ```
 */
export function filesByOperation(
  routes: DocumentedRoute[],
  doc: Pick<ContractDocument, "operations" | "basePaths">,
): Map<string, string[]> {
  const index = new OperationIndex(doc.operations, doc.basePaths);
  const files = new Map<string, string[]>();
  for (const route of routes) {
    const op = index.find(route.method, route.path);
    if (!op) continue;
    const key = routeKey(op.method, op.path);
    files.set(key, [...(files.get(key) ?? []), route.spec]);
  }
  return files;
}

/** The files that document one operation (none: an empty list). */
export function filesOfOperation(
  files: Map<string, string[]>,
  operation: { method: string; path: string },
): string[] {
  return files.get(routeKey(operation.method, operation.path)) ?? [];
}
