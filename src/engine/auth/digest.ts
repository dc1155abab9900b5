/**
 * HTTP Digest access authentication (RFC 7616): the server's challenge is
 * read from `WWW-Authenticate`, and the answer is computed with MD5 or
 * SHA-256 (and their `-sess` variants), `qop=auth`. Hashing is passed in
 * (the adapter has the digests), so this stays pure.
 */

export type DigestAlgorithm = "MD5" | "SHA-256";

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: DigestAlgorithm;
  /** `-sess` variant: the first hash also covers the nonces. */
  session: boolean;
  /** Whether the server offers `qop=auth` (otherwise the RFC 2069 form is used). */
  qopAuth: boolean;
}

/** Hex digest of UTF-8 text with the named algorithm. */
export type HashHex = (algorithm: DigestAlgorithm, text: string) => Promise<string>;

/**
 * The `Digest` challenges in a `WWW-Authenticate` value (several may be
 * joined by commas), strongest first; challenges of other schemes and
 * algorithms are skipped.
 *
 * @example
 * ```ts
 * import { parseDigestChallenges } from "./digest.ts";
 * parseDigestChallenges('Digest realm="api", nonce="n1", qop="auth", algorithm=SHA-256')[0].algorithm; // "SHA-256"
 * ```
 */
export function parseDigestChallenges(header: string): DigestChallenge[] {
  const found: DigestChallenge[] = [];
  for (const { scheme, params } of challenges(header)) {
    if (scheme.toLowerCase() !== "digest" || !params.nonce || params.realm === undefined) continue;
    const name = (params.algorithm ?? "MD5").toUpperCase();
    const session = name.endsWith("-SESS");
    const base = session ? name.slice(0, -"-SESS".length) : name;
    if (base !== "MD5" && base !== "SHA-256") continue;
    const qop = (params.qop ?? "").split(",").map((q) => q.trim().toLowerCase());
    if (params.qop !== undefined && !qop.includes("auth")) continue;
    found.push({
      realm: params.realm,
      nonce: params.nonce,
      ...(params.opaque !== undefined ? { opaque: params.opaque } : {}),
      algorithm: base,
      session,
      qopAuth: qop.includes("auth"),
    });
  }
  return found.sort((a, b) => strength(b) - strength(a));
}

function strength(challenge: DigestChallenge): number {
  return challenge.algorithm === "SHA-256" ? 1 : 0;
}

/** Splits a header into challenges: a new one starts at a token followed by a space, not `=`. */
function challenges(header: string): { scheme: string; params: Record<string, string> }[] {
  const out: { scheme: string; params: Record<string, string> }[] = [];
  const token = /\s*,?\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*)))?/y;
  let at = 0;
  while (at < header.length) {
    token.lastIndex = at;
    const match = token.exec(header);
    if (!match || match[0] === "") break;
    at = token.lastIndex;
    if (match[2] === undefined) {
      out.push({ scheme: match[1], params: {} });
    } else if (out.length > 0) {
      const value = match[3] !== undefined ? match[3].replace(/\\(.)/g, "$1") : match[4];
      out[out.length - 1].params[match[1].toLowerCase()] = value;
    }
  }
  return out;
}

export interface DigestInput {
  username: string;
  password: string;
  method: string;
  /** The request target: path and query, as sent. */
  uri: string;
  /** Client nonce (random, from the caller). */
  cnonce: string;
  /** Nonce count, 1 for the first use of a nonce. */
  nc?: number;
}

/**
 * The `Authorization` value answering a challenge.
 *
 * @example
 * ```ts
 * import { digestAuthorization } from "./digest.ts";
 * // RFC 7616 §3.9.1, with a hash function from the adapter.
 * ```
 */
export async function digestAuthorization(
  challenge: DigestChallenge,
  input: DigestInput,
  hash: HashHex,
): Promise<string> {
  const h = (text: string) => hash(challenge.algorithm, text);
  const nc = (input.nc ?? 1).toString(16).padStart(8, "0");
  let ha1 = await h(`${input.username}:${challenge.realm}:${input.password}`);
  if (challenge.session) ha1 = await h(`${ha1}:${challenge.nonce}:${input.cnonce}`);
  const ha2 = await h(`${input.method}:${input.uri}`);
  const response = challenge.qopAuth
    ? await h(`${ha1}:${challenge.nonce}:${nc}:${input.cnonce}:auth:${ha2}`)
    : await h(`${ha1}:${challenge.nonce}:${ha2}`);
  const quoted = (value: string) => `"${value.replace(/(["\\])/g, "\\$1")}"`;
  const parts = [
    `username=${quoted(input.username)}`,
    `realm=${quoted(challenge.realm)}`,
    `uri=${quoted(input.uri)}`,
    `algorithm=${challenge.algorithm}${challenge.session ? "-sess" : ""}`,
    `nonce=${quoted(challenge.nonce)}`,
    ...(challenge.qopAuth ? [`nc=${nc}`, `cnonce=${quoted(input.cnonce)}`, "qop=auth"] : []),
    `response=${quoted(response)}`,
    ...(challenge.opaque !== undefined ? [`opaque=${quoted(challenge.opaque)}`] : []),
  ];
  return `Digest ${parts.join(", ")}`;
}
