/**
 * OAuth 2.0 (RFC 6749) decisions: which token a request may use, the token
 * request of each grant, what a token endpoint's answer means, and the hint
 * when it refuses. Sending, caching and the browser live in the adapters
 * and in ops/auth/.
 */
import type { ResolvedOAuth2 } from "./plan.ts";

/** A token as cached: never printed, never written into the project. */
export interface Token {
  accessToken: string;
  tokenType: string;
  refreshToken?: string;
  /** Epoch milliseconds; undefined when the server gave no `expires_in`. */
  expiresAt?: number;
  scope?: string;
  grant: string;
  obtainedAt: number;
}

/** A token is renewed this long before it expires, so it does not expire in flight. */
export const EXPIRY_MARGIN_MS = 30_000;

/**
 * What identifies a cached token: environment, token URL, client, grant and
 * scope (and the user of a password grant).
 *
 * @example
 * ```ts
 * import { tokenCacheKey } from "./oauth2.ts";
 * tokenCacheKey("dev", { grant: "client_credentials", tokenUrl: "https://a/token", clientId: "c", params: {}, clientAuth: "basic" });
 * // "dev\nhttps://a/token\nc\nclient_credentials\n\n"
 * ```
 */
export function tokenCacheKey(env: string, oauth2: ResolvedOAuth2): string {
  return [
    env,
    oauth2.tokenUrl,
    oauth2.clientId ?? "",
    oauth2.grant,
    oauth2.scope ?? "",
    oauth2.grant === "password" ? oauth2.username ?? "" : "",
  ].join("\n");
}

/**
 * What to do with a cached token: use it while it is more than 30 s from
 * expiry, renew it with its refresh token after that, else fetch a new one.
 *
 * @example
 * ```ts
 * import { tokenState } from "./oauth2.ts";
 * tokenState({ accessToken: "t", tokenType: "Bearer", grant: "client_credentials", obtainedAt: 0, expiresAt: 60_000 }, 40_000); // "fetch": within 30 s of expiry, no refresh token
 * ```
 */
export function tokenState(token: Token | undefined, now: number): "fresh" | "refresh" | "fetch" {
  if (!token) return "fetch";
  if (token.expiresAt === undefined || token.expiresAt - EXPIRY_MARGIN_MS > now) return "fresh";
  return token.refreshToken ? "refresh" : "fetch";
}

export interface TokenRequest {
  url: string;
  headers: [string, string][];
  body: string;
}

/** What the authorization-code grant adds to its token request. */
export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

/**
 * The token request: the grant's form fields, the extra `params`, and the
 * client's credentials (HTTP Basic by default, or in the body).
 */
export function tokenRequest(
  oauth2: ResolvedOAuth2,
  how: { refreshToken?: string; code?: CodeExchange } = {},
): TokenRequest {
  const form = new URLSearchParams();
  if (how.refreshToken !== undefined) {
    form.set("grant_type", "refresh_token");
    form.set("refresh_token", how.refreshToken);
  } else if (how.code) {
    form.set("grant_type", "authorization_code");
    form.set("code", how.code.code);
    form.set("redirect_uri", how.code.redirectUri);
    form.set("code_verifier", how.code.codeVerifier);
  } else {
    form.set("grant_type", oauth2.grant);
    if (oauth2.grant === "password") {
      form.set("username", oauth2.username ?? "");
      form.set("password", oauth2.password ?? "");
    }
    if (oauth2.grant === "refresh_token") form.set("refresh_token", oauth2.refreshToken ?? "");
  }
  if (oauth2.scope && !how.code) form.set("scope", oauth2.scope);
  for (const [name, value] of Object.entries(oauth2.params)) form.set(name, value);
  const headers: [string, string][] = [
    ["Content-Type", "application/x-www-form-urlencoded"],
    ["Accept", "application/json"],
  ];
  if (oauth2.clientSecret !== undefined && oauth2.clientAuth === "basic") {
    // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
    const id = formEncode(oauth2.clientId ?? "");
    const secret = formEncode(oauth2.clientSecret);
    headers.push(["Authorization", `Basic ${base64(`${id}:${secret}`)}`]);
  } else {
    if (oauth2.clientId !== undefined) form.set("client_id", oauth2.clientId);
    if (oauth2.clientSecret !== undefined) form.set("client_secret", oauth2.clientSecret);
  }
  return { url: oauth2.tokenUrl, headers, body: form.toString() };
}

function formEncode(text: string): string {
  return new URLSearchParams({ v: text }).toString().slice(2);
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

export type TokenAnswer =
  | { ok: true; token: Token }
  | { ok: false; hint: string };

/**
 * Reads a token endpoint's answer: a token, or the hint naming the token
 * URL, the status and RFC 6749's `error` / `error_description`.
 */
export function readTokenAnswer(
  oauth2: ResolvedOAuth2,
  answer: { status: number; body: string },
  now: number,
  previous?: Token,
): TokenAnswer {
  let json: Record<string, unknown> | undefined;
  try {
    const parsed = JSON.parse(answer.body);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed;
  } catch { /* not JSON: reported below */ }
  const accessToken = json?.access_token;
  if (
    answer.status >= 200 && answer.status < 300 && typeof accessToken === "string" && accessToken
  ) {
    const expiresIn = Number(json!.expires_in);
    const refresh = json!.refresh_token;
    return {
      ok: true,
      token: {
        accessToken,
        tokenType: typeof json!.token_type === "string" ? json!.token_type : "Bearer",
        // A refresh answer may leave the refresh token out: the old one stays valid.
        ...(typeof refresh === "string" && refresh
          ? { refreshToken: refresh }
          : previous?.refreshToken
          ? { refreshToken: previous.refreshToken }
          : {}),
        ...(Number.isFinite(expiresIn) && expiresIn > 0
          ? { expiresAt: now + expiresIn * 1000 }
          : {}),
        ...(typeof json!.scope === "string"
          ? { scope: json!.scope }
          : oauth2.scope
          ? { scope: oauth2.scope }
          : {}),
        grant: oauth2.grant,
        obtainedAt: now,
      },
    };
  }
  return { ok: false, hint: tokenFailureHint(oauth2.tokenUrl, answer.status, json) };
}

/** The AUTH_FAILED hint of a refusing token endpoint. */
export function tokenFailureHint(
  tokenUrl: string,
  status: number,
  json?: Record<string, unknown>,
): string {
  const error = typeof json?.error === "string" ? json.error : undefined;
  const description = typeof json?.error_description === "string"
    ? json.error_description.slice(0, 300)
    : undefined;
  const said = error
    ? `: ${error}${description ? ` (${description})` : ""}`
    : status >= 200 && status < 300
    ? ": the answer holds no access_token"
    : "";
  const fix = error === "invalid_client" || status === 401
    ? "check clientId and clientSecret (and clientAuth: basic or body)"
    : error === "invalid_grant"
    ? "the credentials, code or refresh token were refused: check them, or run `apispec auth login` again"
    : error === "invalid_scope"
    ? "check oauth2.scope"
    : "check the oauth2: settings in api-docs/project.md";
  return `The token endpoint ${tokenUrl} refused the request (${status}${said}); ${fix}`;
}

/** The URL the browser opens for the authorization-code grant (PKCE S256). */
export function authorizationUrl(
  oauth2: ResolvedOAuth2,
  how: { state: string; codeChallenge: string; redirectUri: string },
): string {
  const url = new URL(oauth2.authUrl!);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", oauth2.clientId ?? "");
  url.searchParams.set("redirect_uri", how.redirectUri);
  if (oauth2.scope) url.searchParams.set("scope", oauth2.scope);
  url.searchParams.set("state", how.state);
  url.searchParams.set("code_challenge", how.codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  for (const [name, value] of Object.entries(oauth2.params)) url.searchParams.set(name, value);
  return url.toString();
}
