/**
 * The route template of a path the proxy saw but no endpoint file documents:
 * segments that are numbers or UUIDs are ids and become parameters, so that
 * `/users/42` and `/users/7` are one route, `/users/:id`. With several ids,
 * the last is `:id` and each earlier one is named after the segment before
 * it (`/users/42/posts/7` → `/users/:userId/posts/:id`), as parameter names
 * must differ within a path.
 */

const NUMERIC = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RouteTemplate {
  /** `/users/:userId/posts/:id` */
  path: string;
  /** Parameter name → the value in the path seen. */
  params: Record<string, string>;
}

/** Whether a path segment is an id (a number or a UUID). */
export function isIdSegment(segment: string): boolean {
  return NUMERIC.test(segment) || UUID.test(segment);
}

/**
 * @example
 * ```ts
 * import { routeTemplate } from "./route_template.ts";
 * routeTemplate("/users/42/posts/0b7c6d2e-8a5f-4c1e-9d3b-2f6a7e8c9d0a").path;
 * // "/users/:userId/posts/:id"
 * ```
 */
export function routeTemplate(path: string): RouteTemplate {
  const segments = path.split("?")[0].split("/");
  const ids = segments.map((s, i) => i > 0 && isIdSegment(s));
  const last = ids.lastIndexOf(true);
  const params: Record<string, string> = {};
  const out = segments.map((segment, i) => {
    if (!ids[i]) return segment;
    let name = i === last ? "id" : `${singular(camel(segments[i - 1] ?? ""))}Id`;
    if (name === "Id" || !/^[A-Za-z_]/.test(name)) name = "id";
    for (let n = 2; name in params; n++) name = `${name.replace(/\d+$/, "")}${n}`;
    params[name] = segment;
    return `:${name}`;
  });
  const joined = out.join("/");
  return {
    path: joined.length > 1 && joined.endsWith("/") ? joined.slice(0, -1) : joined || "/",
    params,
  };
}

function camel(segment: string): string {
  return segment.replace(
    /[^A-Za-z0-9]+(.)?/g,
    (_, c: string | undefined) => (c ?? "").toUpperCase(),
  );
}

/** `users` → `user`, `categories` → `category`, `addresses` → `address`; other words as they are. */
function singular(word: string): string {
  if (/ies$/.test(word)) return word.slice(0, -3) + "y";
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}
