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

/** Parses YAML text that starts at `firstLine` of `file`; errors carry the file line. */
export function parseYaml(text: string, file: string, firstLine: number): YamlResult {
  try {
    return { ok: true, value: yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: file }) };
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
