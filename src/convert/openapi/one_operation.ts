/**
 * One operation of an OpenAPI document, for "Draft spec" in the Coverage
 * view: the document cut down to that operation (its path item's shared
 * parameters, the servers, components and security kept), then converted by
 * the importer (`fromOpenApi`) exactly as `apispec import openapi` converts
 * it. Cutting first keeps a large document's other operations unconverted.
 */
import { type ConvertOutcome, failure } from "../endpoint.ts";
import { isRecord } from "../data.ts";
import { deref } from "./refs.ts";
import { fromOpenApi, OPERATION_METHODS } from "./from_openapi.ts";

const METHODS = new Set<string>(OPERATION_METHODS);

/**
 * The endpoint draft of `method path` (the path as the document writes it).
 *
 * @example
 * ```ts
 * import { fromOpenApiOperation } from "./one_operation.ts";
 * const outcome = await fromOpenApiOperation({
 *   openapi: "3.1.0", info: { title: "Pets", version: "1" },
 *   paths: { "/pets/{id}": {
 *     get: { summary: "Get pet", responses: { "200": { description: "ok" } } },
 *     delete: { summary: "Delete pet", responses: { "204": { description: "gone" } } },
 *   } },
 * }, "DELETE", "/pets/{id}");
 * outcome.ok && outcome.conversion.endpoints.map((e) => e.title); // ["Delete pet"]
 * ```
 */
export async function fromOpenApiOperation(
  doc: unknown,
  method: string,
  path: string,
): Promise<ConvertOutcome> {
  const verb = method.toLowerCase();
  const paths = isRecord(doc) && isRecord(doc.paths) ? doc.paths : {};
  const item = Object.hasOwn(paths, path) ? deref(doc, paths[path]) : undefined;
  if (!isRecord(doc) || !item || !METHODS.has(verb) || !isRecord(item[verb])) {
    return failure(
      `The document has no operation ${method.toUpperCase()} ${path}`,
      "Pick an operation the document lists (the Coverage view's uncovered operations)",
    );
  }
  // Keys that are not methods (parameters, servers, summary) apply to every operation of the item.
  const shared = Object.fromEntries(Object.entries(item).filter(([key]) => !METHODS.has(key)));
  const { webhooks: _left, ...rest } = doc;
  return await fromOpenApi({ ...rest, paths: { [path]: { ...shared, [verb]: item[verb] } } });
}
