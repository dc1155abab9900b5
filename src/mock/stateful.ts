/**
 * `mock --stateful`: the routes that `planResources` finds to be collections
 * and items answer from memory. `POST` stores, `GET` reads, `PUT` replaces,
 * `PATCH` merges and `DELETE` removes; each answer keeps the status and
 * headers its endpoint file documents. The state is planned afresh whenever
 * the route table changes (a file was edited) and on `reset()`.
 */
import {
  planResources,
  type ResourcePlan,
  type ResourceRole,
} from "../engine/mock_state/resources.ts";
import { type CollectionDef, envelopeOf } from "../engine/mock_state/resources.ts";
import { isJsonObject, type JsonObject } from "../engine/mock_state/merge_patch.ts";
import { MockState, type StateLimits } from "../engine/mock_state/state.ts";
import type { StoreResult } from "../engine/mock_state/store.ts";
import { isJsonMediaType } from "../engine/resolve/json_template.ts";
import {
  type EndpointRoute,
  normalizePath,
  type RouteTable,
} from "../engine/routes/route_table.ts";
import type { ResponseBlock } from "../engine/model.ts";
import { compileBlock, fillBlock, type HeaderList } from "./compiled.ts";
import { fillTemplate } from "./response.ts";
import { bodyTooLarge, idConflict, invalidBody, itemNotFound, stateFull } from "./problems.ts";
import { readBodyCapped } from "./request_body.ts";

export interface StatefulOptions extends StateLimits {
  /** The largest request body read, in bytes. */
  maxBodyBytes: number;
  newUuid: () => string;
}

/** The state's budget unless `--max-state` says otherwise: 256 MiB of JSON across collections. */
export const DEFAULT_MAX_STATE_BYTES = 256 * 1024 * 1024;

export const STATEFUL_DEFAULTS: StatefulOptions = {
  maxBodyBytes: 1024 * 1024,
  maxItems: 100_000,
  maxCollections: 1_000,
  maxStateBytes: DEFAULT_MAX_STATE_BYTES,
  newUuid: () => crypto.randomUUID(),
};

/** Numeric members of a wrapped list example that count its items, kept equal to the count. */
const COUNT_KEYS = new Set(["total", "count", "totalCount", "total_count", "totalItems", "size"]);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const LOCATION_HEADERS = new Set(["location", "content-location"]);

export interface StatefulRequest {
  request: Request;
  route: EndpointRoute;
  role: ResourceRole;
  params: Readonly<Record<string, string>>;
  /** The mock's origin (`{{baseUrl}}`) and the request path as sent. */
  origin: string;
  path: string;
}

export interface StatefulMock {
  /** The route's role in the state, or undefined when it serves its example. */
  roleOf(table: RouteTable<EndpointRoute>, route: EndpointRoute): ResourceRole | undefined;
  answer(call: StatefulRequest): Promise<Response>;
  /** Back to the seed; answers how many collections had been used. */
  reset(): number;
}

export function createStatefulMock(options: StatefulOptions = STATEFUL_DEFAULTS): StatefulMock {
  let planned: RouteTable<EndpointRoute> | undefined;
  let plan: ResourcePlan | undefined;
  const state = new MockState(options);

  const roleOf = (table: RouteTable<EndpointRoute>, route: EndpointRoute) => {
    if (table !== planned) {
      // A reload gave a new table: plan again and start from the new seed.
      plan = planResources(table.routes);
      planned = table;
      state.reset();
    }
    return plan!.roleOf(route);
  };

  async function answer(call: StatefulRequest): Promise<Response> {
    const { request, route, role } = call;
    const method = request.method === "HEAD" ? "GET" : request.method;
    let body: unknown;
    if (method === "POST" || method === "PUT" || method === "PATCH") {
      const read = await readJson(request, options.maxBodyBytes, route.file);
      if (read instanceof Response) return read;
      body = outOfEnvelope(role, read);
      if (method !== "PATCH" && !isJsonObject(body)) {
        return invalidBody(`A ${method} body must be a JSON object`, route.file);
      }
    }
    // The store is looked up after the body is read, so a reset meanwhile is respected.
    const concrete = normalizePath(call.path);
    const store = state.store(
      role.def,
      role.kind === "item" ? concrete.slice(0, concrete.lastIndexOf("/")) : concrete,
    );
    if (typeof store === "string") return stateFull(store);
    if (role.kind === "collection") {
      if (method === "GET") return sendJson(call, listBody(role.def, store.list()));
      return settle(call, store.insert(withDocumentedFields(role, body as JsonObject)));
    }
    const id = call.params[role.param];
    switch (method) {
      case "GET": {
        const item = store.get(id);
        return item
          ? sendJson(call, inEnvelope(role, item), id)
          : missing(call, `no item with ${role.def.idKey} ${id}`);
      }
      case "PUT":
        return settle(call, store.replace(id, body as JsonObject));
      case "PATCH":
        return settle(call, store.merge(id, body));
      default: {
        const removed = store.remove(id);
        if (!removed.ok) return missing(call, removed.message);
        const block = compileBlock(route.spec.expected);
        const filled = block.templated ? fillBlock(block, values(call, id)) : block;
        return respond(block.status, filled.headers, filled.body, request.method);
      }
    }
  }

  return { roleOf, answer, reset: () => state.reset() };
}

/** The outcome of a write: the stored item with the documented status, or a problem. */
function settle(call: StatefulRequest, result: StoreResult): Response {
  if (result.ok) {
    const id = String(result.item[call.role.def.idKey]);
    return sendJson(call, inEnvelope(call.role, result.item), id);
  }
  const file = call.route.file;
  switch (result.reason) {
    case "not-found":
      return missing(call, result.message);
    case "conflict":
      return idConflict(result.message, file);
    case "full":
      return stateFull(result.message);
    default:
      return invalidBody(result.message, file);
  }
}

/** A write body out of the envelope the route documents (`{"data": {...}}` → the item); else as sent. */
function outOfEnvelope(role: ResourceRole, body: unknown): unknown {
  const key = role.requestKey ?? role.envelope?.key;
  if (key === undefined) return body;
  const envelope = envelopeOf(body, role.def.itemParam);
  return envelope?.key === key ? envelope.example[key] : body;
}

/** A single item in the envelope the route's documented answer wraps it in, other members kept. */
function inEnvelope(role: ResourceRole, item: JsonObject): unknown {
  return role.envelope ? { ...role.envelope.example, [role.envelope.key]: item } : item;
}

/**
 * A created item with the fields the POST's documented answer shows and the body left out, at
 * their documented values: what the server makes itself (`createdAt`, `status`).
 */
function withDocumentedFields(role: ResourceRole, body: JsonObject): JsonObject {
  if (!role.documented) return body;
  const missing = Object.entries(role.documented).filter(([key]) => !(key in body));
  return missing.length === 0 ? body : { ...body, ...Object.fromEntries(missing) };
}

/** A literal `Location: /users/3` of a POST names the item it made, not the documented one. */
function newLocation(role: ResourceRole, name: string, value: string, id?: string): string {
  const documented = role.documentedId;
  if (documented === undefined || id === undefined || !LOCATION_HEADERS.has(name.toLowerCase())) {
    return value;
  }
  const suffix = `/${encodeURIComponent(documented)}`;
  return value.endsWith(suffix)
    ? value.slice(0, -suffix.length) + `/${encodeURIComponent(id)}`
    : value;
}

/** `{{name}}` values for the documented headers: vars, baseUrl, path parameters and the id. */
function values(call: StatefulRequest, id?: string): Record<string, string> {
  const filled: Record<string, string> = {
    ...call.route.spec.vars,
    baseUrl: call.origin,
    ...call.params,
  };
  if (id !== undefined) {
    filled.id = id;
    if (call.role.def.itemParam) filled[call.role.def.itemParam] = id;
  }
  return filled;
}

/** A JSON value with the route's documented status and headers (a JSON content type assured). */
function sendJson(call: StatefulRequest, value: unknown, id?: string): Response {
  const block = compileBlock(call.route.spec.expected);
  const vals = values(call, id);
  const headers: HeaderList = block.headers
    .filter(([name, v]) => name.toLowerCase() !== "content-type" || isJsonMediaType(v))
    .map(([name, v]) => [name, newLocation(call.role, name, fillTemplate(v, vals), id)]);
  if (!headers.some(([name]) => name.toLowerCase() === "content-type")) {
    headers.push(["content-type", "application/json"]);
  }
  return respond(block.status, headers, JSON.stringify(value), call.request.method);
}

/** 404: the endpoint's documented 404 block when it has one, else a problem naming the id. */
function missing(call: StatefulRequest, detail: string): Response {
  const documented: ResponseBlock | undefined = call.route.spec.errorResponses.find((b) =>
    b.status === 404
  );
  if (!documented) return itemNotFound(call.path, detail, call.route.file);
  const block = compileBlock(documented);
  const filled = block.templated ? fillBlock(block, values(call)) : block;
  return respond(404, filled.headers, filled.body, call.request.method);
}

function respond(status: number, headers: HeaderList, body: string, method: string): Response {
  if (NULL_BODY_STATUSES.has(status)) return new Response(null, { status, headers });
  if (method === "HEAD") {
    const length = new TextEncoder().encode(body).length;
    return new Response(null, {
      status,
      headers: [...headers, ["content-length", String(length)]],
    });
  }
  return new Response(body, { status, headers });
}

function listBody(def: CollectionDef, items: JsonObject[]): unknown {
  if (!def.wrapper) return items;
  const wrapped: JsonObject = { ...def.wrapper.example, [def.wrapper.key]: items };
  for (const key of Object.keys(wrapped)) {
    if (COUNT_KEYS.has(key) && typeof wrapped[key] === "number") wrapped[key] = items.length;
  }
  return wrapped;
}

async function readJson(request: Request, limit: number, file: string): Promise<unknown> {
  const read = await readBodyCapped(request, limit);
  if (!read.ok) return bodyTooLarge(limit);
  try {
    return JSON.parse(read.text);
  } catch {
    return invalidBody(
      read.text.trim() === "" ? "The body is empty; send a JSON object" : "The body is not JSON",
      file,
    );
  }
}
