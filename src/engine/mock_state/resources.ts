/**
 * Which documented routes the stateful mock treats as resources. A path is a
 * collection when its `GET` example is a list (an array of objects, or an
 * object holding one such array, e.g. `{"items": [...], "total": 2}`), or
 * when it documents `POST` and an item route below it (`/users/:id`). Its
 * item routes are that path plus one `:param`. The seed is the list example's
 * items and the item examples (`GET /users/:id` with `vars: {id: 1}`), filled
 * with the files' `vars:`. Any other route keeps serving its example.
 *
 * Enveloped bodies (`{"data": {...}, "permissions": {...}}`, as many APIs
 * answer) are read through their envelope: an object without an id whose one
 * envelope key (`data`, `item`, `result`, ...) holds an object. The item
 * inside is what is seeded and stored; each route answers in the envelope its
 * own example documents, and a write route takes its body out of the
 * envelope its request example (else its answer) documents.
 */
import type { EndpointRoute } from "../routes/route_table.ts";
import { normalizePath } from "../routes/route_table.ts";
import { fillJsonTemplate } from "../resolve/json_template.ts";
import { isJsonObject, type JsonObject } from "./merge_patch.ts";

export interface CollectionDef {
  /** The collection's path as the first route documents it, e.g. `/users/:userId/posts`. */
  path: string;
  /** The key that holds an item's id. */
  idKey: string;
  /** The item routes' parameter name (`userId` in `/users/:userId`), for `{{userId}}` in headers. */
  itemParam?: string;
  seed: JsonObject[];
  /** The list example when it wraps the array in an object, and the key of the array. */
  wrapper?: { example: JsonObject; key: string };
}

/** An item wrapped in an object: the example around it and the key that holds it. */
export interface Envelope {
  key: string;
  example: JsonObject;
}

/** How one route's bodies look, beyond its collection: set only where the route documents it. */
export interface RouteBodies {
  /** The route's documented answer wraps the item (`{"data": {...}}`). */
  envelope?: Envelope;
  /** The key the route's documented request body wraps the item in. */
  requestKey?: string;
  /** `POST`: the item its documented answer shows (out of its envelope), without its id. */
  documented?: JsonObject;
  /** `POST`: the id of that item, which a literal `Location: /users/3` ends with. */
  documentedId?: string;
}

export type ResourceRole =
  & ({ kind: "collection"; def: CollectionDef } | {
    kind: "item";
    def: CollectionDef;
    param: string;
  })
  & RouteBodies;

export interface ResourcePlan {
  collections: CollectionDef[];
  /** The route's role, or undefined when it serves its example as written. */
  roleOf(route: EndpointRoute): ResourceRole | undefined;
}

const PARAM = /^:([A-Za-z_]\w*)$/;

/** Keys APIs commonly wrap a single item in (JSON:API and Kinto `data`, Cloudflare `result`, ...). */
export const ENVELOPE_KEYS: readonly string[] = [
  "data",
  "item",
  "result",
  "resource",
  "record",
  "payload",
];

/** `/users/:userId/posts` → `/users/:/posts`: paths that differ only in parameter names match. */
function shapeOf(path: string): string {
  return normalizePath(path).split("/").map((s) => PARAM.test(s) ? ":" : s).join("/");
}

/** The example body of a route (its answer, or its request), filled with its `vars:`, parsed; undefined when it is not JSON. */
function example(route: EndpointRoute, part: "expected" | "request" = "expected"): unknown {
  const vars = route.spec.vars;
  const text = fillJsonTemplate(route.spec[part].body, (name) => vars[name]);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The envelope of a single item: an object with no id of its own (`id`, or the item
 * parameter's name) whose only envelope key holds an object.
 *
 * @example
 * ```ts
 * import { envelopeOf } from "./resources.ts";
 * envelopeOf({ data: { id: "b1" }, permissions: {} }); // { key: "data", example: {...} }
 * envelopeOf({ id: 1, data: { size: 2 } }); // undefined: an item with a data field
 * ```
 */
export function envelopeOf(value: unknown, itemParam?: string): Envelope | undefined {
  if (!isJsonObject(value) || "id" in value || (itemParam !== undefined && itemParam in value)) {
    return undefined;
  }
  const keys = ENVELOPE_KEYS.filter((key) => isJsonObject(value[key]));
  return keys.length === 1 ? { key: keys[0], example: value } : undefined;
}

/** The item a body holds: inside its envelope when it has one. */
function unwrapped(value: unknown, itemParam?: string): unknown {
  const envelope = envelopeOf(value, itemParam);
  return envelope ? envelope.example[envelope.key] : value;
}

/**
 * A list example: an array of objects, or an object with exactly one such array (not an
 * item with one array member: the object has no id, and the route does not end in a parameter).
 */
function listOf(
  value: unknown,
  path: string,
): { items: JsonObject[]; wrapper?: CollectionDef["wrapper"] } | undefined {
  if (Array.isArray(value)) return value.every(isJsonObject) ? { items: value } : undefined;
  if (!isJsonObject(value) || "id" in value || lastParam(path) !== undefined) return undefined;
  const arrays = Object.entries(value).filter(([, v]) => Array.isArray(v));
  if (arrays.length !== 1) return undefined;
  const [key, items] = arrays[0] as [string, unknown[]];
  return items.every(isJsonObject) ? { items, wrapper: { example: value, key } } : undefined;
}

/**
 * @example
 * ```ts
 * import { planResources } from "./resources.ts";
 * // routes: GET /users (example `[{"id": 1}]`), GET /users/:id, POST /users
 * // planResources(routes).collections[0] → { path: "/users", idKey: "id", seed: [{ id: 1 }], … }
 * ```
 */
export function planResources(routes: EndpointRoute[]): ResourcePlan {
  const byShape = new Map<string, EndpointRoute[]>();
  for (const route of routes) {
    const shape = shapeOf(route.path);
    byShape.set(shape, [...(byShape.get(shape) ?? []), route]);
  }
  const roles = new Map<EndpointRoute, ResourceRole>();
  const collections: CollectionDef[] = [];
  for (const [shape, here] of byShape) {
    const items = (byShape.get(shape === "/" ? "/:" : `${shape}/:`) ?? [])
      .filter((r) => ["GET", "PUT", "PATCH", "DELETE"].includes(r.method));
    const get = here.find((r) => r.method === "GET");
    const post = here.find((r) => r.method === "POST");
    const list = get ? listOf(example(get), get.path) : undefined;
    if (!list && !(post && items.length > 0)) continue;

    const itemParam = items.length > 0 ? lastParam(items[0].path) : undefined;
    const itemExamples = items.filter((r) => r.method === "GET")
      .map((r) => unwrapped(example(r), itemParam)).filter(isJsonObject);
    const seedObjects = [...(list?.items ?? []), ...itemExamples];
    const idKey = seedObjects.some((o) => "id" in o)
      ? "id"
      : itemParam && seedObjects.some((o) => itemParam in o)
      ? itemParam
      : "id";
    const def: CollectionDef = {
      path: (get ?? post ?? here[0]).path,
      idKey,
      itemParam,
      seed: dedupe(seedObjects, idKey),
      wrapper: list?.wrapper,
    };
    collections.push(def);
    if (get && list) roles.set(get, { kind: "collection", def });
    if (post) roles.set(post, { kind: "collection", def, ...bodiesOf(post, def) });
    for (const item of items) {
      roles.set(item, { kind: "item", def, param: lastParam(item.path)!, ...bodiesOf(item, def) });
    }
  }
  return { collections, roleOf: (route) => roles.get(route) };
}

/** A single-item route's envelopes and documented item, each only when its example shows it. */
function bodiesOf(route: EndpointRoute, def: CollectionDef): RouteBodies {
  const bodies: RouteBodies = {};
  const answer = example(route);
  const envelope = envelopeOf(answer, def.itemParam);
  if (envelope) bodies.envelope = envelope;
  const requestKey = envelopeOf(example(route, "request"), def.itemParam)?.key;
  if (requestKey) bodies.requestKey = requestKey;
  const item = envelope ? envelope.example[envelope.key] : answer;
  if (route.method === "POST" && isJsonObject(item)) {
    const { [def.idKey]: id, ...rest } = item;
    if (Object.keys(rest).length > 0) bodies.documented = rest;
    if (typeof id === "string" || typeof id === "number") bodies.documentedId = String(id);
  }
  return bodies;
}

function lastParam(path: string): string | undefined {
  const last = normalizePath(path).split("/").pop() ?? "";
  return PARAM.exec(last)?.[1];
}

/** One item per id, the later example winning (an item example is fuller than a list entry). */
function dedupe(objects: JsonObject[], idKey: string): JsonObject[] {
  const byId = new Map<string, JsonObject>();
  const anonymous: JsonObject[] = [];
  for (const object of objects) {
    const id = object[idKey];
    // Setting a known key keeps its place in the order.
    if (typeof id === "string" || typeof id === "number") byId.set(String(id), object);
    else anonymous.push(object);
  }
  return [...byId.values(), ...anonymous];
}
