/**
 * Endpoint files that document the same operation (method and path template,
 * whatever the parameter names: `/users/:id` and `/users/{userId}` are one
 * path). OpenAPI holds one operation per method and path, so `export openapi`
 * merges them; `validate` and `doctor` warn about them, naming the files.
 */
import { type Issue, warning } from "./issue.ts";

export interface DuplicateOperation {
  method: string;
  /** OpenAPI form of the first file's path: `/users/{id}`. */
  path: string;
  /** Every file documenting it, the operation's owner first (see `ownerFirst`). */
  files: string[];
}

/** What the duplicate search reads of an endpoint file. */
export interface Route {
  method: string;
  path: string;
  file: string;
  /** Expected status: a success response owns the operation before error scenarios. */
  status?: number;
}

/** Orders files on one operation: expected 2xx first, then by file name. */
export function ownerFirst(a: Route, b: Route): number {
  const success = (r: Route) => r.status !== undefined && r.status >= 200 && r.status < 300 ? 0 : 1;
  return success(a) - success(b) || a.file.localeCompare(b.file);
}

/** `/users/:id` and `/users/{userId}` → `/users/{}`: the key under which paths collide. */
export function routeKey(method: string, path: string): string {
  const template = path.replace(/:[A-Za-z_]\w*|\{[^}]*\}/g, "{}").replace(/(.)\/+$/, "$1");
  return `${method.toUpperCase()} ${template}`;
}

/** `:id` → `{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, "{$1}");
}

/**
 * @example
 * ```ts
 * import { duplicateOperations } from "./duplicates.ts";
 * duplicateOperations([
 *   { method: "GET", path: "/users/:id", file: "b.md" },
 *   { method: "GET", path: "/users/{userId}", file: "a.md" },
 * ]); // [{ method: "GET", path: "/users/{userId}", files: ["a.md", "b.md"] }]
 * ```
 */
export function duplicateOperations(specs: Route[]): DuplicateOperation[] {
  const groups = new Map<string, Route[]>();
  for (const spec of specs) {
    const key = routeKey(spec.method, spec.path);
    groups.set(key, [...(groups.get(key) ?? []), spec]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => {
      const sorted = [...group].sort(ownerFirst);
      return {
        method: sorted[0].method.toUpperCase(),
        path: openApiPath(sorted[0].path),
        files: sorted.map((s) => s.file),
      };
    })
    .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** One warning per duplicated operation, on its second file. */
export function duplicateWarnings(duplicates: DuplicateOperation[]): Issue[] {
  return duplicates.map((d) =>
    warning(
      `${d.method} ${d.path} is documented by ${d.files.length} endpoint files: ${
        d.files.join(", ")
      }`,
      {
        file: d.files[1],
        fix: "Keep one endpoint file per method and path; document other outcomes under " +
          "## Error responses of that file (export openapi merges the files' responses " +
          `into the operation of ${d.files[0]})`,
      },
    )
  );
}
