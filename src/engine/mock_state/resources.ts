/**
 * Which documented routes the stateful mock treats as resources. A path is a
 * collection when its `GET` example is a list (an array of objects, or an
 * object holding one such array, e.g. `{"items": [...], "total": 2}`), or
 * when it documents `POST` and an item route below it (`/users/:id`). Its
 * item routes are that path plus one `:param`. The seed is the list example's
 * items and the item examples (`GET /users/:id` with `vars: {id: 1}`), filled
 * with the files' `vars:`. Any other route keeps serving its example.
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

export type ResourceRole =
  | { kind: "collection"; def: CollectionDef }
  | { kind: "item"; def: CollectionDef; param: string };

export interface ResourcePlan {
  collections: CollectionDef[];
  /** The route's role, or undefined when it serves its example as written. */
  roleOf(route: EndpointRoute): ResourceRole | undefined;
}

const PARAM = /^:([A-Za-z_]\w*)$/;

/** `/users/:userId/posts` → `/users/:/posts`: paths that differ only in parameter names match. */
function shapeOf(path: string): string {
  return normalizePath(path).split("/").map((s) => PARAM.test(s) ? ":" : s).join("/");
}

/** The example body of a route, filled with its `vars:`, parsed; undefined when it is not JSON. */
function example(route: EndpointRoute): unknown {
  const vars = route.spec.vars;
  const text = fillJsonTemplate(route.spec.expected.body, (name) => vars[name]);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A list example: an array of objects, or an object with exactly one such array. */
function listOf(
  value: unknown,
): { items: JsonObject[]; wrapper?: CollectionDef["wrapper"] } | undefined {
  if (Array.isArray(value)) return value.every(isJsonObject) ? { items: value } : undefined;
  if (!isJsonObject(value)) return undefined;
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
    const list = get ? listOf(example(get)) : undefined;
    if (!list && !(post && items.length > 0)) continue;

    const itemParam = items.length > 0 ? lastParam(items[0].path) : undefined;
    const itemExamples = items.filter((r) => r.method === "GET").map(example).filter(isJsonObject);
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
    if (post) roles.set(post, { kind: "collection", def });
    for (const item of items) roles.set(item, { kind: "item", def, param: lastParam(item.path)! });
  }
  return { collections, roleOf: (route) => roles.get(route) };
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
