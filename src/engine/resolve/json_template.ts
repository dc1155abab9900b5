/**
 * `{{name}}` substitution that keeps a JSON template valid JSON. Plain text
 * substitution writes `{"id": abc}` or `"a"b"` when a value is not a number or
 * holds a quote; here a placeholder inside a JSON string gets the value
 * escaped for that string, and a bare placeholder in a value position becomes
 * a number when the value is one, else a JSON string.
 */
import { PLACEHOLDER } from "./template.ts";

/** JSON's number grammar: what may stand bare in a value position. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Fills `{{name}}` from `lookup` (names without a value stay as written),
 * escaping each value for where it stands in the JSON text.
 *
 * @example
 * ```ts
 * import { fillJsonTemplate } from "./json_template.ts";
 * const values: Record<string, string> = { id: "abc", n: "42", q: 'say "hi"' };
 * fillJsonTemplate('{"id": {{id}}, "n": {{n}}, "q": "{{q}}"}', (k) => values[k]);
 * // '{"id": "abc", "n": 42, "q": "say \\"hi\\""}'
 * ```
 */
export function fillJsonTemplate(text: string, lookup: (name: string) => string | undefined) {
  let out = "";
  let from = 0;
  // Whether position `from` lies inside a JSON string; advanced by scanning the text between
  // placeholders, which hold no quotes themselves.
  let inString = false;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const start = match.index;
    inString = scanStrings(text, from, start, inString);
    out += text.slice(from, start);
    from = start + match[0].length;
    const value = lookup(match[1]);
    if (value === undefined) out += match[0];
    else if (inString) out += JSON.stringify(value).slice(1, -1);
    else out += JSON_NUMBER.test(value) ? value : JSON.stringify(value);
  }
  return out + text.slice(from);
}

/** Walks `text[from, to)` and returns whether the end lies inside a string. */
function scanStrings(text: string, from: number, to: number, inString: boolean): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (inString && c === 92 /* \ */) i++;
    else if (c === 34 /* " */) inString = !inString;
  }
  return inString;
}

/** A media type that carries JSON: `application/json`, `application/problem+json`, `text/json`. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const media = contentType.split(";")[0].trim().toLowerCase();
  return media === "application/json" || media === "text/json" || media.endsWith("+json");
}

/** A body template that will be JSON once filled: it opens like an object or an array. */
export function looksLikeJsonTemplate(body: string): boolean {
  const trimmed = body.trimStart();
  return trimmed.startsWith("{") || trimmed.startsWith("[");
}

/**
 * A response block's body is JSON when the block declares a JSON media type,
 * or declares none and the body opens like an object or array.
 */
export function isJsonBlock(block: { headers: { name: string; value: string }[]; body: string }) {
  const type = block.headers.find((h) => h.name.toLowerCase() === "content-type")?.value;
  return type === undefined ? looksLikeJsonTemplate(block.body) : isJsonMediaType(type);
}
