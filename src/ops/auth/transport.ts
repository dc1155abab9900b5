/**
 * How the requests of one run reach the API: its cookie jar, its OAuth 2.0
 * tokens, digest challenges, AWS signatures, private CAs, client
 * certificates and proxies. One `RunTransport` per run (`check`, a flow
 * with its sub-flows, a batch, Run all; `exec` of one file has its own,
 * which keeps no cookies). Every value it obtains (a token, a cookie) joins
 * `secrets`, which every output is masked with.
 */
import { type Issue, warning } from "../../engine/issue.ts";
import type { HttpResponse, ResolvedRequest } from "../../engine/model.ts";
import type { AuthPlan, TransportPlan } from "../../engine/auth/plan.ts";
import { parseSetCookie, setCookieHeaders } from "../../engine/auth/set_cookie.ts";
import { environmentProxy, proxyFor } from "../../engine/auth/proxy.ts";
import { headerValue } from "../../engine/compare/headers.ts";
import { sendRequest, type SendResult } from "../../adapters/http.ts";
import { HttpClients, readPemFiles } from "../../adapters/http_clients.ts";
import { RunCookieJar } from "../../adapters/cookie_jar.ts";
import { isAbsolute, join } from "../../adapters/path.ts";
import type { OpsContext } from "../../adapters/system.ts";
import type { TokenSource } from "./tokens.ts";

/** Switches of a run: the `--ca/--cert/--key/--insecure` flags and `--no-token-cache`. */
export interface TransportOptions {
  /** Absolute paths. */
  ca?: string[];
  cert?: string;
  key?: string;
  insecure?: boolean;
  noTokenCache?: boolean;
  /** Keep cookies between requests (false for `exec` of one file, whose jar starts and ends empty). */
  cookies?: boolean;
}

/** One request to send, with what the endpoint's settings say about it. */
export interface Outgoing {
  request: ResolvedRequest;
  auth?: AuthPlan;
  transport?: TransportPlan;
  /** `cookies: false` in the frontmatter. */
  cookies: boolean;
  timeoutMs: number;
  env: string;
  /** The folder `tls:` paths of project.md are relative to. */
  base: string;
  /** Ctrl-C: aborts the request in flight (an `Always` step's request is sent without it). */
  interrupt?: AbortSignal;
  /**
   * Sends instead of a plain request (a file or multipart body, an event
   * stream, a WebSocket script), over the run's client for TLS and proxies.
   */
  send?: (
    request: ResolvedRequest,
    client?: Deno.HttpClient,
    interrupt?: AbortSignal,
  ) => Promise<SendResult>;
}

export interface Exchange extends SendResult {
  /** The request as sent (credentials in it: mask before showing). */
  sent: ResolvedRequest;
  /** Why no request reached the API: the token endpoint refused or was unreachable. */
  refused?: { error_type: "AUTH_FAILED" | "NETWORK_ERROR"; hint: string };
  /** A setting that cannot be used (an unreadable certificate file). */
  problem?: string;
}

export class RunTransport {
  /** Values obtained while running (tokens, cookie values), masked in every output. */
  readonly secrets = new Set<string>();
  /** Warnings of this run (insecure TLS), each once. */
  readonly warnings: Issue[] = [];
  readonly #jar = new RunCookieJar();
  readonly #clients = new HttpClients();
  /** Unverified TLS (`tls.insecure`), loaded with the first such request. */
  #bridges?: import("../../adapters/tls_bridge.ts").InsecureBridges;
  #tokens?: Promise<TokenSource>;

  constructor(readonly options: TransportOptions, private readonly ctx: OpsContext) {}

  /** The run's OAuth 2.0 tokens; loaded on first use, so runs without OAuth 2.0 never load it. */
  tokens(): Promise<TokenSource> {
    this.#tokens ??= Promise.all([import("./tokens.ts"), import("../../adapters/token_cache.ts")])
      .then(([{ TokenSource }, { TokenCache }]) =>
        new TokenSource(
          this.options.noTokenCache ? undefined : new TokenCache(this.ctx.env),
          () => this.ctx.clock.now(),
        )
      );
    return this.#tokens;
  }

  /** Sends a request with the run's cookies and the endpoint's auth; answers a digest challenge and one 401 of an OAuth 2.0 token. */
  async exchange(out: Outgoing): Promise<Exchange> {
    let request = out.request;
    const keepCookies = out.cookies && this.options.cookies !== false;
    if (keepCookies && !request.headers.some(([n]) => n.toLowerCase() === "cookie")) {
      const cookie = await this.#jar.header(request.url);
      if (cookie) request = withHeader(request, "Cookie", cookie);
    }
    const unsigned = request;
    const authorize = async (renew: boolean): Promise<Exchange | ResolvedRequest> => {
      if (out.auth?.kind === "oauth2") {
        const outcome = await (await this.tokens()).get(
          out.env,
          out.auth.oauth2,
          (tokenRequest) => this.#send(tokenRequest, out),
          renew,
        );
        if ("refused" in outcome) {
          return { sent: unsigned, refused: outcome.refused, durationMs: 0 };
        }
        this.secrets.add(outcome.token.accessToken);
        if (outcome.token.refreshToken) this.secrets.add(outcome.token.refreshToken);
        return withHeader(unsigned, "Authorization", `Bearer ${outcome.token.accessToken}`);
      }
      if (out.auth?.kind === "aws-sigv4") {
        const { signAws } = await import("../../adapters/aws_sign.ts");
        return await signAws(unsigned, out.auth, new Date(this.ctx.clock.now()));
      }
      return unsigned;
    };
    const first = await authorize(false);
    if ("durationMs" in first) return first;
    let sent = first;
    let result = await this.#send(sent, out);
    if (result.problem) return { sent, ...result };
    if (result.response?.status === 401) {
      if (out.auth?.kind === "digest") {
        const { digestAuthorization, parseDigestChallenges } = await import(
          "../../engine/auth/digest.ts"
        );
        const challenge = parseDigestChallenges(
          headerValue(result.response.headers, "www-authenticate") ?? "",
        )[0];
        if (challenge) {
          if (keepCookies) await this.#keep(sent.url, result.response);
          const { hashHex, randomToken } = await import("../../adapters/auth_crypto.ts");
          const url = new URL(sent.url);
          const value = await digestAuthorization(challenge, {
            username: out.auth.username,
            password: out.auth.password,
            method: sent.method,
            uri: url.pathname + url.search,
            cnonce: randomToken(16),
          }, hashHex);
          sent = withHeader(sent, "Authorization", value);
          result = await this.#send(sent, out);
        }
      } else if (out.auth?.kind === "oauth2") {
        // The token may have been revoked or expired early: one new token, one more try.
        const again = await authorize(true);
        if ("durationMs" in again) return { ...again, sent };
        sent = again;
        result = await this.#send(sent, out);
      }
    }
    if (keepCookies && result.response) await this.#keep(sent.url, result.response);
    return { sent, ...result };
  }

  /** Keeps a response's cookies, and their values among the secrets. */
  async #keep(url: string, response: HttpResponse): Promise<void> {
    const headers = setCookieHeaders(response);
    if (headers.length === 0) return;
    for (const header of headers) {
      const value = parseSetCookie(header)?.value;
      if (value && value.length >= 6) this.secrets.add(value);
    }
    await this.#jar.store(url, headers);
  }

  /** One request over the right client: default, private CA / client certificate / proxy, or unverified. */
  async #send(request: ResolvedRequest, out: Outgoing): Promise<SendResult & { problem?: string }> {
    const tls = out.transport?.tls;
    const path = (p: string) => isAbsolute(p) ? p : join(out.base, p);
    const ca = this.options.ca ?? tls?.ca?.map(path) ?? [];
    const cert = this.options.cert ?? (tls?.cert ? path(tls.cert) : undefined);
    const key = this.options.key ?? (tls?.key ? path(tls.key) : undefined);
    const insecure = this.options.insecure === true || tls?.insecure === true;
    const proxy = proxyFor(
      request.url,
      out.transport?.proxy,
      this.ctx.env.NO_PROXY ?? this.ctx.env.no_proxy,
    );
    if (insecure && /^(https|wss):/.test(request.url)) {
      this.#warnInsecure();
      const read = readPemFiles([], cert, key);
      if (read.problem) return { problem: read.problem, durationMs: 0 };
      // Deno's client does not reach the server here, so the environment's proxy is ours to honour.
      const via = proxy ?? environmentProxy(request.url, this.ctx.env);
      this.#bridges ??= new (await import("../../adapters/tls_bridge.ts")).InsecureBridges();
      return await this.#bridges.send(
        request,
        {
          ...(read.cert && read.key ? { cert: read.cert, key: read.key } : {}),
          ...(via ? { proxy: via } : {}),
        },
        (plain, client) =>
          out.send
            ? out.send(plain, client, out.interrupt)
            : sendRequest(plain, out.timeoutMs, { client, interrupt: out.interrupt }),
      );
    }
    const choice = this.#clients.get({
      ca,
      ...(cert && key ? { cert, key } : {}),
      ...(proxy ? { proxy } : {}),
    });
    if (choice.problem) return { problem: choice.problem, durationMs: 0 };
    return out.send
      ? await out.send(request, choice.client, out.interrupt)
      : await sendRequest(request, out.timeoutMs, {
        client: choice.client,
        interrupt: out.interrupt,
      });
  }

  /** One request without auth or cookies (a token request of `apispec auth login`). */
  async sendDirect(
    request: ResolvedRequest,
    how: { base: string; timeoutMs: number; transport?: TransportPlan },
  ): Promise<SendResult> {
    return await this.#send(request, {
      request,
      cookies: false,
      env: "",
      ...how,
    });
  }

  #warnInsecure(): void {
    if (this.warnings.length > 0) return;
    this.warnings.push(warning(
      "TLS certificates are not verified (tls.insecure or --insecure): anyone on the network " +
        "path can read and change these requests",
      {
        fix:
          "Trust the server's CA with tls.ca (or --ca <ca.pem>) instead of turning verification off",
      },
    ));
  }

  close(): void {
    this.#clients.close();
    this.#bridges?.close();
  }
}

function withHeader(request: ResolvedRequest, name: string, value: string): ResolvedRequest {
  const lower = name.toLowerCase();
  return {
    ...request,
    headers: [...request.headers.filter(([n]) => n.toLowerCase() !== lower), [name, value]],
  };
}
