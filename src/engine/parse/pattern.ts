/**
 * `matches` patterns. They run on RE2 (linear time, so no pattern can hang a
 * run), which has no lookaround and no backreferences: such a pattern is an
 * invalid spec, said before anything is sent.
 */

/** A compiled pattern. */
export interface Pattern {
  test(text: string): boolean;
  /**
   * Steps per character of the subject its engine takes at most: V8 on the
   * linear subset, the span of a match it may try at each start; RE2, which
   * runs every state of the compiled program along the subject, the size of
   * the program (counted repetitions expanded: `\d{1000}x` is 1,001).
   * Absent (a plain RegExp standing in for RE2 in tests): 1.
   */
  work?: number;
}

/**
 * The most steps one `matches` test may take (work per character times the
 * subject's length): about 2 s of RE2 on this machine's slowest case. Past
 * it, the rule fails saying so rather than running for minutes (`\d{1000}x`
 * over a 64 MiB body).
 */
export const MAX_MATCH_WORK = 2 ** 27;

/** The rule's problem when a test would pass MAX_MATCH_WORK, undefined when it would not. */
export function matchTooCostly(pattern: Pattern, length: number): string | undefined {
  const perCharacter = pattern.work ?? 1;
  const work = perCharacter * (length + 1);
  if (work <= MAX_MATCH_WORK) return undefined;
  return `matching this pattern against ${length} characters could take ${
    Math.round(work / 1e6)
  } million steps (${perCharacter} per character), over the bound of ${
    Math.round(MAX_MATCH_WORK / 1e6)
  } million; match a smaller part of the response (body.<field>), anchor the pattern with ^, ` +
    "or use shorter counted repetitions";
}

/** RE2's largest repeat count; a larger one does not compile. */
const MAX_REPEAT = 1000;

/**
 * An upper bound on the size of the program RE2 compiles `source` into:
 * each atom one instruction, a group its content, an alternation the sum of
 * its branches, and a counted repetition its atom times the largest count.
 *
 * @example
 * ```ts
 * import { programSize } from "./pattern.ts";
 * programSize("\\d{1000}x"); // 1001
 * programSize("^(ab|c){3}$"); // 11
 * ```
 */
export function programSize(source: string): number {
  let i = 0;
  const sequence = (): number => {
    let total = 0;
    while (i < source.length && source[i] !== "|" && source[i] !== ")") {
      total += atom() * repeat();
    }
    return total;
  };
  const alternation = (): number => {
    let total = sequence();
    while (source[i] === "|") {
      i++;
      total += sequence();
    }
    return total;
  };
  const atom = (): number => {
    const c = source[i];
    if (c === "\\") {
      i += 2;
      // `\p{L}`, `\u{1F600}`, `\x{41}`: one atom with its braces.
      if (source[i] === "{" && "pPux".includes(source[i - 1])) {
        const close = source.indexOf("}", i);
        i = close === -1 ? source.length : close + 1;
      }
      return 1;
    }
    if (c === "[") {
      i++;
      if (source[i] === "^") i++;
      if (source[i] === "]") i++;
      while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
      i++;
      return 1;
    }
    if (c === "(") {
      i++;
      // `(?:`, `(?<name>`, `(?i)`: the group's header is no atom.
      if (source[i] === "?") {
        const header = /^\?(?:<[^>]*>|P<[^>]*>|[a-zA-Z-]*:?)/.exec(source.slice(i));
        i += header ? header[0].length : 1;
      }
      const inner = alternation();
      if (source[i] === ")") i++;
      return Math.max(inner, 1);
    }
    i++;
    return 1;
  };
  const repeat = (): number => {
    const quantifier = /^(?:[*+?]|\{(\d+)(,(\d*))?\})\??/.exec(source.slice(i, i + 16));
    if (!quantifier) return 1;
    i += quantifier[0].length;
    const [, min, comma, max] = quantifier;
    if (min === undefined) return 2; // `*`, `+`, `?`: the atom and a loop
    const count = comma === undefined ? Number(min) : max === "" ? Number(min) + 1 : Number(max);
    return Math.min(Math.max(count, 1), MAX_REPEAT);
  };
  let total = 0;
  while (i < source.length) {
    total += alternation();
    if (source[i] === ")") i++; // a stray `)`: RE2 rejects the pattern anyway
  }
  return Math.max(total, 1);
}

/**
 * Compiles a pattern (source without slashes, flags among `i`, `m`, `s`);
 * throws an Error whose message says why it cannot. The ops layer supplies
 * one (`src/adapters/re2.ts`: RE2, or JavaScript's RegExp for the subset of
 * `linear_pattern.ts`).
 */
export type PatternCompiler = (source: string, flags: string) => Pattern;

/** Flags a `/pattern/flags` operand may carry; `g`, `y` and `u` change nothing for a test. */
const FLAGS = /^[gimsuy]*$/;

/** `^a+$` or `/^a+$/i` → source and the flags RE2 needs (`u` is added by the compiler). */
export function splitPattern(operand: string): { source: string; flags: string } {
  const slashed = /^\/(.*)\/([a-z]*)$/s.exec(operand);
  if (!slashed) return { source: operand, flags: "" };
  return { source: slashed[1], flags: [...new Set(slashed[2].replace(/[gyu]/g, ""))].join("") };
}

/**
 * Why a pattern cannot run, checked without loading RE2: bad flags, JavaScript
 * syntax errors, lookaround and backreferences. RE2 itself is asked by
 * `validate` and before `exec` sends anything.
 */
export function patternProblem(operand: string): string | undefined {
  if (operand === "") return "matches needs a pattern";
  const slashed = /^\/(.*)\/([a-z]*)$/s.exec(operand);
  if (slashed && !FLAGS.test(slashed[2])) {
    return `unknown flag in /…/${slashed[2]}: flags are i, m and s`;
  }
  const { source, flags } = splitPattern(operand);
  try {
    new RegExp(source, flags + "u");
  } catch (error) {
    return `invalid regular expression (${(error as Error).message})`;
  }
  return unsupportedFeature(source);
}

/** Lookaround and backreferences, which linear-time matching cannot do. */
export function unsupportedFeature(source: string): string | undefined {
  // Skip escaped characters and character classes, where `(?=` and `\1` mean nothing special.
  const bare = source.replace(/\\[^1-9k]|\[(?:\\.|[^\]\\])*\]/g, "_");
  if (/\(\?<?[=!]/.test(bare)) {
    return "lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported: patterns run on RE2, in linear time";
  }
  if (/\\[1-9]|\\k</.test(bare)) {
    return "backreferences (\\1, \\k<name>) are not supported: patterns run on RE2, in linear time";
  }
  return undefined;
}
