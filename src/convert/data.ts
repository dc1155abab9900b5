/**
 * Reads a JSON or YAML input document. Errors carry the line, so an importer
 * can say where its input is broken.
 */
import { loadYaml } from "../engine/parse/yaml.ts";
import type { ConvertError } from "./endpoint.ts";

export type DataResult = { ok: true; value: unknown } | { ok: false; error: ConvertError };

function lineOfPosition(text: string, position: number): number {
  return text.slice(0, position).split("\n").length;
}

/**
 * @example
 * ```ts
 * import { parseData } from "./data.ts";
 * parseData('{"a": 1}', "in.json"); // { ok: true, value: { a: 1 } }
 * ```
 */
export function parseData(text: string, name: string): DataResult {
  const source = text.replace(/^\uFEFF/, "");
  const json = /\.json$/i.test(name) || /^\s*[{[]/.test(source);
  if (json) {
    try {
      return { ok: true, value: JSON.parse(source) };
    } catch (error) {
      const message = (error as Error).message;
      const line = /line (\d+)/.exec(message)?.[1];
      const position = /position (\d+)/.exec(message)?.[1];
      if (/\.json$/i.test(name) || !/^\s*[{[]/.test(source)) {
        return {
          ok: false,
          error: {
            message: `Cannot parse JSON: ${message.replace(/\s*\(line \d+ column \d+\)/, "")}`,
            line: line
              ? Number(line)
              : position
              ? lineOfPosition(source, Number(position))
              : undefined,
            fix: "Check the file is complete, valid JSON (an export, not a partial copy)",
          },
        };
      }
    }
  }
  try {
    const loaded = loadYaml(source, name);
    if (loaded.tooLarge) {
      return {
        ok: false,
        error: {
          message: `YAML aliases expand to more than ${
            loaded.tooLarge.limit.toLocaleString("en-US")
          } nodes`,
          line: loaded.tooLarge.line + 1,
          fix: "Write the values out, or alias smaller parts (the document is a YAML bomb)",
        },
      };
    }
    return { ok: true, value: loaded.value };
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark;
    return {
      ok: false,
      error: {
        message: `Cannot parse YAML: ${(error as { reason?: string }).reason ?? String(error)}`,
        line: mark ? mark.line + 1 : undefined,
        fix: "Check indentation and quoting",
      },
    };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}
