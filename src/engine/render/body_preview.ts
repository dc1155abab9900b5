/**
 * The start of a large body, for people: `exec -v`, `flow -v`, `request -v`
 * and the HTML report show at most 64 KiB or 1,000 lines of a body and say
 * how large it was and where the whole of it is. Bodies reach the renderers
 * already masked (the operations mask records before they leave), so the cut
 * never shows the start of a secret the masker would have hidden whole.
 */
import { formatBytes } from "../bytes.ts";

export const PREVIEW_CHARS = 64 * 1024;
export const PREVIEW_LINES = 1000;

export interface BodyPreview {
  text: string;
  /** Set when the body was cut: its whole size in UTF-8 bytes. */
  totalBytes?: number;
}

const encoder = new TextEncoder();

/**
 * @example
 * ```ts
 * import { previewBody } from "./body_preview.ts";
 * previewBody("short").text; // "short"
 * previewBody("x\n".repeat(5000)).totalBytes; // 10000
 * ```
 *
 * `of` is the body as received when `text` is a display form of it (indented JSON): the size
 * reported is the body's own.
 */
export function previewBody(
  text: string,
  limits: { chars?: number; lines?: number; of?: string } = {},
): BodyPreview {
  const chars = limits.chars ?? PREVIEW_CHARS;
  const lines = limits.lines ?? PREVIEW_LINES;
  let cut = Math.min(text.length, chars);
  let seen = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < cut; at = text.indexOf("\n", at + 1)) {
    if (++seen === lines) cut = at;
  }
  if (cut >= text.length) return { text };
  // End on a line when one ends in the last quarter of what is kept, never inside a surrogate pair.
  const lineEnd = text.lastIndexOf("\n", cut);
  if (lineEnd > cut * 0.75) cut = lineEnd;
  if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? "")) cut--;
  return { text: text.slice(0, cut), totalBytes: encoder.encode(limits.of ?? text).length };
}

/** The line that follows a cut body: its size, what is shown, and where all of it is. */
export function cutNote(preview: BodyPreview, whole: string): string {
  const shown = encoder.encode(preview.text).length;
  return `… ${formatBytes(preview.totalBytes ?? shown)} body, the first ${
    formatBytes(shown)
  } shown; all of it: ${whole}`;
}
