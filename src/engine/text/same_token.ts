/**
 * Whether a secret token a request presented is the expected one, in time
 * independent of where the two differ (the preview server's write cookie, the
 * unverified-TLS bridge's token).
 *
 * @example
 * ```ts
 * import { sameToken } from "./same_token.ts";
 * sameToken("abc", "abc"); // true
 * sameToken(undefined, "abc"); // false
 * ```
 */
export function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined || given.length !== token.length) return false;
  let diff = 0;
  for (let i = 0; i < token.length; i++) diff |= given.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}
