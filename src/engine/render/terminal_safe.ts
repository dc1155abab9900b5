/**
 * Text for a terminal, whatever it holds: a committed file or an API's answer
 * can carry control characters, and printed raw they would move the cursor,
 * clear the screen, set the window title or the clipboard (OSC 52), hide
 * text, or paint a body's `FAIL` as a green `PASS`. Every control character
 * but tab and newline is shown escaped as `\u001b` (which is also how JSON
 * writes it, so JSON output stays valid), colour codes included.
 *
 * apispec's own colours survive because they are not written as colour codes
 * until after that escaping: the CLI's `Paint` writes a mark that holds a
 * random key of the process (`markedPaint`), and only the writer that holds
 * the key turns its marks into colour codes (`terminalText`). Data cannot
 * forge a mark: it never sees the key.
 *
 * @example
 * ```ts
 * import { markedPaint, terminalText } from "./terminal_safe.ts";
 * const paint = markedPaint("k3y");
 * terminalText(paint.red("FAIL") + " \x1b[32mPASS", "k3y", true); // "\x1b[31mFAIL\x1b[39m \\u001b[32mPASS"
 * ```
 */
import type { Paint } from "./paint.ts";

// Control characters are what this regex is for.
// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/** Private-use characters around a mark: `\uE000<key><code>\uE001`. */
const OPEN = "\uE000";
const CLOSE = "\uE001";

/** Every control character but tab and newline escaped, colour codes too. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, escaped);
}

function escaped(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** A `Paint` whose colours are marks with `key` (letters and digits), for `terminalText`. */
export function markedPaint(key: string): Paint {
  const mark = (open: number, close: number) => (text: string) =>
    `${OPEN}${key}${open}${CLOSE}${text}${OPEN}${key}${close}${CLOSE}`;
  return {
    red: mark(31, 39),
    green: mark(32, 39),
    yellow: mark(33, 39),
    cyan: mark(36, 39),
    dim: mark(2, 22),
    bold: mark(1, 22),
  };
}

const markPatterns = new Map<string, RegExp>();

/**
 * What the terminal receives: control characters escaped, then the marks of
 * `key` turned into colour codes (or dropped, for a stream without colour).
 */
export function terminalText(text: string, key: string, colour: boolean): string {
  const safe = escapeControls(text);
  if (!safe.includes(OPEN)) return safe;
  let marks = markPatterns.get(key);
  if (!marks) markPatterns.set(key, marks = new RegExp(`${OPEN}${key}(\\d{1,2})${CLOSE}`, "g"));
  return safe.replace(marks, colour ? "\x1b[$1m" : "");
}
