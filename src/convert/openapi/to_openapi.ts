/**
 * `apispec export openapi`: endpoint specs to an OpenAPI 3.1 document.
 * Parameters come from the path, the request target's query and headers;
 * bodies become examples; `## Schema` blocks become response schemas (their
 * `$defs` moved to `components/schemas`, since `#/$defs/...` would point at
 * the document root); `auth` becomes security schemes; environments servers.
 */
import type { EndpointSpec, HttpHeader, ProjectConfig, ResponseBlock } from "../../engine/model.ts";
import { securityScheme } from "./security.ts";
import { slugify } from "../../engine/render/spec_md.ts";
import { openApiPath, ownerFirst, routeKey } from "../../engine/duplicates.ts";
import { percentDecoded } from "../../engine/text/percent.ts";
import { requestMedia, responseMedia } from "./protocol_media.ts";

type Obj = Record<string, unknown>;

export interface ExportInput {
  title: string;
  specs: EndpointSpec[];
  /** Environment name → baseUrl. */
  servers: [string, string][];
  /** The project's default auth and its blocks, for endpoints that do not set their own. */
  project?: Pick<ProjectConfig, "auth" | "oauth2" | "apiKey">;
}

const SKIP_HEADERS = /^(content-type|accept|authorization|cookie|content-length|host)$/i;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function contentType(headers: HttpHeader[]): string | undefined {
  return headers.find((h) => /^content-type$/i.test(h.name))?.value.split(";")[0].trim() ||
    undefined;
}

function schemaOfValue(value: unknown): Obj {
  if (Array.isArray(value)) return { type: "array" };
  if (value === null) return { type: "null" };
  if (typeof value === "object") return { type: "object" };
  return {
    type: typeof value === "number"
      ? (Number.isInteger(value) ? "integer" : "number")
      : typeof value,
  };
}

/** Moves a schema's `$defs` into the shared components, renaming on a clash, and rewrites its refs. */
function liftDefs(schema: unknown, components: Obj): unknown {
  if (typeof schema !== "object" || schema === null) return schema;
  const { $schema: _, $defs, ...rest } = schema as Obj;
  const renames = new Map<string, string>();
  const defs = (typeof $defs === "object" && $defs !== null ? $defs : {}) as Obj;
  for (const [name, def] of Object.entries(defs)) {
    let target = name.replace(/[^\w.-]/g, "_");
    for (
      let n = 2;
      components[target] !== undefined &&
      JSON.stringify(components[target]) !== JSON.stringify(def);
      n++
    ) {
      target = `${name}_${n}`;
    }
    renames.set(name, target);
  }
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/")) {
          const name = percentDecoded(v.slice(8));
          return [k, `#/components/schemas/${renames.get(name) ?? name}`];
        }
        return [k, rewrite(v)];
      }),
    );
  };
  for (const [name, def] of Object.entries(defs)) components[renames.get(name)!] ??= rewrite(def);
  return rewrite(rest);
}

function media(type: string | undefined, body: string, schema?: unknown): Obj {
  const example = parseBody(body);
  const entry: Obj = {};
  if (schema !== undefined) entry.schema = schema;
  else if (body.trim()) entry.schema = schemaOfValue(example);
  if (body.trim()) entry.example = example;
  return { [type ?? (typeof example === "string" ? "text/plain" : "application/json")]: entry };
}

/** The expected response and the documented error responses, by status. */
function responsesOf(spec: EndpointSpec, components: Obj): Obj {
  const schema = spec.schema ? liftDefs(spec.schema.value, components.schemas as Obj) : undefined;
  // `200|201` documents both statuses with the same answer; `2XX` is an OpenAPI range key.
  const keys = (block: ResponseBlock) => block.statuses ?? [String(block.status)];
  const responses: Obj = {};
  for (const key of keys(spec.expected)) {
    responses[key] = {
      description: spec.expected.reason || "Expected response",
      ...(responseMedia(spec)
        ? { content: responseMedia(spec) }
        : spec.expected.body.trim() || schema
        ? { content: media(contentType(spec.expected.headers), spec.expected.body, schema) }
        : {}),
    };
  }
  for (const error of spec.errorResponses) {
    for (const key of keys(error)) {
      responses[key] ??= {
        description: error.reason || `Error ${key}`,
        ...(error.body.trim() ? { content: media(contentType(error.headers), error.body) } : {}),
      };
    }
  }
  return responses;
}

function operation(
  spec: EndpointSpec,
  components: Obj,
  usedIds: Set<string>,
  project: ExportInput["project"] = undefined,
): Obj {
  const parameters: Obj[] = [];
  for (const match of spec.path.matchAll(/:([A-Za-z_]\w*)/g)) {
    const example = spec.vars[match[1]];
    parameters.push({
      name: match[1],
      in: "path",
      required: true,
      schema: { type: "string" },
      ...(example !== undefined ? { example } : {}),
    });
  }
  const query = spec.request.target.split("?")[1]?.split("#")[0];
  for (const pair of query ? query.split("&") : []) {
    const [name, ...rest] = pair.split("=");
    if (!name) continue;
    const value = percentDecoded(rest.join("="));
    parameters.push({
      name: percentDecoded(name),
      in: "query",
      required: true,
      schema: { type: "string" },
      ...(value && !value.includes("{{") ? { example: value } : {}),
    });
  }
  for (const header of spec.request.headers) {
    if (SKIP_HEADERS.test(header.name)) continue;
    parameters.push({
      name: header.name,
      in: "header",
      required: true,
      schema: { type: "string" },
      ...(!header.value.includes("{{") ? { example: header.value } : {}),
    });
  }
  const base = slugify(spec.file.replace(/\.md$/, "").replace(/^apis\//, "")).replace(/-/g, "_") ||
    "operation";
  let id = base;
  for (let n = 2; usedIds.has(id); n++) id = `${base}_${n}`;
  usedIds.add(id);
  const responses = responsesOf(spec, components);
  const op: Obj = { operationId: id, summary: spec.title };
  if (spec.description) op.description = spec.description;
  if (spec.tags.length) op.tags = spec.tags;
  if (parameters.length) op.parameters = parameters;
  const special = requestMedia(spec);
  if (special) op.requestBody = { content: special };
  else if (spec.request.body.trim() && !["GET", "HEAD"].includes(spec.method)) {
    op.requestBody = { content: media(contentType(spec.request.headers), spec.request.body) };
  }
  op.responses = responses;
  // The project's default when the endpoint sets none; "none" by default adds nothing.
  const inherited = project?.auth === "none" ? undefined : project?.auth;
  const security = securityScheme({ ...spec, auth: spec.auth ?? inherited }, project);
  if (security) {
    op.security = [{ [security.name]: security.scopes }];
    (components.securitySchemes as Obj)[security.name] ??= security.scheme;
  } else if (spec.auth === "none") op.security = [];
  return op;
}

/**
 * @example
 * ```ts
 * import { toOpenApi } from "./to_openapi.ts";
 * const doc = toOpenApi({ title: "Demo", specs: [], servers: [["dev", "http://localhost:8080"]] });
 * doc.openapi; // "3.1.0"
 * ```
 */
export function toOpenApi(input: ExportInput): Obj {
  const components: Obj = { schemas: {}, securitySchemes: {} };
  const paths: Record<string, Obj> = {};
  const usedIds = new Set<string>();
  const tags = new Set<string>();
  // Files on one method and path (whatever the parameter names) make one operation: the
  // first file's, with the responses of the others added (see engine/duplicates.ts).
  const pathOf = new Map<string, string>();
  const byFile = [...input.specs].sort((a, b) =>
    ownerFirst(
      { ...a, status: a.expected.status },
      { ...b, status: b.expected.status },
    )
  );
  const first = new Map<string, EndpointSpec>();
  for (const spec of byFile) {
    const key = routeKey(spec.method, spec.path);
    if (!first.has(key)) first.set(key, spec);
  }
  for (const spec of [...first.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    const template = routeKey("", spec.path);
    const path = pathOf.get(template) ?? openApiPath(spec.path);
    pathOf.set(template, path);
    const item = paths[path] ??= {};
    item[spec.method.toLowerCase()] = operation(spec, components, usedIds, input.project);
    spec.tags.forEach((t) => tags.add(t));
  }
  for (const spec of byFile) {
    if (first.get(routeKey(spec.method, spec.path)) === spec) continue;
    const op = paths[pathOf.get(routeKey("", spec.path))!][spec.method.toLowerCase()] as Obj;
    const responses = op.responses as Obj;
    for (const [status, response] of Object.entries(responsesOf(spec, components))) {
      responses[status] ??= response;
    }
  }
  const doc: Obj = {
    openapi: "3.1.0",
    info: { title: input.title, version: "1.0.0" },
  };
  const servers = input.servers.filter(([, url]) =>
    /^https?:\/\//.test(url) && !url.includes("{{")
  );
  if (servers.length) doc.servers = servers.map(([name, url]) => ({ url, description: name }));
  if (tags.size) doc.tags = [...tags].map((name) => ({ name }));
  doc.paths = paths;
  for (const key of ["schemas", "securitySchemes"]) {
    if (Object.keys(components[key] as Obj).length === 0) delete components[key];
  }
  if (Object.keys(components).length) doc.components = components;
  return doc;
}
