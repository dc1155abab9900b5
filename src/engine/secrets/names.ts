/**
 * Which names hold credentials, by word rather than by substring: the last
 * word of a name says what it holds, so `accessToken`, `X-Api-Key` and
 * `db_password` are credentials while `author`, `turkey`, `passwordPolicy`,
 * `tokenEndpoint` and `apiKeyName` are not.
 */
import { isInertValue, looksSecret } from "./value.ts";

/** What a credential name holds: any literal `password` is secret; a `token` only when it looks random. */
export type SecretKind = "password" | "token";

const PASSWORD_WORDS = new Set(["password", "passwd", "pwd", "pass", "passphrase", "passcode"]);

const TOKEN_WORDS = new Set([
  "token",
  "secret",
  "apikey",
  "credential",
  "credentials",
  "creds",
  "cookie",
  "auth",
  "authorization",
  "bearer",
  "jwt",
  "session",
  "sessionid",
]);

/** `key` after another word is a credential only after one of these (`apiKey`, `x-api-key`, `privateKey`). */
const KEY_QUALIFIERS = new Set([
  "api",
  "access",
  "secret",
  "private",
  "client",
  "app",
  "application",
  "auth",
  "account",
  "master",
  "signing",
  "encryption",
  "subscription",
  "license",
  "licence",
  "service",
  "admin",
  "developer",
  "consumer",
  "storage",
  "shared",
  "webhook",
  "hmac",
  "session",
]);

/** Lower-case names written as one word (`accesstoken`, `clientsecret`) end with one of these. */
const RUN_TOGETHER = /(?:token|secret|password|passwd|apikey|accesskey|secretkey|privatekey)$/;

/**
 * Splits a name into lower-case words at camelCase humps, `_`, `-`, `.` and
 * spaces; version and number words at the end are dropped.
 *
 * @example
 * ```ts
 * import { nameWords } from "./names.ts";
 * nameWords("X-API-Key"); // ["x", "api", "key"]
 * nameWords("refreshTokenV2"); // ["refresh", "token"]
 * ```
 */
export function nameWords(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    // `XMLHttp` → `XML Http`; a lookahead, so a run of capitals costs one pass (`([A-Z]+)([A-Z][a-z])`
    // backtracked over the whole run at every capital: 100,000 of them took a minute).
    .replace(/([A-Z])(?=[A-Z][a-z])/g, "$1 ")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  while (words.length > 1 && /^(?:v?\d+)$/.test(words[words.length - 1])) words.pop();
  return words.map((word) => word.replace(/(?<=[a-z])\d+$/, ""));
}

// Bodies repeat the same key names over and over: an import of GitHub's description asks
// 45,000 times about 2,600 names, and splitting each name into words was 4% of its CPU.
const kinds = new Map<string, SecretKind | undefined>();

/**
 * The kind of credential a name holds, or undefined when it holds none.
 *
 * @example
 * ```ts
 * import { secretKind } from "./names.ts";
 * secretKind("db_password"); // "password"
 * secretKind("accessToken"); // "token"
 * secretKind("passwordPolicy"); // undefined
 * ```
 */
export function secretKind(name: string): SecretKind | undefined {
  if (kinds.has(name)) return kinds.get(name);
  const kind = kindOfName(name);
  if (kinds.size >= 10_000) kinds.clear();
  kinds.set(name, kind);
  return kind;
}

/** Longer names are text, not a field's or header's name. */
const MAX_NAME = 256;

function kindOfName(name: string): SecretKind | undefined {
  if (name.length > MAX_NAME) return undefined;
  const words = nameWords(name);
  const last = words[words.length - 1];
  if (!last) return undefined;
  if (PASSWORD_WORDS.has(last)) return "password";
  if (TOKEN_WORDS.has(last)) return "token";
  if (last === "key") {
    // A lone `key` is a credential too (`?key=…`); `primaryKey`, `sortKey`, `publicKey` are not.
    const previous = words[words.length - 2];
    return previous === undefined || KEY_QUALIFIERS.has(previous) ? "token" : undefined;
  }
  if (words.length === 1 && RUN_TOGETHER.test(last)) {
    return /pass(?:wor)?d$/.test(last) ? "password" : "token";
  }
  return undefined;
}

/**
 * True when a variable, header or JSON key names a credential.
 *
 * @example
 * ```ts
 * import { isSecretName } from "./names.ts";
 * isSecretName("X-Api-Key"); // true
 * isSecretName("author"); // false
 * ```
 */
export function isSecretName(name: string): boolean {
  return secretKind(name) !== undefined;
}

/**
 * True when a name/value pair holds a credential worth hiding: a literal
 * under a password name, or a random-looking literal (8+ characters, two
 * character classes) under another credential name. Placeholders and dummy
 * values never count, so `{"key": "color"}` and `{"author": "Ada"}` stay.
 *
 * @example
 * ```ts
 * import { isCredentialPair } from "./names.ts";
 * isCredentialPair("password", "hunter2"); // true
 * isCredentialPair("key", "color"); // false
 * ```
 */
export function isCredentialPair(name: string, value: string): boolean {
  const kind = secretKind(name);
  if (!kind || isInertValue(value)) return false;
  return kind === "password" ? value.trim() !== "" : looksSecret(value);
}
