/**
 * A fast, non-cryptographic fingerprint of a text: two 32-bit mixes of its
 * UTF-16 code units (cyrb53's, widened to 64 bits) and its length. Used to
 * tell whether a file changed since it was last checked; it guards against
 * accidents, not adversaries (a cache keyed by it lives outside the project).
 *
 * @example
 * ```ts
 * textHash("a") === textHash("a"); // true
 * textHash("a") !== textHash("b"); // true
 * ```
 */
export function textHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length.toString(36)}.${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}`;
}
