/**
 * Text for a terminal, whatever it holds: a committed file or an API's answer
 * can carry control characters, and printed raw they would move the cursor,
 * clear the screen, set the window title or the clipboard (OSC 52), or hide
 * text. Every control character but tab and newline is shown escaped as
 * `\u001b` (which is also how JSON writes it, so JSON output stays valid),
 * except the colour codes `Paint` writes, which pass as they are.
 *
 * @example
 * ```ts
 * import { terminalSafe } from "./terminal_safe.ts";
 * terminalSafe("\x1b]0;pwned\x07ok"); // "\\u001b]0;pwned\\u0007ok"
 * terminalSafe("\x1b[31mred\x1b[39m"); // unchanged
 * ```
 */
const PAINT_CODES = new Set(["1", "2", "22", "31", "32", "33", "36", "39"]);
const CONTROL = /\x1b\[(\d{1,2})m|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (match, code: string | undefined) => {
    if (code !== undefined) return PAINT_CODES.has(code) ? match : `\\u001b${match.slice(1)}`;
    return escaped(match);
  });
}

/** Every control character but tab and newline escaped, colour codes too: for text that apispec shows as it is (a source line), which never holds apispec's own colours. */
export function escapeControls(text: string): string {
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, escaped);
}

function escaped(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
