/**
 * Data files for data-driven flow runs: CSV with a header row (parsed by
 * @std/csv), a JSON array of objects, or JSON Lines. Each row becomes a set
 * of variables; a malformed file is an issue naming the file and the line.
 * Both parsers are vendored (vendor/README.md): from npm they brought Deno's
 * Node layer with them, 50 ms of every run of a data-driven flow.
 */
import { parse as parseStdCsv } from "std-csv";
// @ts-types="jsonc-parser"
import { parse as parseJsonc, type ParseError, printParseErrorCode } from "jsonc-parser-bundle";
import { type Issue, issue } from "../issue.ts";

export type DataRow = Record<string, unknown>;
export type DataFormat = "csv" | "json" | "jsonl";

/** More rows than this is a mistake, not a test plan. */
export const MAX_ROWS = 100_000;

const NAME = /^[A-Za-z_][\w.$-]*$/;

/** The format a file name announces, if any. */
export function dataFormat(file: string): DataFormat | undefined {
  const lower = file.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return "jsonl";
  if (lower.endsWith(".json")) return "json";
  return undefined;
}

/**
 * Parses a data file's text into rows.
 *
 * @example
 * ```ts
 * import { parseDataFile } from "./data.ts";
 * parseDataFile('name,email\nAda,"ada@x.org"\n', "data/users.csv").rows; // [{ name: "Ada", email: "ada@x.org" }]
 * ```
 */
export function parseDataFile(text: string, file: string): { rows: DataRow[]; issues: Issue[] } {
  const format = dataFormat(file);
  const fail = (message: string, line?: number, fix?: string) => ({
    rows: [],
    issues: [issue("VALIDATION_ERROR", `Cannot read data file ${file}: ${message}`, {
      file,
      line,
      fix: fix ?? `Fix ${file} so that it is valid ${format?.toUpperCase() ?? "data"}`,
    })],
  });
  if (!format) {
    return fail("unknown format", undefined, "Name the file .csv, .json or .jsonl (JSON Lines)");
  }
  const source = text.replace(/^\uFEFF/, "");
  let rows: DataRow[];
  try {
    rows = format === "csv"
      ? csvRows(source)
      : format === "json"
      ? jsonRows(source)
      : jsonLinesRows(source);
  } catch (error) {
    if (error instanceof DataError) return fail(error.message, error.line, error.fix);
    const e = error as Error & { lines?: number };
    return fail(e.message.replace(/\s+/g, " "), e.lines);
  }
  if (rows.length === 0) {
    return fail("it has no rows", undefined, "Add at least one row below the header");
  }
  if (rows.length > MAX_ROWS) {
    return fail(`it has ${rows.length} rows; the limit is ${MAX_ROWS}`, undefined, "Split it");
  }
  const issues: Issue[] = [];
  const names = new Set(rows.flatMap((row) => Object.keys(row)));
  for (const name of names) {
    if (NAME.test(name)) continue;
    issues.push(issue("VALIDATION_ERROR", `Data column "${name}" is not a variable name`, {
      file,
      line: 1,
      fix:
        "Name columns with letters, digits and _ (e.g. firstName), so steps can use {{firstName}}",
    }));
  }
  return { rows, issues };
}

class DataError extends Error {
  constructor(message: string, readonly line?: number, readonly fix?: string) {
    super(message);
  }
}

/** @std/csv's parse: records as arrays, each as long as the first (RFC 4180, empty lines skipped). */
const parseCsv = parseStdCsv as unknown as (
  text: string,
  options: { fieldsPerRecord: number },
) => string[][];

function csvRows(text: string): DataRow[] {
  let records: string[][];
  try {
    records = parseCsv(text, { fieldsPerRecord: 0 });
  } catch (error) {
    // "Syntax error on line 3: expected 2 fields but got 3"
    const message = (error as Error).message;
    const where = /^Syntax error on line (\d+)[:;]\s*/.exec(message);
    throw new DataError(where ? message.slice(where[0].length) : message, Number(where?.[1]));
  }
  const [header = [], ...rows] = records;
  const seen = new Set<string>();
  for (const column of header) {
    if (column === "") throw new DataError("the header row has an empty column name", 1);
    if (seen.has(column)) throw new DataError(`column "${column}" appears twice`, 1);
    seen.add(column);
  }
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i]])));
}

function jsonRows(text: string): DataRow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw jsonError(text, error as Error);
  }
  if (!Array.isArray(value)) {
    throw new DataError("it must be an array of objects", 1, 'Write `[{"name": "Ada"}, ...]`');
  }
  const starts = elementLines(text);
  value.forEach((row, index) => {
    if (row === null || typeof row !== "object" || Array.isArray(row)) {
      throw new DataError(`element ${index + 1} is not an object`, starts[index]);
    }
  });
  return value as DataRow[];
}

function jsonLinesRows(text: string): DataRow[] {
  const rows: DataRow[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch (error) {
      throw new DataError(jsonError(line, error as Error).message, index + 1);
    }
    if (row === null || typeof row !== "object" || Array.isArray(row)) {
      throw new DataError("each line must be a JSON object", index + 1);
    }
    rows.push(row as DataRow);
  });
  return rows;
}

/** Where JSON text breaks: JSON.parse says what, a positional parser says where. */
function jsonError(text: string, error: Error): DataError {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: true });
  const first = errors[0];
  if (!first) return new DataError(error.message);
  const what = printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return new DataError(
    `${what} (${error.message.replace(/\s+/g, " ")})`,
    lineAt(text, first.offset),
  );
}

/** The line each top-level array element starts on. */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let inString = false;
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (expecting && !/\s/.test(c) && c !== "]") {
      lines.push(lineAt(text, i));
      expecting = false;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      depth++;
      if (depth === 1 && c === "[") expecting = true;
    } else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 1) expecting = true;
  }
  return lines;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === "\n") line++;
  return line;
}
