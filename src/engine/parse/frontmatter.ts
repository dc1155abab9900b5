/**
 * Typed reading of frontmatter fields: each reader records an issue naming
 * the key's line and a fix instead of throwing.
 */
import { type Issue, issue, warning } from "../issue.ts";
import type { MdDocument } from "./markdown.ts";
import { keyLine, parseYaml, scalarText } from "./yaml.ts";
import { nearMiss } from "../text/edit_distance.ts";

export class FieldReader {
  readonly issues: Issue[] = [];
  readonly data: Record<string, unknown>;
  private readonly seen = new Set<string>();

  constructor(
    readonly file: string,
    private readonly text: string,
    private readonly firstLine: number,
    data: Record<string, unknown>,
  ) {
    this.data = data;
  }

  /** Line of a key; `path` may be nested (`["response", "match"]`). */
  line(path: string[]): number {
    return keyLine(this.text, this.firstLine, path) ??
      keyLine(this.text, this.firstLine, [path.join(".")]) ??
      keyLine(this.text, this.firstLine, [path[0]]) ??
      this.firstLine;
  }

  /** The raw value of a key, nested map or literal dotted key. */
  raw(path: string[]): unknown {
    this.seen.add(path[0]);
    let value: unknown = this.data[path[0]];
    for (let i = 1; i < path.length && value !== undefined; i++) {
      value = value !== null && typeof value === "object" && !Array.isArray(value)
        ? (value as Record<string, unknown>)[path[i]]
        : undefined;
    }
    if (value === undefined && path.length > 1) {
      const dotted = path.join(".");
      this.seen.add(dotted);
      value = this.data[dotted];
    }
    return value;
  }

  fail(path: string[], message: string, fix: string, code: Issue["code"] = "SPEC_PARSE_ERROR") {
    this.issues.push(issue(code, message, { file: this.file, line: this.line(path), fix }));
  }

  string(path: string[], required: boolean): string | undefined {
    const value = this.raw(path);
    if (value === undefined || value === null) {
      if (required) this.missing(path);
      return undefined;
    }
    if (typeof value !== "string" || value.trim() === "") {
      this.fail(
        path,
        `Field "${path.join(".")}" must be a non-empty string`,
        `Write \`${path.join(".")}: <text>\``,
      );
      return undefined;
    }
    return value;
  }

  enumValue<T extends string>(
    path: string[],
    values: readonly T[],
    required: boolean,
  ): T | undefined {
    const value = this.raw(path);
    if (value === undefined || value === null) {
      if (required) this.missing(path, values);
      return undefined;
    }
    if (typeof value !== "string" || !(values as readonly string[]).includes(value)) {
      const near = typeof value === "string"
        ? values.find((v) => v.toLowerCase() === value.toLowerCase())
        : undefined;
      this.fail(
        path,
        `Field "${path.join(".")}" has invalid value ${JSON.stringify(value)}`,
        near ? `Did you mean "${near}"?` : `Use one of: ${values.join(", ")}`,
      );
      return undefined;
    }
    return value as T;
  }

  integer(path: string[], required: boolean, min = 0): number | undefined {
    const value = this.raw(path);
    if (value === undefined || value === null) {
      if (required) this.missing(path);
      return undefined;
    }
    if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
      this.fail(
        path,
        `Field "${path.join(".")}" must be an integer of at least ${min}, got ${
          JSON.stringify(value)
        }`,
        `Write \`${path.join(".")}: <integer>\` without quotes`,
      );
      return undefined;
    }
    return value;
  }

  boolean(path: string[], required: boolean): boolean | undefined {
    const value = this.raw(path);
    if (value === undefined || value === null) {
      if (required) this.missing(path);
      return undefined;
    }
    if (typeof value !== "boolean") {
      this.fail(
        path,
        `Field "${path.join(".")}" must be true or false, got ${JSON.stringify(value)}`,
        `Write \`${path.join(".")}: true\` or \`${path.join(".")}: false\` without quotes`,
      );
      return undefined;
    }
    return value;
  }

  stringList(path: string[]): string[] {
    const value = this.raw(path);
    if (value === undefined || value === null) return [];
    const list = typeof value === "string" ? [value] : value;
    if (!Array.isArray(list) || list.some((v) => typeof v !== "string" && typeof v !== "number")) {
      this.fail(
        path,
        `Field "${path.join(".")}" must be a list of strings`,
        `Write \`${path.join(".")}: [a, b]\``,
      );
      return [];
    }
    return list.map(String);
  }

  /** A map of scalars (the `vars:` layer), values as strings. */
  scalarMap(path: string[]): Record<string, string> {
    const value = this.raw(path);
    if (value === undefined || value === null) return {};
    if (typeof value !== "object" || Array.isArray(value)) {
      this.fail(
        path,
        `Field "${path.join(".")}" must be a map of name: value`,
        "Write `vars: {userId: 42}`",
      );
      return {};
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scalarText(v)]));
  }

  /** Marks keys as known without reading them. */
  known(keys: readonly string[]): void {
    for (const key of keys) this.seen.add(key);
  }

  /**
   * Every top-level key no reader asked for: a near miss of a known key
   * (`standalon`, `respone`) is an error naming it, since the setting it meant
   * would silently not apply; any other key is a warning and ignored.
   */
  warnUnknown(): void {
    const known = [...this.seen];
    for (const key of Object.keys(this.data)) {
      if (this.seen.has(key)) continue;
      const near = nearMiss(key, known);
      const where = { file: this.file, line: this.line([key]) };
      this.issues.push(
        near
          ? issue("SPEC_PARSE_ERROR", `Unknown frontmatter key "${key}"`, {
            ...where,
            fix: `Did you mean "${near}"? Write \`${near}:\` instead`,
          })
          : warning(`Unknown frontmatter key "${key}" is ignored`, {
            ...where,
            fix: `Remove it; the known keys are ${
              known.filter((k) => !k.includes(".")).join(", ")
            }`,
          }),
      );
    }
  }

  private missing(path: string[], values?: readonly string[]): void {
    this.fail(
      path,
      `Missing required field "${path.join(".")}"`,
      values
        ? `Add \`${path.join(".")}: <${values.join("|")}>\``
        : `Add \`${path.join(".")}: <value>\``,
    );
  }
}

/** Parses a document's frontmatter as a YAML map; missing or broken frontmatter is an issue. */
export function readFrontmatter(
  doc: MdDocument,
  file: string,
  what: string,
): { reader?: FieldReader; issues: Issue[] } {
  if (doc.unclosedFrontmatter) {
    return {
      issues: [issue("SPEC_PARSE_ERROR", "Frontmatter is not closed", {
        file,
        line: 1,
        fix: "Close the frontmatter with a line holding only `---`",
      })],
    };
  }
  if (!doc.frontmatter) {
    return {
      issues: [issue("SPEC_PARSE_ERROR", `Missing frontmatter at the top of the ${what}`, {
        file,
        line: 1,
        fix: "Start the file with a `---` line, the YAML fields, and another `---` line",
      })],
    };
  }
  const { text, line } = doc.frontmatter;
  const parsed = parseYaml(text, file, line);
  if (!parsed.ok) return { issues: [parsed.issue] };
  const value = parsed.value ?? {};
  if (typeof value !== "object" || Array.isArray(value)) {
    return {
      issues: [issue("SPEC_PARSE_ERROR", "Frontmatter must be a YAML map of fields", {
        file,
        line,
        fix: "Write one `key: value` per line between the `---` fences",
      })],
    };
  }
  return {
    reader: new FieldReader(file, text, line, value as Record<string, unknown>),
    issues: [],
  };
}
