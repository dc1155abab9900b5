/**
 * The digests and random values auth needs: SHA-256 from Web Crypto, MD5
 * (digest's default algorithm, absent from Web Crypto) from node:crypto,
 * loaded only when a server asks for it.
 */
import type { DigestAlgorithm } from "../engine/auth/digest.ts";

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function base64Url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Hex digest of UTF-8 text. */
export async function hashHex(algorithm: DigestAlgorithm, text: string): Promise<string> {
  const data = new TextEncoder().encode(text);
  if (algorithm === "SHA-256") return hex(await crypto.subtle.digest("SHA-256", data));
  const { createHash } = await import("node:crypto");
  return createHash("md5").update(data).digest("hex");
}

/** `bytes` random bytes, base64url: nonces, PKCE verifiers, OAuth state. */
export function randomToken(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** PKCE S256: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return base64Url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
}
