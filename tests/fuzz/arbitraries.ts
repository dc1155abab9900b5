/**
 * fast-check arbitraries for parsers of untrusted text: real files (from
 * fixtures/corpora and the demo collection) mutated by edits fast-check can
 * shrink, and documents whose values are replaced by any JSON at any depth.
 * The edits insert the mutation fuzzer's tokens (mutate.ts) and hostile text:
 * the shared corpus of hostile strings, control characters, huge repeats,
 * deep nesting, YAML anchors and tags.
 */
import fc from "fast-check";
import { TOKENS } from "./mutate.ts";
import { HOSTILE_TEXTS } from "../helpers/hostile_strings.ts";

/**
 * Text meant to break parsers: size, depth, encodings, YAML and template
 * syntax; with the shared corpus of strings that end literals, comments and
 * tags (tests/helpers/hostile_strings.ts).
 */
export const HOSTILE: string[] = [
  ...HOSTILE_TEXTS,
  "\u0000",
  "\u001b[2J",
  "\u2028",
  "\uFEFF",
  "\uD800",
  "\r",
  "\\",
  "${{",
  "{{{{",
  "}}}}",
  "<!--",
  "-->",
  "</script>",
  "*/",
  "`",
  "%",
  "%00",
  "!!js/function",
  "!!python/object",
  "<<: *a",
  "&a [*a, *a, *a]",
  "a".repeat(5000),
  "[".repeat(3000),
  "{".repeat(3000),
  "- ".repeat(500),
  "  ".repeat(2000) + "x",
  "\n".repeat(2000),
  "9".repeat(400),
  "1e99999",
  "-0",
  "NaN",
  "__proto__",
  "constructor",
  '{"__proto__": {"polluted": true}}',
];

const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TOKENS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24, unit: "grapheme" }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 16, unit: "binary" }) },
);

type Edit =
  | { op: "insert"; at: number; text: string }
  | { op: "delete"; at: number; length: number }
  | { op: "duplicate"; at: number; length: number }
  | { op: "truncate"; at: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant("insert" as const), at: fc.nat(), text: token }),
  fc.record({ op: fc.constant("delete" as const), at: fc.nat(), length: fc.nat(80) }),
  fc.record({ op: fc.constant("duplicate" as const), at: fc.nat(), length: fc.nat(400) }),
  fc.record({ op: fc.constant("truncate" as const), at: fc.nat() }),
);

function apply(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % (out.length + 1);
    if (e.op === "insert") out = out.slice(0, at) + e.text + out.slice(at);
    else if (e.op === "delete") out = out.slice(0, at) + out.slice(at + e.length);
    else if (e.op === "duplicate") out = out.slice(0, at + e.length) + out.slice(at);
    else out = out.slice(0, at);
  }
  return out;
}

/** A seed file with up to six edits; shrinks toward the seed itself. */
export function mutatedText(seeds: string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...seeds), fc.array(edit, { maxLength: 6 }))
    .map(([seed, edits]) => apply(seed, edits));
}

/** Text of any kind: the seeds mutated, arbitrary strings, hostile text alone. */
export function anyText(seeds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mutatedText(seeds) },
    { weight: 2, arbitrary: fc.string({ maxLength: 400, unit: "grapheme" }) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) },
  );
}

/** Every path to a value in a JSON document, the root included. */
function paths(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(at);
  if (out.length > 4000) return out;
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  }
  return out;
}

function replaceAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.constantFrom(null, [], {}, 0, -1, true, "", 1e308) },
);

/**
 * A JSON document (parsed seed) with up to four values replaced by any JSON,
 * as JSON text. Importers of JSON formats must take any shape.
 */
export function mutatedDocument(seeds: unknown[]): fc.Arbitrary<string> {
  return fc.tuple(
    fc.constantFrom(...seeds),
    fc.array(fc.tuple(fc.nat(), jsonish), { maxLength: 4 }),
  ).map(([seed, replacements]) => {
    let doc = seed;
    for (const [pick, value] of replacements) {
      const all = paths(doc);
      doc = replaceAt(doc, all[pick % all.length], value);
    }
    return JSON.stringify(doc);
  });
}
