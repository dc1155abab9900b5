/** Escaping for HTML text and attribute values. */

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * @example
 * ```ts
 * import { escapeHtml } from "./html_escape.ts";
 * escapeHtml('<a href="x">'); // "&lt;a href=&quot;x&quot;&gt;"
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * Text of a message (a hint, a problem, a fix) with its `code spans` as
 * `<code>`: messages quote commands and paths in backticks, which a page
 * shows as code, not as backticks. A lone backtick stays as it is.
 *
 * @example
 * ```ts
 * import { escapeProse } from "./html_escape.ts";
 * escapeProse("run `apispec exec <file>`"); // "run <code>apispec exec &lt;file&gt;</code>"
 * ```
 */
export function escapeProse(text: string): string {
  return escapeHtml(text).replace(/`([^`\n]+)`/g, "<code>$1</code>");
}
