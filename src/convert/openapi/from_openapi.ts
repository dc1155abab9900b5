/**
 * `apispec import openapi`: every operation of an OpenAPI 3.0/3.1 document
 * becomes an endpoint draft. Parameters, request body, the first 2xx response
 * (with its schema as `## Schema`), other responses as error responses,
 * security as `auth`, servers as environments, tags as tags.
 */
import type { EndpointDraft } from "../../engine/render/spec_md.ts";
import { type Conversion, type ConvertOutcome, emptyConversion, failure } from "../endpoint.ts";
import { asArray, isRecord } from "../data.ts";
import { deref } from "./refs.ts";
import { SchemaConverter } from "./schema.ts";
import { DEFINITIONS_PREFIX } from "../../engine/contract/schema_ids.ts";
import { environmentsFromServers } from "./servers.ts";
import { type ExampleTools, operationDraft } from "./operation.ts";

export const OPERATION_METHODS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
] as const;

export interface OpenApiOptions {
  onProgress?: (done: number, total: number) => void;
  /**
   * `false`: bodies keep the document's own examples and none is generated or
   * checked (fuzzing replaces every body; generating them is most of the work).
   */
  examples?: false;
}

/** Swagger 2.0 and non-OpenAPI input are refused with a reason (exit 2). */
function checkVersion(doc: unknown): string | ConvertOutcome {
  if (!isRecord(doc)) {
    return failure(
      "The document is not an OpenAPI object",
      "Pass an OpenAPI 3.x document (YAML or JSON)",
    );
  }
  if (typeof doc.swagger === "string") {
    return failure(
      `Swagger ${doc.swagger} documents are not imported; only OpenAPI 3.x`,
      "Convert it to OpenAPI 3 first, e.g. `npx swagger2openapi swagger.json -o openapi.json`, then import the result",
      1,
    );
  }
  const version = typeof doc.openapi === "string" ? doc.openapi : "";
  if (!/^3\.\d+/.test(version)) {
    return failure(
      version ? `OpenAPI ${version} is not supported` : "The document has no `openapi: 3.x` field",
      "Pass an OpenAPI 3.0 or 3.1 document",
      1,
    );
  }
  if (!isRecord(doc.paths) && !isRecord(doc.webhooks)) {
    return failure(
      "The document has no `paths`",
      "Add the API's paths, or check this is the right file",
    );
  }
  return version;
}

/** Whether any operation has a body with a schema: only then are the example tools loaded. */
function hasBodySchemas(
  doc: Record<string, unknown>,
  operations: Record<string, unknown>[],
): boolean {
  const withSchema = (content: unknown) =>
    isRecord(content) &&
    Object.values(content).some((media) => isRecord(media) && media.schema !== undefined);
  return operations.some((operation) => {
    if (withSchema(deref(doc, operation.requestBody)?.content)) return true;
    const responses = isRecord(operation.responses) ? Object.values(operation.responses) : [];
    return responses.some((response) => withSchema(deref(doc, response)?.content));
  });
}

/**
 * The example generator (ajv and randexp, loaded only now) over a converter
 * whose refs name the generator's shared definitions.
 */
async function exampleTools(doc: Record<string, unknown>, version: string): Promise<ExampleTools> {
  const { ExampleGenerator } = await import("../../engine/examples/mod.ts");
  const shared = new SchemaConverter(doc, version, DEFINITIONS_PREFIX);
  const generator = new ExampleGenerator({
    prefix: DEFINITIONS_PREFIX,
    definition: (name) => shared.definition(name),
  });
  return { shared, generator, made: new WeakMap() };
}

/** One warning per flawed schema: what conversion worked around, and what ajv refused. */
export function schemaWarnings(
  converter: SchemaConverter,
  validator: { flaws(): readonly { name: string; message: string }[] },
): string[] {
  return [
    ...converter.flaws().map((flaw) => `Schema ${flaw.where}: ${flaw.message}`),
    ...validator.flaws().map((flaw) =>
      `Schema ${converter.pointerOf(flaw.name) ?? flaw.name} is not valid JSON Schema ` +
      `(${flaw.message}): it is not checked`
    ),
  ];
}

/**
 * @example
 * ```ts
 * import { fromOpenApi } from "./from_openapi.ts";
 * const outcome = await fromOpenApi({
 *   openapi: "3.1.0", info: { title: "Pets", version: "1" },
 *   paths: { "/pets/{id}": { get: { summary: "Get pet", responses: { "200": { description: "ok" } } } } },
 * });
 * outcome.ok && outcome.conversion.endpoints[0].path; // "/pets/:id"
 * ```
 */
export async function fromOpenApi(
  doc: unknown,
  options: OpenApiOptions = {},
): Promise<ConvertOutcome> {
  const version = checkVersion(doc);
  if (typeof version !== "string") return version;
  const api = doc as Record<string, unknown>;
  const info = isRecord(api.info) ? api.info : {};
  const conversion: Conversion = emptyConversion(
    typeof info.title === "string" ? info.title : undefined,
  );
  conversion.environments.push(...environmentsFromServers(asArray(api.servers), conversion));
  const schemas = new SchemaConverter(api, version);
  const paths = isRecord(api.paths) ? api.paths : {};
  const operations: [string, string, Record<string, unknown>, Record<string, unknown>][] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    // Path items may point into components/pathItems (3.1) or at another path.
    const item = deref(api, rawItem);
    if (!isRecord(item)) continue;
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (isRecord(operation)) operations.push([path, method, item, operation]);
    }
  }
  const examples = options.examples !== false &&
      hasBodySchemas(api, operations.map(([, , , operation]) => operation))
    ? await exampleTools(api, version)
    : undefined;
  const safeTexts = new WeakMap<object, string>();
  let done = 0;
  for (const [path, method, item, operation] of operations) {
    options.onProgress?.(++done, operations.length);
    if (method === "trace") {
      conversion.warnings.push(`TRACE ${path} was left out: apispec cannot run TRACE`);
      continue;
    }
    const draft: EndpointDraft = operationDraft({
      doc: api,
      path,
      method: method.toUpperCase(),
      item,
      operation,
      schemas,
      conversion,
      examples,
      safeTexts,
    });
    conversion.endpoints.push(draft);
  }
  if (examples) conversion.warnings.push(...schemaWarnings(examples.shared, examples.generator));
  const webhooks = isRecord(api.webhooks) ? Object.keys(api.webhooks).length : 0;
  if (webhooks > 0) {
    conversion.warnings.push(
      `${webhooks} webhook${
        webhooks === 1 ? " was" : "s were"
      } left out: webhooks are calls the API makes, not endpoints to run`,
    );
  }
  return { ok: true, conversion };
}
