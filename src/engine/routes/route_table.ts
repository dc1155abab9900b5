/**
 * A route table of endpoint paths: built once from `(method, path)` pairs, then
 * looked up per request (the mock serves by it, the proxy matches exchanges by it). Pure. Static paths sit in a map (one lookup); every route
 * also sits in a segment trie whose static children are tried before its
 * `:param` child, so the most specific route wins and a miss on a static
 * branch falls back to the parameter branch.
 */

import type { EndpointSpec } from "../model.ts";

export interface RouteLike {
  method: string;
  path: string;
}

/** An endpoint file as a route: what the mock serves and the proxy compares with. */
export interface EndpointRoute extends RouteLike {
  /** The frontmatter `path`, e.g. `/users/:userId`. */
  path: string;
  /** The endpoint file, relative to the folder read. */
  file: string;
  spec: EndpointSpec;
}

/** Results may be shared between lookups of the same path: treat them as read-only. */
export type RouteLookup<T> =
  | { kind: "found"; route: T; params: Readonly<Record<string, string>> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" };

/** A later route with the same method and path shape as an earlier one; the earlier one is kept. */
export interface DuplicateRoute<T> {
  route: T;
  kept: T;
}

export interface RouteTable<T extends RouteLike> {
  /** Routes in the order given, without duplicates. */
  routes: T[];
  duplicates: DuplicateRoute<T>[];
  lookup(method: string, path: string): RouteLookup<T>;
}

/** Methods in the order an `Allow` header lists them. */
export const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

interface Entry<T> {
  route: T;
  /** Parameter names in path order; values are collected in the same order while walking. */
  names: string[];
}

interface Node<T> {
  statics: Map<string, Node<T>>;
  param?: Node<T>;
  methods?: Map<string, Entry<T>>;
}

const PARAM_SEGMENT = /^:([A-Za-z_]\w*)$/;
/** Paths whose parameter lookups are remembered; the memo starts over when it is full. */
const MEMO_PATHS = 4096;

const newNode = <T>(): Node<T> => ({ statics: new Map() });

/** `/users/` and `/users` are one route; the query is never part of it. */
export function normalizePath(path: string): string {
  const query = path.indexOf("?");
  const bare = query === -1 ? path : path.slice(0, query);
  return bare.length > 1 && bare.endsWith("/") ? bare.slice(0, -1) : bare || "/";
}

/** Segments of a normalized path; `/` has none. */
function segmentsOf(path: string): string[] {
  return path === "/" ? [] : path.slice(1).split("/");
}

function decodeSegment(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Builds the table. Routes are taken in order; a route whose method and path
 * shape (parameter names aside) repeat an earlier one is reported, not added.
 *
 * @example
 * ```ts
 * import { buildRouteTable } from "./route_table.ts";
 * const table = buildRouteTable([
 *   { method: "GET", path: "/users/:id" },
 *   { method: "GET", path: "/users/me" },
 * ]);
 * table.lookup("GET", "/users/me"); // found: the static route
 * table.lookup("GET", "/users/7"); // found: params { id: "7" }
 * ```
 */
export function buildRouteTable<T extends RouteLike>(routes: T[]): RouteTable<T> {
  const root = newNode<T>();
  // Static routes, and parameter routes already looked up, by path then method:
  // a repeated request costs two map lookups instead of a trie walk.
  const exact = new Map<string, Map<string, RouteLookup<T>>>();
  const memo = new Map<string, Map<string, RouteLookup<T>>>();
  const kept: T[] = [];
  const duplicates: DuplicateRoute<T>[] = [];

  for (const route of routes) {
    const path = normalizePath(route.path);
    const method = route.method.toUpperCase();
    let node = root;
    const names: string[] = [];
    for (const segment of segmentsOf(path)) {
      const param = PARAM_SEGMENT.exec(segment);
      if (param) {
        names.push(param[1]);
        node = node.param ??= newNode();
      } else {
        const key = decodeSegment(segment);
        let next = node.statics.get(key);
        if (!next) node.statics.set(key, next = newNode());
        node = next;
      }
    }
    node.methods ??= new Map();
    const existing = node.methods.get(method);
    if (existing) {
      duplicates.push({ route, kept: existing.route });
      continue;
    }
    node.methods.set(method, { route, names });
    kept.push(route);
    if (names.length === 0) {
      let byMethod = exact.get(path);
      if (!byMethod) exact.set(path, byMethod = new Map());
      byMethod.set(method, { kind: "found", route, params: {} });
    }
  }

  function lookup(method: string, rawPath: string): RouteLookup<T> {
    const path = normalizePath(rawPath);
    const verb = method.toUpperCase();
    // A static route is the most specific match there is; a memo hit was looked up before.
    const known = exact.get(path)?.get(verb) ?? memo.get(path)?.get(verb);
    if (known) return known;

    const segments = segmentsOf(path).map(decodeSegment);
    const values: string[] = [];
    // HEAD is answered by GET where no HEAD route is documented.
    const entry = firstMatch(root, segments, 0, verb, values) ??
      (verb === "HEAD" ? firstMatch(root, segments, 0, "GET", values) : undefined);
    if (entry) {
      const params: Record<string, string> = {};
      for (let i = 0; i < entry.names.length; i++) params[entry.names[i]] = values[i];
      const found: RouteLookup<T> = { kind: "found", route: entry.route, params };
      if (memo.size >= MEMO_PATHS) memo.clear();
      let byMethod = memo.get(path);
      if (!byMethod) memo.set(path, byMethod = new Map());
      byMethod.set(verb, found);
      return found;
    }
    // A miss: is the path known under other methods (405) or not at all (404)?
    const candidates = matches(root, segments);
    if (candidates.length === 0) return { kind: "not-found" };
    const allowed = new Set<string>(["OPTIONS"]);
    for (const node of candidates) {
      for (const known of node.methods!.keys()) allowed.add(known);
    }
    if (allowed.has("GET")) allowed.add("HEAD");
    return { kind: "method-not-allowed", allowed: sortMethods([...allowed]) };
  }

  return { routes: kept, duplicates, lookup };
}

/**
 * The most specific route for `verb`: static child first, then the `:param`
 * child, backtracking when a branch has no route further down. On success,
 * `values` holds the parameter values in path order.
 */
function firstMatch<T>(
  node: Node<T>,
  segments: string[],
  index: number,
  verb: string,
  values: string[],
): Entry<T> | undefined {
  if (index === segments.length) return node.methods?.get(verb);
  const segment = segments[index];
  const child = node.statics.get(segment);
  if (child) {
    const found = firstMatch(child, segments, index + 1, verb, values);
    if (found) return found;
  }
  if (node.param && segment !== "") {
    values.push(segment);
    const found = firstMatch(node.param, segments, index + 1, verb, values);
    if (found) return found;
    values.pop();
  }
  return undefined;
}

/** Every node with routes that matches the path, whatever its methods (for 405). */
function matches<T>(root: Node<T>, segments: string[]): Node<T>[] {
  const found: Node<T>[] = [];
  const walk = (node: Node<T>, index: number) => {
    if (index === segments.length) {
      if (node.methods) found.push(node);
      return;
    }
    const child = node.statics.get(segments[index]);
    if (child) walk(child, index + 1);
    if (node.param && segments[index] !== "") walk(node.param, index + 1);
  };
  walk(root, 0);
  return found;
}

export function sortMethods(methods: string[]): string[] {
  const rank = (m: string) => {
    const i = METHOD_ORDER.indexOf(m);
    return i === -1 ? METHOD_ORDER.length : i;
  };
  return [...methods].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
