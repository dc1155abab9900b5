/**
 * `matches` patterns. They run on RE2 (linear time, so no pattern can hang a
 * run), which has no lookaround and no backreferences: such a pattern is an
 * invalid spec, said before anything is sent.
 */

/** A compiled pattern. */
export interface Pattern {
  test(text: string): boolean;
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
