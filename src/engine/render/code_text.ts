/**
 * Text that generated code carries (k6 scripts, Artillery processors, YAML
 * and shell comments), written so that no value can end the literal or the
 * comment it sits in: an endpoint title, a step name or a file name is data,
 * never code. Every emitter of JavaScript writes its strings with `jsString`
 * and its comments with `commentText`.
 */

/**
 * A JavaScript string literal: JSON's escaping, plus U+2028 and U+2029,
 * which engines before ES2019 (and some of k6's) read as line breaks.
 *
 * @example
 * ```ts
 * import { jsString } from "./code_text.ts";
 * jsString('"; globalThis.x = 1; "'); // '"\\"; globalThis.x = 1; \\""'
 * ```
 */
export function jsString(text: string): string {
  return jsLiteral(text);
}

/** Any JSON value as a JavaScript literal (`undefined` as `undefined`), escaped as `jsString`. */
export function jsLiteral(value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) return "undefined";
  return json.replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/**
 * A key in an object literal. `"__proto__": x` would set the object's
 * prototype instead of a property, so that one name is written computed.
 */
export function jsKey(name: string): string {
  return name === "__proto__" ? `[${jsString(name)}]` : jsString(name);
}

// deno-lint-ignore no-control-regex
const UNPRINTABLE = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/g;

/**
 * One line of comment text for any comment syntax (line comments after `//`
 * or `#`, block comments): control characters and every line or paragraph
 * separator are shown escaped (`\u000a`), so the text stays on its line,
 * and a star followed by a slash gets a backslash between them, so it cannot
 * close a block comment.
 *
 * @example
 * ```ts
 * import { commentText } from "./code_text.ts";
 * commentText("a\nglobalThis.x = 1"); // "a\\u000aglobalThis.x = 1"
 * ```
 */
export function commentText(text: string): string {
  return text
    .replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replaceAll("*/", "*\\/");
}
