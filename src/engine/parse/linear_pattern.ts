/**
 * `matches` patterns simple enough for JavaScript's own RegExp to run in
 * linear time with the same answers as RE2, so the common ones (`^\d+$`,
 * `^/users/\d+$`, `^\d{4}-\d{2}-\d{2}T`) never load the RE2 engine (about
 * 8 ms of a cold exec). Everything else runs on RE2.
 *
 * Accepted: literals, `\d \D \w \W \t \n \r`, escaped punctuation, character
 * classes of those and ranges, `.`, a leading `^` and a trailing `$`, each
 * atom with at most one quantifier; no groups, no alternation. Why that is
 * linear: without groups or alternation a backtracking engine can only try
 * other counts for quantified atoms. Variable bounded counts (`?`, `{1,3}`)
 * multiply those tries, so their product is capped, and so is the span of the
 * bounded part times those tries (the work at each start); an unbounded one
 * (`*`, `+`, `{2,}`) costs up to the subject's length per start, so one is
 * allowed and only when `^` pins the start (without `m`, one start). Without
 * `^` every character is a start, so the work at each start is the work per
 * character of the subject, and it is kept small: `\d{1000}x` over a 1 MB
 * body of digits was a billion steps (3.4 s); it runs on RE2.
 *
 * Where JavaScript and RE2 differ on this subset, the source is rewritten or
 * RE2 runs it: `.` becomes `[^\n]` (JavaScript's `.` also stops at `\r`,
 * U+2028 and U+2029; RE2's only at `\n`), and with `i` no `\w`, `\W`, `\D` or
 * negated class (JavaScript folds U+017F and U+212A into them).
 */

/** Tries of all variable bounded counts together; beyond it, RE2. */
const MAX_COUNT_TRIES = 16;
/**
 * The most characters the bounded part of a match may span, times those tries:
 * the work at each start. Beyond it (`a{1000}` a hundred times), RE2.
 */
const MAX_WORK_PER_START = 1024;
/** The same without `^`, where it is the work per character of the subject (`\d{4}-\d{2}-\d{2}`: 10). */
const MAX_WORK_PER_CHARACTER = 16;

const CLASS_ESCAPES = new Set(["d", "D", "w", "W", "t", "n", "r"]);
const PUNCTUATION = new Set([..."^$\\.*+?()[]{}|/-"]);

/**
 * The source for `new RegExp(source, flags + "u")` when the pattern is in the
 * linear subset, else undefined (RE2 runs it). Flags are among `i`, `m`, `s`.
 */
export function linearSource(source: string, flags: string): string | undefined {
  return linearPattern(source, flags)?.source;
}

/**
 * `linearSource` with the work per character of the subject its RegExp takes
 * at most (`Pattern.work`): 1 with `^` (one start; its bounded part is a
 * constant), else the work at each start.
 */
export function linearPattern(
  source: string,
  flags: string,
): { source: string; work: number } | undefined {
  if (/[^is]/.test(flags)) return undefined; // `m` gives `^` a start on every line
  let out = "";
  let i = 0;
  const anchored = source.startsWith("^");
  if (anchored) {
    out = "^";
    i = 1;
  }
  const folds = flags.includes("i");
  let unbounded = 0;
  let tries = 1;
  let span = 0;
  while (i < source.length) {
    // One atom.
    const c = source[i];
    if (c === "$" && i === source.length - 1) {
      out += "$";
      i++;
      break;
    }
    if (c === "\\") {
      const next = source[i + 1];
      if (!plainEscape(next, folds)) return undefined;
      out += c + next;
      i += 2;
    } else if (c === "[") {
      const end = classEnd(source, i, folds);
      if (end === undefined) return undefined;
      out += source.slice(i, end);
      i = end;
    } else if (c === ".") {
      out += flags.includes("s") ? "." : "[^\\n]";
      i++;
    } else if ("^$|()*+?{}]".includes(c)) {
      return undefined;
    } else {
      out += c;
      i++;
    }
    // Its quantifier, if any.
    const quantifier = /^(?:[*+?]|\{(\d{1,4})(,(\d{0,4}))?\})\??/.exec(source.slice(i));
    if (!quantifier) {
      span++;
      continue;
    }
    const [text, min, comma, max] = quantifier;
    if (Number(min ?? 0) > 1000 || Number(max || 0) > 1000) return undefined; // RE2's limit
    if (text[0] === "*" || text[0] === "+" || (comma !== undefined && max === "")) {
      unbounded++;
      span += Number(min ?? 0) || 1;
    } else if (text[0] === "?") {
      tries *= 2;
      span++;
    } else if (comma !== undefined) {
      if (Number(max) < Number(min)) return undefined;
      tries *= Number(max) - Number(min) + 1;
      span += Number(max);
    } else span += Number(min);
    out += text;
    i += text.length;
  }
  if (i < source.length) return undefined;
  if (tries > MAX_COUNT_TRIES || span * tries > MAX_WORK_PER_START) return undefined;
  if (unbounded > 1 || (unbounded === 1 && !anchored)) return undefined;
  if (!anchored && span * tries > MAX_WORK_PER_CHARACTER) return undefined;
  return { source: out, work: anchored ? 1 : Math.max(span * tries, 1) };
}

/** `\x` that both engines read alike (`folds`: under the `i` flag). */
function plainEscape(next: string | undefined, folds: boolean): boolean {
  if (next === undefined) return false;
  if (folds && (next === "w" || next === "W" || next === "D")) return false;
  return CLASS_ESCAPES.has(next) || PUNCTUATION.has(next);
}

/** The index just past the class that opens at `start`, when it holds only what both engines read alike. */
function classEnd(source: string, start: number, folds: boolean): number | undefined {
  let i = start + 1;
  if (source[i] === "^") {
    if (folds) return undefined;
    i++;
  }
  if (source[i] === "]") return undefined; // `[]` and `[^]`: read differently
  while (i < source.length) {
    const c = source[i];
    if (c === "]") return i + 1;
    if (c === "[") return undefined; // RE2 reads `[[:alpha:]]` as a POSIX class
    if (c === "\\") {
      if (!plainEscape(source[i + 1], folds)) return undefined;
      i += 2;
    } else i++;
  }
  return undefined;
}
