/**
 * A flow's data file as an Artillery `config.payload`: each arriving virtual
 * user takes the next row (`order: sequence`) as variables named by the
 * columns. Cells stay text (`cast: false`), as apispec reads CSV; columns the
 * flow reads as JSON are parsed by a processor function. Artillery reads CSV
 * only, so JSON and JSON Lines data are converted to a CSV file beside the
 * script.
 */
import type { LoadData, SideFile, Where } from "./load_flow.ts";

export interface Payload {
  path: string;
  fields: string[];
  skipHeader: true;
  order: "sequence";
  cast: false;
}

export type PayloadResult =
  | { payload: Payload; file?: SideFile; json: string[] }
  | { problem: string; fix: string; where: Where };

/** The payload of a scenario's data; `script` names the side file of converted data. */
export function payloadOf(data: LoadData, script: string | undefined): PayloadResult {
  const base = { fields: data.fields, skipHeader: true, order: "sequence", cast: false } as const;
  if (data.format === "csv") return { payload: { path: data.path, ...base }, json: data.json };
  if (script === undefined) {
    return {
      problem: `Artillery reads CSV data only: ${data.file} is converted to CSV beside the ` +
        "script, which cannot go to stdout",
      fix: "Write the script to a file: --out load.yml",
      where: data.where,
    };
  }
  const name = `${stem(script)}.${stem(data.file.replace(/^.*\//, ""))}.csv`;
  // Objects and arrays become JSON text in a cell; the processor reads them back.
  const structured = data.fields.filter((field) =>
    data.rows.some((row) => row[field] !== null && typeof row[field] === "object")
  );
  return {
    payload: { path: name, ...base },
    file: { name, text: csvText(data.fields, data.rows) },
    json: [...new Set([...data.json, ...structured])],
  };
}

function stem(name: string): string {
  return name.replace(/\.[^.]*$/, "");
}

/**
 * Rows as CSV with a header row, each value as apispec binds it (strings as
 * they are, anything else as JSON).
 *
 * @example
 * ```ts
 * import { csvText } from "./artillery_payload.ts";
 * csvText(["name", "tags"], [{ name: "Ada, L.", tags: ["a"] }]); // 'name,tags\n"Ada, L.","[""a""]"\n'
 * ```
 */
export function csvText(fields: string[], rows: Record<string, unknown>[]): string {
  const cell = (value: unknown) => {
    const text = value === undefined
      ? ""
      : typeof value === "string"
      ? value
      : JSON.stringify(value);
    return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [fields.map(cell), ...rows.map((row) => fields.map((f) => cell(row[f])))]
    .map((line) => line.join(",")).join("\n") + "\n";
}
