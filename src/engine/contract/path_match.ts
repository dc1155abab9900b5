/**
 * Matches endpoint files to OpenAPI operations by method and path template,
 * whatever the parameters are called: `/users/:id`, `/users/{userId}` and
 * `/users/{user-id}` are one route.
 */
import type { ContractOperation } from "./model.ts";

/**
 * The route key of a path: parameters become `{}`, a trailing slash goes.
 *
 * @example
 * ```ts
 * import { routeKey } from "./path_match.ts";
 * routeKey("get", "/users/:id/posts/"); // "GET /users/{}/posts"
 * routeKey("GET", "/users/{user-id}/posts"); // "GET /users/{}/posts"
 * ```
 */
export function routeKey(method: string, path: string): string {
  const template = path.split("?")[0]
    .replace(/\{[^}/]+\}/g, "{}")
    .replace(/:[A-Za-z_][\w]*/g, "{}")
    .replace(/\/+$/, "");
  return `${method.toUpperCase()} ${template || "/"}`;
}

/** An index of operations by route key; the first of a duplicate wins. */
export class OperationIndex {
  #byKey = new Map<string, ContractOperation>();
  #basePaths: string[];

  constructor(operations: ContractOperation[], basePaths: string[] = []) {
    for (const op of operations) {
      const key = routeKey(op.method, op.path);
      if (!this.#byKey.has(key)) this.#byKey.set(key, op);
    }
    // Longest prefix first, so `/api/v1` is tried before `/api`.
    this.#basePaths = basePaths.filter((p) => p && p !== "/").sort((a, b) => b.length - a.length);
  }

  /** The operation an endpoint's method and path document, trying server base paths too. */
  find(method: string, path: string): ContractOperation | undefined {
    const direct = this.#byKey.get(routeKey(method, path));
    if (direct) return direct;
    for (const base of this.#basePaths) {
      if (path.startsWith(base + "/")) {
        const found = this.#byKey.get(routeKey(method, path.slice(base.length)));
        if (found) return found;
      }
    }
    return undefined;
  }
}
