/**
 * An OpenAPI 3.x document's operations as `apispec fuzz` reads them: every
 * parameter with its schema, the request body's media type and schema, each
 * response's media types, schema and links. Schemas are converted once per
 * document by the importer's `SchemaConverter` (3.0 `nullable` and 3.1 alike)
 * and refer to shared definitions by name, as drift's do, so one validator
 * compiles each component once.
 */
import type { HttpMethod } from "../../engine/model.ts";
import {
  type FuzzBody,
  type FuzzLink,
  type FuzzOperation,
  type FuzzParameter,
  type FuzzResponse,
  operationKey,
  type ParameterPlace,
} from "../../engine/fuzz/model.ts";
import { DEFINITIONS_PREFIX } from "../../engine/contract/schema_ids.ts";
import { asArray, isRecord } from "../data.ts";
import { OPERATION_METHODS } from "./from_openapi.ts";
import { deref, pointerParts } from "./refs.ts";
import { SchemaConverter } from "./schema.ts";
import { IGNORED_HEADERS, jsonMedia, runnableOperations } from "./contract.ts";
import { isJsonMediaType } from "../../engine/resolve/json_template.ts";

type Obj = Record<string, unknown>;

const PLACES = new Set<string>(["path", "query", "header", "cookie"]);

export interface FuzzDocument {
  operations: FuzzOperation[];
  /** A shared definition by name: every schema refers to them as `DEFINITIONS_PREFIX` + name. */
  definition(name: string): unknown;
  /** A standalone schema (with `$defs`) of a response, for `## Schema` in a written file. */
  standaloneResponse(operation: FuzzOperation, code: string): Record<string, unknown> | undefined;
}

/** The media type to send: JSON first, then a form, then text; others are not written. */
function pickRequestMedia(content: unknown): [string, Obj] | undefined {
  if (!isRecord(content)) return undefined;
  const entries = Object.entries(content).filter((e): e is [string, Obj] => isRecord(e[1]));
  return entries.find(([type]) => isJsonMediaType(type) || type === "*/*") ??
    entries.find(([type]) => /x-www-form-urlencoded/i.test(type)) ??
    entries.find(([type]) => /^text\/plain\b/i.test(type));
}

function parametersOf(
  doc: Obj,
  item: Obj,
  operation: Obj,
  schemas: SchemaConverter,
  where: string,
) {
  const byKey = new Map<string, FuzzParameter>();
  for (const listed of [...asArray(item.parameters), ...asArray(operation.parameters)]) {
    const p = deref(doc, listed);
    if (!p || typeof p.name !== "string" || typeof p.in !== "string" || !PLACES.has(p.in)) continue;
    if (p.in === "header" && IGNORED_HEADERS.test(p.name)) continue;
    const place = p.in as ParameterPlace;
    // A parameter described by `content` (rare) is JSON of that media type's schema.
    const content = isRecord(p.content) ? Object.values(p.content).find(isRecord) : undefined;
    const schema: unknown = p.schema ?? (content as Obj | undefined)?.schema;
    const style = typeof p.style === "string"
      ? p.style
      : place === "query" || place === "cookie"
      ? "form"
      : "simple";
    byKey.set(`${place}:${place === "header" ? p.name.toLowerCase() : p.name}`, {
      name: p.name,
      in: place,
      required: p.required === true || place === "path",
      schema: schema === undefined ? {} : schemas.shared(schema, `${where} ${place} ${p.name}`),
      explode: typeof p.explode === "boolean" ? p.explode : style === "form",
    });
  }
  return [...byKey.values()];
}

function linksOf(doc: Obj, response: Obj, byId: Map<string, string>): FuzzLink[] {
  const links: FuzzLink[] = [];
  for (const [name, raw] of Object.entries(isRecord(response.links) ? response.links : {})) {
    const link = deref(doc, raw);
    if (!link) continue;
    let target: string | undefined;
    if (typeof link.operationId === "string") target = byId.get(link.operationId);
    else if (typeof link.operationRef === "string") target = operationOfRef(link.operationRef);
    if (!target) continue;
    const parameters = isRecord(link.parameters) ? { ...link.parameters } : {};
    links.push({ name, target, parameters });
  }
  return links;
}

/** `#/paths/~1users~1{id}/get` → `GET /users/{id}`; other forms (other files) are not followed. */
function operationOfRef(ref: string): string | undefined {
  if (!ref.startsWith("#/paths/")) return undefined;
  const parts = pointerParts(ref);
  if (parts.length !== 3 || !OPERATION_METHODS.includes(parts[2] as never)) return undefined;
  return `${parts[2].toUpperCase()} ${parts[1]}`;
}

/**
 * The operations of an OpenAPI 3.x document (already checked to be one),
 * TRACE left out as everywhere else in apispec.
 */
export function fuzzDocument(raw: unknown): FuzzDocument {
  const doc = (isRecord(raw) ? raw : {}) as Obj;
  const version = typeof doc.openapi === "string" ? doc.openapi : "3.0.0";
  const schemas = new SchemaConverter(doc, version, DEFINITIONS_PREFIX);
  const found = [...runnableOperations(doc)];
  const byId = new Map<string, string>();
  for (const [path, method, , operation] of found) {
    if (typeof operation.operationId === "string") {
      byId.set(operation.operationId, `${method.toUpperCase()} ${path}`);
    }
  }
  const sources = new Map<FuzzOperation, Obj>();
  const operations = found.map(([path, method, item, operation]) => {
    const op = operationOf(doc, schemas, path, method, item, operation, byId);
    sources.set(op, operation);
    return op;
  });
  const standalone = new SchemaConverter(doc, version);
  return {
    operations,
    definition: (name) => schemas.definition(name),
    standaloneResponse(operation, code) {
      const source = sources.get(operation);
      const responses = source && isRecord(source.responses) ? source.responses : {};
      const media = jsonMedia(doc, deref(doc, responses[code])?.content);
      return media?.schema === undefined
        ? undefined
        : standalone.standalone(media.schema, "response", `${operationKey(operation)} ${code}`);
    },
  };
}

function operationOf(
  doc: Obj,
  schemas: SchemaConverter,
  path: string,
  method: string,
  item: Obj,
  operation: Obj,
  byId: Map<string, string>,
): FuzzOperation {
  const where = `${method.toUpperCase()} ${path}`;
  const op: FuzzOperation = {
    method: method.toUpperCase() as HttpMethod,
    path,
    ...(typeof operation.operationId === "string" ? { operationId: operation.operationId } : {}),
    parameters: parametersOf(doc, item, operation, schemas, where),
    responses: [],
  };
  const requestBody = deref(doc, operation.requestBody);
  if (requestBody && isRecord(requestBody.content)) {
    const media = pickRequestMedia(requestBody.content);
    const chosen = media ? deref(doc, media[1]) ?? media[1] : undefined;
    if (media && chosen) {
      const body: FuzzBody = {
        mediaType: media[0],
        required: requestBody.required === true,
        schema: chosen.schema === undefined
          ? {}
          : schemas.shared(chosen.schema, `${where} request`),
      };
      op.body = body;
    } else if (requestBody.required === true && Object.keys(requestBody.content).length > 0) {
      op.skip = `its request body is ${
        Object.keys(requestBody.content).join(", ")
      }; fuzz writes JSON, form and text bodies`;
    }
  }
  const responses = isRecord(operation.responses) ? operation.responses : {};
  for (const [code, raw] of Object.entries(responses)) {
    const response = deref(doc, raw);
    if (!response) continue;
    const media = jsonMedia(doc, response.content);
    const entry: FuzzResponse = {
      code,
      mediaTypes: Object.keys(isRecord(response.content) ? response.content : {}),
      links: linksOf(doc, response, byId),
    };
    if (media?.schema !== undefined) {
      entry.schema = schemas.shared(media.schema, `${where} ${code}`);
    }
    op.responses.push(entry);
  }
  return op;
}
