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
