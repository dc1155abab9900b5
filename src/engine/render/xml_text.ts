/**
 * Text in generated XML (JUnit): markup characters as entities, and the
 * characters XML 1.0 does not allow at all (control characters, lone
 * surrogates, U+FFFE and U+FFFF) shown escaped as `\u001b`, so the file
 * always parses and a value never becomes markup or a CDATA section.
 */

const MARKUP: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  '"': "&quot;",
  "'": "&apos;",
  // Parsers turn these into spaces (attributes) or "\n" (text): written as references they stay.
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function allowed(text: string): string {
  return text.replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * An attribute value (inside double or single quotes).
 *
 * @example
 * ```ts
 * import { xmlAttr } from "./xml_text.ts";
 * xmlAttr('a"\n<b>\x1b'); // "a&quot;&#10;&lt;b&gt;\\u001b"
 * ```
 */
export function xmlAttr(text: string): string {
  return allowed(text).replace(/[<>&"'\t\n\r]/g, (c) => MARKUP[c]);
}

/** Element text: line breaks stay line breaks, `]]>` cannot appear. */
export function xmlText(text: string): string {
  return allowed(text).replace(/[<>&\r]/g, (c) => MARKUP[c]);
}
