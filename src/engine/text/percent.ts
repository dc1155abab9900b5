/**
 * Percent-decoding that never throws: text from files and live traffic holds
 * stray `%` signs (`a%=1`, `50%`), and `decodeURIComponent` throws a URIError
 * on them. Malformed text is returned as written.
 */

/**
 * @example
 * ```ts
 * import { percentDecoded } from "./percent.ts";
 * percentDecoded("caf%C3%A9"); // "café"
 * percentDecoded("50%"); // "50%"
 * percentDecoded("a+b", { plus: true }); // "a b"
 * ```
 */
export function percentDecoded(
  text: string,
  options: {
    /** Form encoding: `+` is a space. */
    plus?: boolean;
    /** A whole URI or path (`decodeURI`): reserved characters (`%2F`) stay encoded. */
    uri?: boolean;
  } = {},
): string {
  const source = options.plus ? text.replace(/\+/g, " ") : text;
  if (!source.includes("%")) return source;
  try {
    return options.uri ? decodeURI(source) : decodeURIComponent(source);
  } catch {
    return source;
  }
}

/**
 * `encodeURIComponent` that never throws: half of a character outside the
 * BMP (text cut mid-character, a hostile file) is encoded as U+FFFD.
 *
 * @example
 * ```ts
 * import { percentEncoded } from "./percent.ts";
 * percentEncoded("a b/é"); // "a%20b%2F%C3%A9"
 * percentEncoded("\uD83D"); // "%EF%BF%BD"
 * ```
 */
export function percentEncoded(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}
