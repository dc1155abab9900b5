/**
 * Strings for string schemas: values of the formats ajv-formats checks, and
 * strings matching a `pattern` (randexp walks the pattern's syntax tree).
 * Patterns come from untrusted documents: repetitions are clamped to a few
 * more than their minimum, and a pattern whose shortest match would still be
 * longer than `MAX_LENGTH` gives nothing (the caller falls back).
 */
// @ts-types="../../../vendor/randexp@0.6.1/randexp.d.ts"
import { RandExp, tokenTypes } from "randexp-bundle";

/** The longest string a pattern may produce. */
export const MAX_LENGTH = 1024;
/** Unbounded and wide repetitions run from their minimum to this many more. */
const SPREAD = 4;

/** An index in [from, to]: the first when deterministic, else chosen by the caller's source. */
export type Pick = (from: number, to: number) => number;

interface Token {
  type: number;
  min?: number;
  max?: number;
  value?: Token | number;
  stack?: Token[];
  options?: Token[][];
}

/** Clamps repetitions in place and returns the longest string the tokens can give. */
function clampAndMeasure(token: Token, depth = 0): number {
  if (depth > 100) return Infinity;
  switch (token.type) {
    case tokenTypes.ROOT:
    case tokenTypes.GROUP: {
      const sequences = token.options ?? [token.stack ?? []];
      let longest = 0;
      for (const sequence of sequences) {
        let sum = 0;
        for (const child of sequence) sum += clampAndMeasure(child, depth + 1);
        longest = Math.max(longest, sum);
      }
      return longest;
    }
    case tokenTypes.REPETITION: {
      const min = token.min ?? 0;
      token.max = Math.min(token.max ?? min, min + SPREAD);
      return token.max * clampAndMeasure(token.value as Token, depth + 1);
    }
    case tokenTypes.POSITION:
      return 0;
    case tokenTypes.REFERENCE:
      return MAX_LENGTH; // a group's text again: unknown, counted as the most allowed
    default:
      return 2; // one code point, two UTF-16 units at most
  }
}

/**
 * A string matching `pattern` (JavaScript syntax, as JSON Schema writes it),
 * or undefined when it cannot be parsed or would be too long. Lookaround is
 * ignored by randexp, so the result is checked by the caller.
 */
export function fromPattern(pattern: string, pick: Pick): string | undefined {
  let generator: RandExp;
  try {
    generator = new RandExp(pattern);
  } catch {
    return undefined;
  }
  if (clampAndMeasure(generator.tokens as Token) > MAX_LENGTH) return undefined;
  generator.randInt = pick;
  try {
    return generator.gen();
  } catch {
    return undefined;
  }
}

const DAY_MS = 86_400_000;
const BASE_DAY = Date.UTC(2024, 0, 1);

function isoDay(n: number): string {
  return new Date(BASE_DAY + n * DAY_MS).toISOString().slice(0, 10);
}

/** Values of each format ajv-formats checks; `n` varies them (0 is the plain one). */
const FORMATS: Record<string, (n: number) => string> = {
  "date-time": (n) => `${isoDay(n)}T00:00:00Z`,
  "iso-date-time": (n) => `${isoDay(n)}T00:00:00Z`,
  date: isoDay,
  time: (n) => `12:00:${String(n % 60).padStart(2, "0")}Z`,
  "iso-time": (n) => `12:00:${String(n % 60).padStart(2, "0")}Z`,
  duration: (n) => `P${n + 1}D`,
  email: (n) => `user${n || ""}@example.com`,
  "idn-email": (n) => `user${n || ""}@example.com`,
  hostname: (n) => `example${n || ""}.com`,
  "idn-hostname": (n) => `example${n || ""}.com`,
  uri: (n) => `https://example.com/${n || ""}`,
  url: (n) => `https://example.com/${n || ""}`,
  iri: (n) => `https://example.com/${n || ""}`,
  "uri-reference": (n) => `/example${n || ""}`,
  "iri-reference": (n) => `/example${n || ""}`,
  "uri-template": (n) => `https://example.com/{id${n || ""}}`,
  ipv4: (n) => `192.0.2.${(n % 254) + 1}`,
  ipv6: (n) => `2001:db8::${(n + 1).toString(16)}`,
  uuid: (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0").slice(-12)}`,
  byte: (n) => btoa(`example${n || ""}`),
  binary: () => "",
  regex: () => "^[a-z]+$",
  "json-pointer": (n) => `/example${n || ""}`,
  "json-pointer-uri-fragment": (n) => `#/example${n || ""}`,
  "relative-json-pointer": (n) => String(n),
  password: (n) => `example-password${n || ""}`,
};

/** A value of `format`, or undefined for a format apispec does not know. */
export function formatValue(format: unknown, n: number): string | undefined {
  return typeof format === "string" && Object.hasOwn(FORMATS, format)
    ? FORMATS[format](n)
    : undefined;
}

const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];

/** A plain string: `string` (with `n` appended past 0), or a seeded word. */
export function plainString(n: number, random?: () => number): string {
  if (random) return WORDS[Math.floor(random() * WORDS.length)] + (n || "");
  return `string${n || ""}`;
}

/**
 * Text servers often mishandle: accented, wide, right-to-left, combining and
 * zero-width characters, an emoji outside the basic plane, a NUL, spaces.
 */
const TRICKY = [
  "é",
  "Ünïcödé",
  "日本語",
  "🙂",
  "ﷺ",
  "\u202etxet",
  "e\u0301",
  "a\u200bb",
  "\u0000",
  " ",
  "'\"<>&",
];

/**
 * A string at the edge of [min, max] (in code points, as JSON Schema counts):
 * the longest allowed (up to `MAX_LENGTH`), the shortest, or tricky text.
 */
export function edgeString(random: () => number, min: number, max: number): string {
  const longest = Math.min(max, Math.max(min, MAX_LENGTH));
  switch (Math.floor(random() * 3)) {
    case 0:
      return fitLength("x".repeat(longest), min, max);
    case 1:
      return fitLength("", min, max);
    default: {
      const text = TRICKY[Math.floor(random() * TRICKY.length)];
      return fitLength(text, min, max);
    }
  }
}

/** `text` padded or cut to fit [min, max] characters. */
export function fitLength(text: string, min: number, max: number): string {
  const chars = [...text];
  if (chars.length > max) return chars.slice(0, Math.max(0, max)).join("");
  if (chars.length < min) return text + "x".repeat(Math.min(min, MAX_LENGTH) - chars.length);
  return text;
}
