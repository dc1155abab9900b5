/**
 * A certified OpenID provider (oidc-provider, run through Deno's npm
 * support) on 127.0.0.1 for the OAuth 2.0 tests: a confidential client for
 * client credentials, a public native client for the authorization-code
 * grant with PKCE (any loopback port, RFC 8252), refresh tokens, its dev
 * login page, and a counter of token requests. `accepts(token)` is how a
 * test API checks the tokens it is given.
 */
import http from "node:http";
import Provider from "oidc-provider";

export const MACHINE = { id: "machine", secret: "machine-secret-7c1d9e2f4a" };
export const APP = { id: "app" };

export interface Oidc extends AsyncDisposable {
  issuer: string;
  tokenUrl: string;
  authUrl: string;
  /** Token requests answered so far, by grant type. */
  tokenRequests: string[];
  accepts(token: string): Promise<boolean>;
}

export interface OidcOptions {
  ttlSeconds?: number;
  /** Another confidential client-credentials client and the scopes it may ask for (docs' `shop-ci`). */
  client?: { id: string; secret: string; scopes: string[] };
}

export async function startOidc(options: OidcOptions = {}): Promise<Oidc> {
  const server = http.createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  const port = (server.address() as { port: number }).port;
  const issuer = `http://127.0.0.1:${port}`;
  const ttl = () => options.ttlSeconds ?? 600;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: MACHINE.id,
        client_secret: MACHINE.secret,
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
      },
      {
        client_id: APP.id,
        application_type: "native",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        redirect_uris: ["http://127.0.0.1/callback"],
        response_types: ["code"],
      },
      ...(options.client
        ? [{
          client_id: options.client.id,
          client_secret: options.client.secret,
          grant_types: ["client_credentials"],
          redirect_uris: [],
          response_types: [],
          scope: options.client.scopes.join(" "),
        }]
        : []),
    ],
    features: {
      clientCredentials: { enabled: true },
      devInteractions: { enabled: true },
      revocation: { enabled: true },
    },
    pkce: { required: () => true },
    scopes: ["openid", "offline_access", "api:read", ...options.client?.scopes ?? []],
    issueRefreshToken: () => true,
    ttl: { AccessToken: ttl, ClientCredentials: ttl, RefreshToken: 3600, Interaction: 600 },
    // Quiet in tests: no warnings about development keys on every run.
    renderError: (ctx: { body: unknown }, out: unknown) => {
      ctx.body = out;
    },
  } as never);
  const tokenRequests: string[] = [];
  provider.on("grant.success", (ctx: { oidc: { params?: { grant_type?: string } } }) => {
    tokenRequests.push(ctx.oidc.params?.grant_type ?? "?");
  });
  server.on("request", provider.callback());
  const find = async (token: string) =>
    await provider.AccessToken.find(token) ?? await provider.ClientCredentials.find(token);
  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    authUrl: `${issuer}/auth`,
    tokenRequests,
    accepts: async (token) => (await find(token)) !== undefined,
    [Symbol.asyncDispose]: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * A loopback API that answers 200 only to a bearer token the provider
 * issued; `revokeSeen()` makes it refuse every token it was shown so far.
 */
export function oauthApi(oidc: Oidc) {
  const seen: string[] = [];
  const revoked = new Set<string>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const token = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    seen.push(token ?? "-");
    return token && !revoked.has(token) && await oidc.accepts(token)
      ? Response.json({ ok: true })
      : Response.json({ error: "invalid_token" }, { status: 401 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    seen,
    revokeSeen: () => seen.forEach((token) => revoked.add(token)),
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}
