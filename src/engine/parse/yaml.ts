/**
 * YAML through js-yaml (the ancestor of @std/yaml) with the core schema, so
 * `2024-01-01` stays a string and nothing but JSON-like values comes back.
 */
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { type Issue, issue } from "../issue.ts";

export type YamlResult =
  | { ok: true; value: unknown }
  | { ok: false; issue: Issue };

/**
 * How many nodes aliases may expand a document to: a value read from YAML is
 * walked (turned into variables, JSON, reports), and `&a [*a, *a, …]` nested
 * nine deep is 387 million nodes from 300 bytes (a "billion laughs").
 */
export function maxExpandedNodes(text: string): number {
  return Math.max(100_000, 4 * text.length);
}

/**
 * Loads YAML with the core schema; undefined `tooLarge` unless aliases
 * expand it past `maxExpandedNodes`, then the 0-based line of the first
 * alias. Aliases are shared references after loading, so counting with a
 * memo costs one pass over the distinct nodes.
 */
export function loadYaml(
  text: string,
  file: string,
): { value: unknown; tooLarge?: { line: number; limit: number } } {
  const value = yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: file });
  // Only a document with an anchor can hold aliases.
  if (!/(?:^|[\s[{,:-])&[^\s]/.test(text)) return { value };
  const limit = maxExpandedNodes(text);
  if (expandedNodes(value, limit) <= limit) return { value };
  const alias = /(?:^|[\s[{,:-])\*[^\s,\]}]/m.exec(text);
  const line = alias ? text.slice(0, alias.index + 1).split("\n").length - 1 : 0;
  return { value: undefined, tooLarge: { line, limit } };
}

/**
 * Nodes of a value with every shared reference counted each time; stops past
 * `limit`. A node that holds itself (`&a [*a]`, which js-yaml loads as a
 * cycle) expands without end: Infinity.
 */
export function expandedNodes(value: unknown, limit: number): number {
  const sizes = new Map<object, number>();
  // Nodes whose children are being counted: reaching one again means a cycle.
  const open = new Set<object>();
  const stack: [object, boolean][] = [];
  if (value !== null && typeof value === "object") stack.push([value, false]);
  while (stack.length > 0) {
    const [node, childrenDone] = stack.pop()!;
    if (sizes.has(node)) continue;
    const children = Object.values(node).filter((c): c is object =>
      c !== null && typeof c === "object"
    );
    if (!childrenDone) {
      if (open.has(node)) return Infinity;
      open.add(node);
      stack.push([node, true]);
      for (const child of children) if (!sizes.has(child)) stack.push([child, false]);
      continue;
    }
    let size = 1 + Object.keys(node).length;
    for (const child of children) size += sizes.get(child) ?? 0;
    if (size > limit) return size;
    open.delete(node);
    sizes.set(node, size);
  }
  return value !== null && typeof value === "object" ? sizes.get(value) ?? 0 : 1;
}

/** Parses YAML text that starts at `firstLine` of `file`; errors carry the file line. */
export function parseYaml(text: string, file: string, firstLine: number): YamlResult {
  try {
    const loaded = loadYaml(text, file);
    if (loaded.tooLarge) {
      return {
        ok: false,
        issue: issue(
          "SPEC_PARSE_ERROR",
          `YAML aliases expand to more than ${loaded.tooLarge.limit.toLocaleString("en-US")} nodes`,
          {
            file,
            line: firstLine + loaded.tooLarge.line,
            fix:
              "Write the values out, or alias smaller parts: apispec refuses documents whose aliases multiply them (a YAML bomb)",
          },
        ),
      };
    }
    return { ok: true, value: loaded.value };
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? String(error);
    return {
      ok: false,
      issue: issue("SPEC_PARSE_ERROR", `Cannot parse YAML: ${reason}`, {
        file,
        line: mark ? firstLine + mark.line : firstLine,
        column: mark ? mark.column + 1 : undefined,
        fix:
          'Check indentation and quoting; quote values holding `: `, `#`, `[` or `{` (e.g. "body.items[0].id")',
      }),
    };
  }
}

/**
 * Serialises a whole document (OpenAPI, Arazzo, an Artillery script): every
 * value goes through the serializer, never pasted, with no anchors or
 * aliases, and strings quoted wherever YAML 1.1 or 1.2 would read them as
 * anything else (`yes`, `~`, `0o17`, `&a`, `key: value`, line breaks).
 */
export function dumpYaml(value: unknown): string {
  return yaml.dump(value, { noRefs: true, lineWidth: -1 });
}

/** Serialises a value as YAML the way importers and `request --save` write frontmatter. */
export function stringifyYaml(value: unknown): string {
  return yaml.dump(value, { schema: yaml.CORE_SCHEMA, lineWidth: -1, noRefs: true, flowLevel: 1 });
}

/**
 * Finds the line of a (possibly nested) key in block YAML without a positional
 * parser: keys sit at line starts, and a nested key is the first one indented
 * under its parent. Undefined when the key is not written in block style.
 */
export function keyLine(text: string, firstLine: number, path: string[]): number | undefined {
  const lines = text.split("\n");
  let from = 0;
  let indent = -1;
  let found: number | undefined;
  for (const key of path) {
    let hit = -1;
    for (let i = from; i < lines.length; i++) {
      const match = /^(\s*)(["']?)([^:"'#]+)\2\s*:/.exec(lines[i]);
      if (!match) continue;
      const depth = match[1].length;
      if (i > from && depth <= indent && indent >= 0) break;
      if (depth > indent && match[3].trim() === key) {
        hit = i;
        indent = depth;
        break;
      }
    }
    if (hit === -1) return undefined;
    found = firstLine + hit;
    from = hit + 1;
  }
  return found;
}

/** Renders a YAML scalar value as the string a variable holds (non-strings as JSON text). */
export function scalarText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  return JSON.stringify(value);
}
