/**
 * Judges values, not names: placeholders (`{{x}}`, `${X}`, `<token>`),
 * masked values, documented examples, dummy words, ids and URLs are never
 * secrets; a token is secret only when it looks random.
 */
import { percentDecoded } from "../text/percent.ts";

/** Placeholders of apispec and of the tools people copy from (shell, CI, templates). */
const PLACEHOLDER =
  /^(?:\{\{[^}]*\}\}|\$\{\{?[^}]*\}\}?|\$[A-Za-z_]\w*|\$\d+|<[^<>]*>|%[A-Za-z_][\w.]*%|@[A-Za-z_]\w*@|\[[^\]]*\]|:[A-Za-z_]\w*)$/;

/**
 * A value that holds a placeholder anywhere (`Bearer-{{token}}`, `${PREFIX}abc`), starts
 * a template expression (`{{Buffer.from(…`), or is a runtime expression (`$response.body.token`,
 * `$steps.login.outputs.token`).
 */
const HOLDS_PLACEHOLDER =
  /\{\{[^}]*\}\}|\$\{[^}]*\}|__capture_\w+__|^\{\{|^\$\{|^\$[A-Za-z_][\w-]*(?:\.[\w-]+)+$/;

/** Masked or filler: `****`, `xxxxxxxx`, `........`, one character repeated. */
const FILLER = /^(.)\1*$|\*{3,}|x{6,}|X{6,}|•{3,}/;

/** Words people write where a value goes in documentation. */
const DUMMY =
  /^(?:change[-_]?me|changeit|example[\w.-]*|[\w.-]*example|redacted|hidden|masked|secret|secrets|password|passwd|pass|pwd|token|apikey|api[-_]key|key|string|text|value|null|nil|true|false|yes|no|none|empty|undefined|required|optional|string\(\w+\)|lorem[\w-]*|ipsum|dolor|dummy[\w-]*|fake[\w-]*|test|testing|tests|sample[\w-]*|placeholder[\w-]*|your[-_][\w-]+|my[-_][\w-]+|some[-_][\w-]+|guest|foo|bar|baz|qux|foobar|abc|abc123|123456|todo|tbd|n\/a)$/i;

/** A dummy word with a number: `token123`, `password1`, `admin2024!`. */
const NUMBERED_DUMMY = /^(?:token|secret|password|passwd|pass|key|test|admin|demo|user)\d{0,4}!?$/i;

/** Names written where a value goes: `ACCESS_TOKEN`, `API_KEY` (an environment variable's name). */
const CONSTANT_NAME = /^[A-Z]+(?:_[A-Z]+)+$/;

/** Three or more words joined by `-` or `_`: `sha256-consumer-key-value`, `client_secret_1`. */
const WORDS = /^(?:(?:[A-Za-z]+\d*|\d+)[-_]){2,}(?:[A-Za-z]+\d*|\d+)$/;

/** Shortened examples: `vp7jx...`, `sk_live_…`. */
const TRUNCATED = /(?:\.{3}|…)$/;

/**
 * A git SHA-1 or SHA-256: an id under a neutral name (`commit:`, `"sha":`),
 * but under a credential name or an Authorization scheme a token (Django REST
 * framework's tokens are 40 hex digits).
 */
const HEX_DIGEST = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;

/** Values that identify rather than authenticate. */
const IDENTIFIER = [
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUID
  /^[0-9a-f]{7,12}$/, // short git SHA
  /^arn:[\w-]*:[\w-]*:/, // AWS ARN
  /^(?:[a-z][\w+.-]*:)?\/\/[^\s:@/]+(?:[/?#]|$)/i, // URL without credentials
  /^\/[\w./-]*$/, // path
  /^[\w.+-]+@[\w-]+\.[\w.-]+$/, // email address
  /^\d+(?:\.\d+)*$/, // numbers, versions
  /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?$/, // dates
];

/**
 * True when a value is a placeholder or masked: never a secret, wherever it sits.
 *
 * @example
 * ```ts
 * import { isPlaceholderValue } from "./value.ts";
 * ["{{authToken}}", "${TOKEN}", "<token>", "****"].every(isPlaceholderValue); // true
 * ```
 */
export function isPlaceholderValue(value: string): boolean {
  const v = value.trim();
  return v === "" || PLACEHOLDER.test(v) || HOLDS_PLACEHOLDER.test(v) || FILLER.test(v);
}

/** Documented examples: AWS's `...EXAMPLE` keys and the like. */
export function isDocumentedExample(value: string): boolean {
  return /EXAMPLE/.test(value) || /^(?:lorem|ipsum)/i.test(value);
}

/**
 * True when a value can never be a credential: a placeholder, filler, a
 * dummy word, a documented example, or an id, URL, path, date or number. A
 * hex digest is an id unless `credentialPlace` (a credential name's value).
 */
export function isInertValue(value: string, options: { credentialPlace?: boolean } = {}): boolean {
  const v = value.trim();
  return isPlaceholderValue(v) || DUMMY.test(v) || isDocumentedExample(v) ||
    NUMBERED_DUMMY.test(v) || CONSTANT_NAME.test(v) || WORDS.test(v) || TRUNCATED.test(v) ||
    IDENTIFIER.some((re) => re.test(v)) || (!options.credentialPlace && HEX_DIGEST.test(v));
}

/** Characters generated tokens are made of; code (`a.b()`), lists and prose have others. */
const TOKEN_CHARS = /^[\w+/=.~%$@!*#^&-]+$/;

/**
 * Shannon entropy in bits per character.
 *
 * @example
 * ```ts
 * import { entropy } from "./value.ts";
 * entropy("aaaa"); // 0
 * entropy("abcd"); // 2
 * ```
 */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * A literal that looks like a generated credential: at least 10 token
 * characters (no spaces, parentheses, colons or commas: not code or prose),
 * not only letters (a word or identifier), entropy of at least 3 bits per
 * character, and not inert (see `isInertValue`), also once percent-decoded.
 *
 * @example
 * ```ts
 * import { looksRandom } from "./value.ts";
 * looksRandom("tok_6f1d9a0b7c2e"); // true
 * looksRandom("my-secret-name"); // false
 * ```
 */
export function looksRandom(value: string): boolean {
  const v = value.trim();
  if (v.length < 10 || !TOKEN_CHARS.test(v) || /^[A-Za-z_.-]+$/.test(v)) return false;
  if ((v.match(/[A-Za-z]/g)?.length ?? 0) < 4) return false; // numbers with a prefix: `GA1.2.1424920226.1419478126`
  // Judged where a credential goes (a credential name, a header): hex digests count there.
  const place = { credentialPlace: true };
  if (isInertValue(v, place) || isInertValue(percentDecoded(v), place)) return false;
  return entropy(v) >= 3;
}

/**
 * A literal a password field may hold: 4 or more characters without spaces,
 * not a placeholder, dummy word or identifier. Short and lower-case passwords
 * count: `hunter2` is a password.
 */
export function isPasswordLiteral(value: string): boolean {
  const v = value.trim();
  return v.length >= 4 && !/\s/.test(v) && !isInertValue(v) && !/^(?:[a-z]+_)*[a-z]+\(\)$/.test(v);
}

/**
 * The looser test importers use on values under credential names: a literal
 * of 8 or more characters mixing two character classes that is not inert.
 */
export function looksSecret(value: string): boolean {
  const v = value.trim();
  if (v.length < 8 || isInertValue(v)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^\w\s.-]/].filter((re) => re.test(v)).length;
  return classes >= 2;
}
