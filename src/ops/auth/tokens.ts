/**
 * OAuth 2.0 tokens for the requests of a run: from memory, else the user's
 * token cache, renewed with the refresh token within 30 s of expiry, else
 * fetched from the token endpoint. Concurrent requests of a run share one
 * token request. A refusing token endpoint is AUTH_FAILED, an unreachable
 * one NETWORK_ERROR, each with a hint naming the token URL.
 */
import {
  type CodeExchange,
  readTokenAnswer,
  type Token,
  tokenCacheKey,
  tokenRequest,
  tokenState,
} from "../../engine/auth/oauth2.ts";
import type { ResolvedOAuth2 } from "../../engine/auth/plan.ts";
import type { ResolvedRequest } from "../../engine/model.ts";
import type { SendResult } from "../../adapters/http.ts";
import type { TokenCache } from "../../adapters/token_cache.ts";

export type TokenOutcome =
  | { token: Token; fetched: boolean }
  | { refused: { error_type: "AUTH_FAILED" | "NETWORK_ERROR"; hint: string } };

export type TokenSender = (request: ResolvedRequest) => Promise<SendResult>;

export class TokenSource {
  readonly #memory = new Map<string, Token>();
  readonly #inflight = new Map<string, Promise<TokenOutcome>>();
  /** Token requests sent in this run (the benchmark and tests count them). */
  requests = 0;

  constructor(
    private readonly cache: TokenCache | undefined,
    private readonly now: () => number,
  ) {}

  /**
   * A token for the settings. `renew`: the API refused the last one (401),
   * so neither memory nor the cache is trusted; a refresh token is tried first.
   */
  get(
    env: string,
    oauth2: ResolvedOAuth2,
    send: TokenSender,
    renew = false,
  ): Promise<TokenOutcome> {
    const key = tokenCacheKey(env, oauth2);
    const running = this.#inflight.get(key);
    if (running && !renew) return running;
    const outcome = this.#obtain(key, env, oauth2, send, renew).finally(() =>
      this.#inflight.delete(key)
    );
    this.#inflight.set(key, outcome);
    return outcome;
  }

  async #obtain(
    key: string,
    env: string,
    oauth2: ResolvedOAuth2,
    send: TokenSender,
    renew: boolean,
  ): Promise<TokenOutcome> {
    const known = this.#memory.get(key) ?? await this.cache?.read(key);
    const state = renew
      ? (known?.refreshToken ? "refresh" : "fetch")
      : tokenState(known, this.now());
    if (state === "fresh") {
      this.#memory.set(key, known!);
      return { token: known!, fetched: false };
    }
    if (state === "refresh") {
      const refreshed = await this.#ask(oauth2, send, { refreshToken: known!.refreshToken }, known);
      if ("token" in refreshed) return await this.#keep(key, env, oauth2, refreshed.token);
      if (refreshed.refused.error_type === "NETWORK_ERROR") return refreshed;
      // A refused refresh token: start over with the grant, when it needs no browser.
    }
    if (oauth2.grant === "authorization_code") {
      return {
        refused: {
          error_type: "AUTH_FAILED",
          hint: `No valid token for the authorization-code grant at ${oauth2.tokenUrl}: run ` +
            `\`apispec auth login --env ${env}\` to sign in through the browser`,
        },
      };
    }
    const fetched = await this.#ask(oauth2, send, {});
    return "token" in fetched ? await this.#keep(key, env, oauth2, fetched.token) : fetched;
  }

  /** Sends one token request and reads the answer. */
  async #ask(
    oauth2: ResolvedOAuth2,
    send: TokenSender,
    how: { refreshToken?: string; code?: CodeExchange },
    previous?: Token,
  ): Promise<TokenOutcome> {
    const request = tokenRequest(oauth2, how);
    this.requests++;
    const sent = await send({
      method: "POST",
      url: request.url,
      headers: request.headers,
      body: request.body,
    });
    if (!sent.response) {
      return {
        refused: {
          error_type: "NETWORK_ERROR",
          hint: `The token endpoint ${oauth2.tokenUrl} could not be reached (${
            sent.failure?.message ?? "no answer"
          }): check oauth2.tokenUrl in api-docs/project.md and that the server is up`,
        },
      };
    }
    const answer = readTokenAnswer(oauth2, sent.response, this.now(), previous);
    return answer.ok
      ? { token: answer.token, fetched: true }
      : { refused: { error_type: "AUTH_FAILED", hint: answer.hint } };
  }

  /** Exchanges an authorization code (`apispec auth login`) and keeps the token. */
  async exchangeCode(
    env: string,
    oauth2: ResolvedOAuth2,
    send: TokenSender,
    code: CodeExchange,
  ): Promise<TokenOutcome> {
    const outcome = await this.#ask(oauth2, send, { code });
    if (!("token" in outcome)) return outcome;
    return await this.#keep(tokenCacheKey(env, oauth2), env, oauth2, outcome.token);
  }

  async #keep(
    key: string,
    env: string,
    oauth2: ResolvedOAuth2,
    token: Token,
  ): Promise<TokenOutcome> {
    this.#memory.set(key, token);
    await this.cache?.write(key, {
      env,
      tokenUrl: oauth2.tokenUrl,
      ...(oauth2.clientId ? { clientId: oauth2.clientId } : {}),
      grant: oauth2.grant,
      ...(token.scope ? { scope: token.scope } : {}),
    }, token);
    return { token, fetched: true };
  }
}
