/**
 * Merges the apispec MCP server entry into an agent's config file text,
 * keeping every other key, the file's formatting and its comments (JSONC
 * through jsonc-parser's edits; TOML through a table edit checked by parsing
 * the result). Pure: text in, text out. An unparsable file is an error with
 * its position, never overwritten.
 */
import { isDeepStrictEqual } from "node:util";
import {
  applyEdits,
  type FormattingOptions,
  modify,
  parse as parseJsonc,
  type ParseError,
  printParseErrorCode,
} from "jsonc-parser";
import { parse as parseToml, TomlError } from "smol-toml";

export type MergeResult =
  | { ok: true; text: string; changed: boolean }
  | { ok: false; message: string; line?: number; column?: number; fix: string };

type Json = Record<string, unknown>;

/** Compares parsed values by their JSON form (TOML tables have a null prototype). */
function same(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(
    JSON.parse(JSON.stringify(a ?? null)),
    JSON.parse(JSON.stringify(b ?? null)),
  );
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** A copy of `value` with the entry at `path` replaced (or removed with `undefined`). */
function withEntry(value: Json, path: string[], entry: unknown): Json {
  const copy: Json = JSON.parse(JSON.stringify(value));
  let node: Json = copy;
  for (const key of path.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  if (entry === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = entry;
  return copy;
}

function getPath(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), value);
}

/** The indentation a JSON file already uses: its first indented line, else two spaces. */
function formatting(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? "  ";
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  return indent.startsWith("\t")
    ? { insertSpaces: false, tabSize: 1, eol }
    : { insertSpaces: true, tabSize: indent.length, eol };
}

/** Checks that only the entry changed: every other key is as it was. */
function onlyEntryChanged(before: Json, after: Json, path: string[], entry: Json): boolean {
  const merged = {
    ...(isObject(getPath(before, path)) ? getPath(before, path) as Json : {}),
    ...entry,
  };
  return same(withEntry(before, path, merged), after);
}

/**
 * Sets `entry`'s keys at `keyPath` in a JSON or JSONC document; keys of an
 * existing entry that apispec does not set (such as `env`) are kept.
 *
 * @example
 * ```ts
 * import { mergeJsonEntry } from "./mcp_config.ts";
 * const result = mergeJsonEntry('{"theme": "dark"}', ["mcpServers", "apispec"], { command: "apispec" });
 * // result.ok && JSON.parse(result.text).mcpServers.apispec.command === "apispec"
 * ```
 */
export function mergeJsonEntry(
  text: string | undefined,
  keyPath: string[],
  entry: Json,
  newFileKeys: Json = {},
): MergeResult {
  if (text === undefined || text.trim() === "") {
    const created = withEntry(newFileKeys, keyPath, entry);
    return { ok: true, text: JSON.stringify(created, null, 2) + "\n", changed: true };
  }
  const errors: ParseError[] = [];
  const before = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) {
    const { line, column } = lineAndColumn(text, errors[0].offset);
    return {
      ok: false,
      message: `it is not valid JSON (${printParseErrorCode(errors[0].error)})`,
      line,
      column,
      fix: "Fix the file by hand, then run the command again; apispec never overwrites it",
    };
  }
  if (!isObject(before)) {
    return { ok: false, message: "its top level is not an object", fix: "Make it a JSON object" };
  }
  for (let depth = 1; depth < keyPath.length; depth++) {
    const node = getPath(before, keyPath.slice(0, depth));
    if (node !== undefined && !isObject(node)) {
      return {
        ok: false,
        message: `"${keyPath.slice(0, depth).join(".")}" is not an object`,
        fix: `Make "${keyPath.slice(0, depth).join(".")}" an object of servers`,
      };
    }
  }
  const current = getPath(before, keyPath);
  const options = { formattingOptions: formatting(text) };
  let result = text;
  if (!isObject(current)) {
    result = applyEdits(result, modify(result, keyPath, entry, options));
  } else {
    for (const [key, value] of Object.entries(entry)) {
      if (same(current[key], value)) continue;
      result = applyEdits(result, modify(result, [...keyPath, key], value, options));
    }
  }
  if (result === text) return { ok: true, text, changed: false };
  const after = parseJsonc(result, [], { allowTrailingComma: true });
  if (!onlyEntryChanged(before, after, keyPath, entry)) {
    return {
      ok: false,
      message: "apispec could not add its entry without changing other keys",
      fix: `Add it by hand under "${keyPath.join(".")}": ${JSON.stringify(entry)}`,
    };
  }
  return { ok: true, text: result, changed: true };
}

const TOML_BARE_KEY = /^[A-Za-z0-9_-]+$/;

function tomlKey(key: string): string {
  return TOML_BARE_KEY.test(key) ? key : JSON.stringify(key);
}

function tomlValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(", ")}]`;
  if (typeof value === "string") return JSON.stringify(value);
  return String(value);
}

/** A header line for `path`, however the user quoted or spaced it. */
function headerPattern(path: string[]): RegExp {
  const parts = path.map((key) => `\\s*(?:${key}|"${key}"|'${key}')\\s*`).join("\\.");
  return new RegExp(`^\\s*\\[${parts}\\]\\s*(?:#.*)?$`);
}

/**
 * Sets `entry`'s keys in the TOML table at `tablePath`, appending the table
 * when it is missing; the rest of the file, comments included, is untouched.
 */
export function mergeTomlTable(
  text: string | undefined,
  tablePath: string[],
  entry: Record<string, string | string[]>,
): MergeResult {
  const header = `[${tablePath.map(tomlKey).join(".")}]`;
  const lines = Object.entries(entry).map(([key, value]) =>
    `${tomlKey(key)} = ${tomlValue(value)}`
  );
  const source = text ?? "";
  let before: Json;
  try {
    before = parseToml(source) as Json;
  } catch (error) {
    const where = error instanceof TomlError ? { line: error.line, column: error.column } : {};
    return {
      ok: false,
      message: `it is not valid TOML (${String((error as Error).message).split("\n")[0]})`,
      ...where,
      fix: "Fix the file by hand, then run the command again; apispec never overwrites it",
    };
  }
  const current = getPath(before, tablePath);
  if (isObject(current) && Object.entries(entry).every(([k, v]) => same(current[k], v))) {
    return { ok: true, text: source, changed: false };
  }
  const eol = source.includes("\r\n") ? "\r\n" : "\n";
  const rows = source === "" ? [] : source.split(/\r?\n/);
  const start = rows.findIndex((row) => headerPattern(tablePath).test(row));
  let result: string;
  if (current === undefined) {
    const body = source === "" ? "" : source.replace(/\s*$/, "") + eol + eol;
    result = body + [header, ...lines].join(eol) + eol;
  } else if (start === -1) {
    return {
      ok: false,
      message: `"${tablePath.join(".")}" is not written as a ${header} table`,
      fix: `Edit it by hand: ${lines.join(", ")}`,
    };
  } else {
    let end = rows.findIndex((row, i) => i > start && /^\s*\[/.test(row));
    if (end === -1) end = rows.length;
    const block = rows.slice(start + 1, end);
    for (const [index, [key]] of Object.entries(entry).entries()) {
      const at = block.findIndex((row) => new RegExp(`^\\s*${tomlKey(key)}\\s*=`).test(row));
      if (at === -1) block.splice(index, 0, lines[index]);
      else block[at] = lines[index];
    }
    result = [...rows.slice(0, start + 1), ...block, ...rows.slice(end)].join(eol);
  }
  let after: Json;
  try {
    after = parseToml(result) as Json;
  } catch {
    after = {};
  }
  if (!onlyEntryChanged(before, after, tablePath, entry)) {
    return {
      ok: false,
      message: `apispec could not update ${header} without changing other keys`,
      fix: `Edit it by hand: ${lines.join(", ")}`,
    };
  }
  return { ok: true, text: result, changed: true };
}
