/**
 * Text inside generated markdown (the check, drift and coverage reports that
 * land in pull-request comments and job summaries): a name, a path or a hint
 * stays text on its own line. Inline text has its markup characters
 * backslash-escaped (no links, images, HTML, emphasis or table cells from
 * data), code spans and fences are longer than any backtick run they hold,
 * and no value can start a line of its own.
 */

// deno-lint-ignore no-control-regex
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029\x85]/g;

function visible(text: string): string {
  return text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** One line: breaks become spaces, control characters are shown escaped. */
function oneLine(text: string): string {
  return visible(text.replace(LINE_BREAKS, " ").replace(/\t/g, " "));
}

/**
 * Inline text: every character that could start markup is escaped (`*`, `_`,
 * `~`, `` ` ``, `[`, `]`, `<`, `>`, `&`, `|`, `$`, `#`, `@`, `\`).
 *
 * @example
 * ```ts
 * import { mdText } from "./markdown_text.ts";
 * mdText("![x](http://e) | <b>"); // "!\\[x\\](http://e) \\| \\<b\\>"
 * ```
 */
export function mdText(text: string): string {
  return oneLine(text).replace(/[\\`*_~[\]<>&|$#@]/g, "\\$&");
}

/**
 * A code span whose fence is longer than any backtick run inside. In a
 * table cell a `|` still ends the cell, so it is escaped there (GitHub drops
 * the backslash).
 *
 * @example
 * ```ts
 * import { mdCode } from "./markdown_text.ts";
 * mdCode("a`b"); // "``a`b``"
 * ```
 */
export function mdCode(text: string, options: { table?: boolean } = {}): string {
  let code = oneLine(text);
  if (options.table) code = code.replace(/\|/g, "\\|");
  const fence = codeFence(code, 1);
  // A span that starts or ends with a backtick or a space needs a space of padding.
  const pad = /^[` ]|[` ]$/.test(code) ? " " : "";
  return `${fence}${pad}${code}${pad}${fence}`;
}

/**
 * A fenced code block: the fence is longer than any backtick run of the
 * lines, and a line break inside a line starts a line of the block, never a
 * line of the document.
 */
export function mdFence(lines: string[], info = ""): string[] {
  const body = lines.flatMap((line) => line.split(LINE_BREAKS)).map((l) => visible(l));
  const fence = codeFence(body.join("\n"));
  return [`${fence}${info}`, ...body, fence];
}

/**
 * A backtick fence longer than any backtick run in the text (at least
 * `minimum`), so the text cannot close it: for code blocks (3) and spans (1).
 *
 * @example
 * ```ts
 * import { codeFence } from "./markdown_text.ts";
 * codeFence("no backticks"); // "```"
 * codeFence("one", 1).length; // 1
 * ```
 */
export function codeFence(text: string, minimum = 3): string {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = text.charCodeAt(i) === 96 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return "`".repeat(Math.max(minimum, longest + 1));
}
