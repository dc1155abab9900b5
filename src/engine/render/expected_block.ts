/**
 * An `## Expected response` block written from an actual response, for
 * agents that document an endpoint from a live run (`infer_expected`).
 * Credentials under credential-named JSON keys are replaced so the block can
 * be committed as is.
 */
import type { HttpResponse } from "../model.ts";
import { isCredentialPair } from "../secrets/names.ts";
import { MASK } from "../secrets/mask.ts";
import { tryJson } from "../compare/json_path.ts";
import { reasonPhrase } from "./exec.ts";
import { codeFence } from "./markdown_text.ts";

/** Headers worth a contract: the media type and where a created resource lives. */
const CONTRACT_HEADERS = ["content-type", "location"];

/**
 * Credential values under credential keys become "****" (word match on the
 * key, and a literal worth hiding); every other value is kept as it came.
 */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map((
        [k, v],
      ) => [k, typeof v === "string" && isCredentialPair(k, v) ? MASK : redactJson(v)]),
    );
  }
  return value;
}

/**
 * @example
 * ```ts
 * import { inferExpectedBlock } from "./expected_block.ts";
 * inferExpectedBlock({ status: 204, reason: "", headers: [], body: "" });
 * // "```http\nHTTP/1.1 204 No Content\n```"
 * ```
 */
export function inferExpectedBlock(response: HttpResponse): string {
  const lines = [
    `HTTP/1.1 ${response.status} ${reasonPhrase(response.status, response.reason)}`.trim(),
  ];
  for (const name of CONTRACT_HEADERS) {
    const header = response.headers.find(([n]) => n.toLowerCase() === name);
    if (header) lines.push(`${canonical(name)}: ${header[1]}`);
  }
  const json = tryJson(response.body);
  const body = json.ok ? JSON.stringify(redactJson(json.value), null, 2) : response.body.trimEnd();
  if (body !== "") lines.push("", body);
  const text = lines.join("\n");
  const fence = codeFence(text);
  return `${fence}http\n${text}\n${fence}`;
}

function canonical(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}
