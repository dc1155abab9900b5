/**
 * An OpenAPI 3.x document as the operations drift and coverage compare
 * against: responses, required query and header parameters, request body,
 * and JSON schemas converted on demand by the importer's `SchemaConverter`
 * (3.0 `nullable` and 3.1 JSON Schema alike), `$ref`s resolved lazily.
 */
import type {
  ContractDocument,
  ContractOperation,
  ContractParameter,
} from "../../engine/contract/model.ts";
import { DEFINITIONS_PREFIX } from "../../engine/contract/schema_ids.ts";
import { asArray, isRecord } from "../data.ts";
import { OPERATION_METHODS } from "./from_openapi.ts";
import { deref } from "./refs.ts";
import { SchemaConverter } from "./schema.ts";

type Obj = Record<string, unknown>;

/** OpenAPI ignores header parameters of these names (the spec says so). */
export const IGNORED_HEADERS = /^(accept|content-type|authorization)$/i;

/** The JSON media type of a content map, if any. */
export function jsonMedia(doc: Obj, content: unknown): Obj | undefined {
  if (!isRecord(content)) return undefined;
  const entry = Object.entries(content).find(([type]) => /[/+]json\b|^\*\/\*$/i.test(type));
  return entry && isRecord(entry[1]) ? deref(doc, entry[1]) ?? entry[1] as Obj : undefined;
}

function headerNames(doc: Obj, item: Obj, operation: Obj): string[] {
  const names = new Set<string>();
  for (const raw of [...asArray(item.parameters), ...asArray(operation.parameters)]) {
    const p = deref(doc, raw);
    if (p?.in === "header" && typeof p.name === "string") names.add(p.name);
  }
  return [...names];
}

function requiredParameters(doc: Obj, item: Obj, operation: Obj): ContractParameter[] {
  const byKey = new Map<string, { name: string; in: string; required: boolean }>();
  for (const raw of [...asArray(item.parameters), ...asArray(operation.parameters)]) {
    const p = deref(doc, raw);
    if (!p || typeof p.name !== "string" || typeof p.in !== "string") continue;
    byKey.set(`${p.in}:${p.name.toLowerCase()}`, {
      name: p.name,
      in: p.in,
      required: p.required === true,
    });
  }
  return [...byKey.values()]
    .filter((p) =>
      p.required && (p.in === "query" || (p.in === "header" && !IGNORED_HEADERS.test(p.name)))
    )
    .map((p) => ({ name: p.name, in: p.in as "query" | "header" }));
}

function operationOf(
  doc: Obj,
  schemas: SchemaConverter,
  path: string,
  method: string,
  item: Obj,
  operation: Obj,
): ContractOperation {
  const responses = isRecord(operation.responses) ? operation.responses : {};
  const requestBody = deref(doc, operation.requestBody);
  const cache = new Map<string, unknown>();
  const schemaOf = (key: string, media: () => Obj | undefined) => {
    if (!cache.has(key)) {
      const found = media();
      cache.set(
        key,
        found?.schema === undefined
          ? undefined
          : schemas.shared(found.schema, `${method.toUpperCase()} ${path} ${key}`),
      );
    }
    return cache.get(key);
  };
  return {
    method: method.toUpperCase(),
    path,
    ...(typeof operation.operationId === "string" ? { operationId: operation.operationId } : {}),
    responses: Object.keys(responses),
    required: requiredParameters(doc, item, operation),
    headerNames: headerNames(doc, item, operation),
    ...(requestBody ? { requestBody: { required: requestBody.required === true } } : {}),
    responseSchema: (code) =>
      schemaOf(`response ${code}`, () => jsonMedia(doc, deref(doc, responses[code])?.content)),
    requestSchema: () => schemaOf("request", () => jsonMedia(doc, requestBody?.content)),
  };
}

function basePaths(doc: Obj): string[] {
  const paths = new Set<string>();
  for (const server of asArray(doc.servers)) {
    if (!isRecord(server) || typeof server.url !== "string") continue;
    // Server variables are filled with their defaults, as a client would.
    const variables = isRecord(server.variables) ? server.variables : {};
    const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const v = variables[name];
      return isRecord(v) && typeof v.default === "string" ? v.default : "";
    });
    const path = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(url)?.[1] ??
      (url.startsWith("/") ? url : "");
    const trimmed = path.replace(/\/+$/, "");
    if (trimmed) paths.add(trimmed);
  }
  return [...paths];
}

/**
 * Every operation of a document as `[path, method, path item, operation]`,
 * in document order; TRACE is left out, as the importer leaves it out:
 * apispec cannot run it.
 */
export function* runnableOperations(doc: Obj): Generator<[string, string, Obj, Obj]> {
  for (const [path, rawItem] of Object.entries(isRecord(doc.paths) ? doc.paths : {})) {
    const item = deref(doc, rawItem);
    if (!item) continue;
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (method !== "trace" && isRecord(operation)) yield [path, method, item, operation];
    }
  }
}

/**
 * The operations of an OpenAPI 3.x document (already checked to be one).
 *
 * @example
 * ```ts
 * import { contractDocument } from "./contract.ts";
 * const doc = contractDocument({
 *   openapi: "3.0.3", info: { title: "Pets", version: "1" },
 *   paths: { "/pets/{id}": { get: { responses: { "200": { description: "ok" } } } } },
 * });
 * doc.operations[0].responses; // ["200"]
 * ```
 */
export function contractDocument(raw: unknown): ContractDocument {
  const doc = (isRecord(raw) ? raw : {}) as Obj;
  const version = typeof doc.openapi === "string" ? doc.openapi : "3.0.0";
  const schemas = new SchemaConverter(doc, version, DEFINITIONS_PREFIX);
  const operations: ContractOperation[] = [];
  for (const [path, method, item, operation] of runnableOperations(doc)) {
    operations.push(operationOf(doc, schemas, path, method, item, operation));
  }
  return {
    version,
    operations,
    basePaths: basePaths(doc),
    definitions: () => schemas.definitions(),
    pointerOf: (name) => schemas.pointerOf(name),
    flaws: () => schemas.flaws(),
  };
}
