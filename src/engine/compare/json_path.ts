/**
 * The small path language shared by assertions, captures and ignore lists:
 * `body.items[0].id`, `headers.content-type`, `status`.
 */

export type Segment = string | number;

/** `items[0].id` → `["items", 0, "id"]`. */
export function parseSegments(path: string): Segment[] {
  const segments: Segment[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|\.?([^.[\]]+)/g)) {
    segments.push(match[1] !== undefined ? Number(match[1]) : match[2]);
  }
  return segments;
}

/** Reads a nested value; `found` is false when any segment is absent. */
export function getPath(value: unknown, segments: Segment[]): { found: boolean; value?: unknown } {
  let current = value;
  for (const segment of segments) {
    if (typeof segment === "number") {
      if (!Array.isArray(current) || segment >= current.length) return { found: false };
      current = current[segment];
    } else {
      if (current === null || typeof current !== "object" || Array.isArray(current)) {
        return { found: false };
      }
      if (!Object.hasOwn(current, segment)) return { found: false };
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return { found: true, value: current };
}

/** Appends a key or index to a display path: `body` + `id` → `body.id`, + 3 → `body[3]`. */
export function childPath(path: string, key: Segment): string {
  return typeof key === "number"
    ? `${path}[${key}]`
    : /^[A-Za-z_$][\w$-]*$/.test(key)
    ? `${path}.${key}`
    : `${path}["${key}"]`;
}

/** The JSON type name used in diffs. */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Parses JSON, or undefined when the text is not JSON. */
export function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}

const parsedBodies = new WeakMap<object, ReturnType<typeof tryJson>>();

/**
 * A response's body as JSON, parsed once per response object: the comparison
 * and every assertion read the same parse (bodies can be large).
 */
export function responseJson(response: { body: string }): ReturnType<typeof tryJson> {
  let parsed = parsedBodies.get(response);
  if (!parsed) {
    parsed = tryJson(response.body);
    parsedBodies.set(response, parsed);
  }
  return parsed;
}

/** Deep equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const keysA = Object.keys(a as object);
  const keysB = Object.keys(b as object);
  return keysA.length === keysB.length &&
    keysA.every((key) =>
      Object.hasOwn(b as object, key) && jsonEqual((a as never)[key], (b as never)[key])
    );
}

/** Short JSON text of a value for messages. */
export function preview(value: unknown, max = 60): string {
  const text = value === undefined ? "missing" : JSON.stringify(value);
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}
