/**
 * Body comparison in `shape` and `strict` modes. Differences are named by
 * JSON path (`body.items[3].id: expected number, got string`).
 */
import { childPath, jsonType, preview } from "./json_path.ts";
import { isSecretName } from "../secrets/names.ts";
import { MASK } from "../secrets/mask.ts";

/** How many differences a diff lists before summarising the rest. */
export const MAX_DIFFERENCES = 10;

/**
 * Shape comparison: every expected key present with a value of the same JSON
 * type, recursively; extra actual keys are allowed; every actual array element
 * must match the first expected element; `null` matches only `null`.
 *
 * @example
 * ```ts
 * import { compareShape } from "./body.ts";
 * compareShape({ id: 1, tags: ["a"] }, { id: "1", tags: [] }); // ["body.id: expected number, got string"]
 * ```
 */
export function compareShape(
  expected: unknown,
  actual: unknown,
  path = "body",
  out: string[] = [],
): string[] {
  if (out.length > MAX_DIFFERENCES) return out;
  const want = jsonType(expected);
  const got = jsonType(actual);
  if (want !== got) {
    out.push(`${path}: expected ${want}, got ${got}`);
    return out;
  }
  if (want === "array") {
    const expectedItems = expected as unknown[];
    if (expectedItems.length === 0) return out;
    (actual as unknown[]).forEach((item, index) =>
      compareShape(expectedItems[0], item, childPath(path, index), out)
    );
  } else if (want === "object") {
    const actualObject = actual as Record<string, unknown>;
    for (const [key, value] of Object.entries(expected as Record<string, unknown>)) {
      const child = childPath(path, key);
      if (!Object.hasOwn(actualObject, key)) {
        out.push(`${child}: expected ${jsonType(value)}, got missing`);
      } else compareShape(value, actualObject[key], child, out);
    }
  }
  return out;
}

const ignoresNothing = () => false;
// A spec's ignore list is compared again and again in flows and data-driven runs.
const matchers = new WeakMap<string[], (path: string) => boolean>();

/** Turns ignore entries into a test; `[*]` matches any index, and a path ignores its subtree. */
export function ignoreMatcher(ignore: string[]): (path: string) => boolean {
  if (ignore.length === 0) return ignoresNothing;
  let matcher = matchers.get(ignore);
  if (!matcher) matchers.set(ignore, matcher = buildMatcher(ignore));
  return matcher;
}

function buildMatcher(ignore: string[]): (path: string) => boolean {
  const patterns = ignore.map((entry) =>
    new RegExp(
      "^" +
        entry.replace(/[.+?^${}()|\\]/g, "\\$&").replace(/\[\*\]/g, "\\[\\d+\\]").replace(
          /\[(\d+)\]/g,
          "\\[$1\\]",
        ) +
        "(?=$|[.[])",
    )
  );
  return (path) => patterns.some((pattern) => pattern.test(path));
}

/** The last key of a display path: `body.user.accessToken` → `accessToken`. */
function lastKey(path: string): string | undefined {
  const match = /(?:\.([\w$-]+)|\["([^"]*)"\])$/.exec(path);
  return match ? match[1] ?? match[2] : undefined;
}

/** A value as a diff shows it; under a credential-named key the value stays hidden. */
function show(path: string, value: unknown, secrets: readonly string[]): string {
  const key = lastKey(path);
  return key !== undefined && typeof value === "string" && isSecretName(key)
    ? `"${MASK}"`
    : preview(value, undefined, secrets);
}

/**
 * Strict comparison: values must be equal, except paths that `ignored` accepts.
 * Values are shown masked (`secrets`: the run's known secrets), then cut.
 *
 * @example
 * ```ts
 * import { compareStrict, ignoreMatcher } from "./body.ts";
 * compareStrict({ id: 1, at: "x" }, { id: 2, at: "y" }, ignoreMatcher(["body.at"])); // ["body.id: expected 1, got 2"]
 * ```
 */
export function compareStrict(
  expected: unknown,
  actual: unknown,
  ignored: (path: string) => boolean,
  root = "body",
  secrets: readonly string[] = [],
): string[] {
  const out: string[] = [];
  const at = (expected: unknown, actual: unknown, path: string): void => {
    if (out.length > MAX_DIFFERENCES || ignored(path)) return;
    const want = jsonType(expected);
    const got = jsonType(actual);
    const shown = (path: string, value: unknown) => show(path, value, secrets);
    if (want !== got) {
      out.push(`${path}: expected ${shown(path, expected)}, got ${shown(path, actual)}`);
    } else if (want === "array") {
      const a = expected as unknown[];
      const b = actual as unknown[];
      if (a.length !== b.length) out.push(`${path}: expected ${a.length} items, got ${b.length}`);
      for (let i = 0; i < Math.min(a.length, b.length); i++) at(a[i], b[i], childPath(path, i));
    } else if (want === "object") {
      const a = expected as Record<string, unknown>;
      const b = actual as Record<string, unknown>;
      for (const key of Object.keys(a)) {
        const child = childPath(path, key);
        if (!Object.hasOwn(b, key)) {
          if (!ignored(child)) out.push(`${child}: expected ${shown(child, a[key])}, got missing`);
        } else at(a[key], b[key], child);
      }
      for (const key of Object.keys(b)) {
        const child = childPath(path, key);
        if (!Object.hasOwn(a, key) && !ignored(child)) {
          out.push(`${child}: unexpected key with ${shown(child, b[key])}`);
        }
      }
    } else if (expected !== actual) {
      out.push(`${path}: expected ${shown(path, expected)}, got ${shown(path, actual)}`);
    }
  };
  at(expected, actual, root);
  return out;
}

/** Non-JSON bodies: exact match, ignoring trailing whitespace. */
export function compareText(
  expected: string,
  actual: string,
  secrets: readonly string[] = [],
): string[] {
  const a = expected.replace(/\s+$/, "");
  const b = actual.replace(/\s+$/, "");
  if (a === b) return [];
  const lineA = a.split("\n");
  const lineB = b.split("\n");
  const index = lineA.findIndex((line, i) => line !== lineB[i]);
  const at = index === -1 ? lineA.length : index;
  return [
    `body line ${at + 1}: expected ${preview(lineA[at] ?? "", undefined, secrets)}, got ${
      preview(lineB[at] ?? "", undefined, secrets)
    }`,
  ];
}

/** Joins differences into the diff's body text, summarising beyond the limit. */
export function summarise(differences: string[]): string | null {
  if (differences.length === 0) return null;
  const shown = differences.slice(0, MAX_DIFFERENCES);
  const more = differences.length > MAX_DIFFERENCES ? [`… and more differences`] : [];
  return [...shown, ...more].join("\n");
}
