/**
 * `apispec auth login|status|logout`: the OAuth 2.0 tokens of a collection,
 * kept in the user's cache folder. `login` runs the authorization-code
 * grant (PKCE S256, loopback redirect on 127.0.0.1), or fetches a token for
 * the other grants; `status` describes cached tokens, never showing them;
 * `logout` deletes them. Returns results; the CLI, MCP and preview print.
 */
import { EXIT, type ExitCode, exitCodeFor, type Issue, issue } from "../../engine/issue.ts";
import type { EndpointSpec, ResolvedRequest } from "../../engine/model.ts";
import {
  authVariableNames,
  planAuth,
  planTransport,
  type ResolvedOAuth2,
  type TransportPlan,
} from "../../engine/auth/plan.ts";
import { authorizationUrl } from "../../engine/auth/oauth2.ts";
import { lookupVar } from "../../engine/resolve/layers.ts";
import { CLI_ORDER } from "../../engine/resolve/layers.ts";
import { missingHint } from "../../engine/resolve/build.ts";
import { type CachedTokenInfo, TokenCache } from "../../adapters/token_cache.ts";
import { listenForCallback } from "../../adapters/oauth_callback.ts";
import { pkceChallenge, randomToken } from "../../adapters/auth_crypto.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  buildLayers,
  type Collection,
  findCollectionRoot,
  loadCollection,
  selectEnv,
} from "../collection/load.ts";
import { loadEndpoint, OS_PREFIXES } from "../run/exec.ts";
import { resolveUserPath } from "../collection/load.ts";
import { RunTransport, type TransportOptions } from "./transport.ts";

export interface AuthInput {
  env?: string;
  config?: string;
  /** An endpoint whose `oauth2:` fields override the project's. */
  file?: string;
  cli?: Record<string, string>;
  transportOptions?: TransportOptions;
}

export interface LoginResult {
  env: string;
  passed: boolean;
  grant?: string;
  tokenUrl?: string;
  scope?: string;
  /** ISO 8601, when the server said. */
  expires_at?: string;
  hint?: string;
  error_type?: "AUTH_FAILED" | "NETWORK_ERROR";
  issues: Issue[];
  exitCode: ExitCode;
}

/** How `login` reaches the person: the URL to open, and whether a browser was opened. */
export interface LoginHooks {
  onUrl(url: string): void | Promise<void>;
  /** Milliseconds to wait for the browser to come back (default 5 minutes). */
  waitMs?: number;
}

interface Resolved {
  env: string;
  collection: Collection;
  oauth2?: ResolvedOAuth2;
  transport?: TransportPlan;
  issues: Issue[];
}

/** The `oauth2:` settings of the collection (and endpoint), every placeholder resolved. */
export async function resolveOAuth2(input: AuthInput, ctx: OpsContext): Promise<Resolved> {
  const near = input.file ? await resolveUserPath(input.file, ctx, input.config) : undefined;
  const root = await findCollectionRoot({ config: input.config, ...(near ? { near } : {}) }, ctx);
  const collection = await loadCollection(root, ctx, input.config);
  const { env, issues: envIssues } = selectEnv(collection, input.env);
  const issues = [...collection.issues, ...envIssues];
  let spec = {
    file: "api-docs/project.md",
    auth: "oauth2",
    request: { headers: [] },
  } as unknown as EndpointSpec;
  if (near) {
    const loaded = await loadEndpoint(near, ctx);
    issues.push(...loaded.issues);
    if (loaded.spec) spec = { ...loaded.spec, auth: "oauth2" };
  }
  if (issues.some((i) => i.severity === "error")) return { env, collection, issues };
  if (!collection.config.oauth2 && !spec.oauth2) {
    issues.push(issue("VALIDATION_ERROR", "No oauth2: settings in api-docs/project.md", {
      file: "api-docs/project.md",
      fix: "Add an `oauth2:` block (grant, tokenUrl, clientId, ...); docs/auth.md has examples",
    }));
    return { env, collection, issues };
  }
  const layers = buildLayers(
    collection,
    env,
    { cli: input.cli ?? {}, frontmatter: spec.vars },
    CLI_ORDER,
    [...OS_PREFIXES.cli],
    ctx.env,
  );
  const lookup = (name: string) => lookupVar(layers, name)?.value;
  const missing = authVariableNames(spec, "oauth2", collection.config).filter((n) =>
    lookup(n) === undefined
  );
  if (missing.length > 0) {
    issues.push(
      ...missing.map((name) =>
        issue("VAR_MISSING", `Variable "${name}" of oauth2: is not defined for "${env}"`, {
          file: spec.file,
          fix: missingHint(name, env),
        })
      ),
    );
    return { env, collection, issues };
  }
  const planned = planAuth(spec, "oauth2", collection.config, lookup);
  issues.push(...planned.issues);
  const oauth2 = planned.plan?.kind === "oauth2" ? planned.plan.oauth2 : undefined;
  const transport = planTransport(collection.config, lookup);
  return {
    env,
    collection,
    issues,
    ...(oauth2 ? { oauth2 } : {}),
    ...(transport ? { transport } : {}),
  };
}

/** Signs in (authorization code) or fetches a token (other grants), and caches it. */
export async function authLogin(
  input: AuthInput,
  ctx: OpsContext,
  hooks: LoginHooks,
): Promise<LoginResult> {
  const resolved = await resolveOAuth2(input, ctx);
  const { env, oauth2 } = resolved;
  if (!oauth2) {
    return { env, passed: false, issues: resolved.issues, exitCode: exitCodeFor(resolved.issues) };
  }
  const transport = new RunTransport({ ...input.transportOptions, noTokenCache: false }, ctx);
  try {
    const send = (request: ResolvedRequest) =>
      transport.sendDirect(request, {
        base: resolved.collection.root,
        timeoutMs: resolved.collection.config.timeout,
        ...(resolved.transport ? { transport: resolved.transport } : {}),
      });
    let outcome;
    if (oauth2.grant === "authorization_code") {
      const callback = listenForCallback(hooks.waitMs ?? 300_000);
      try {
        const state = randomToken(16);
        const verifier = randomToken(48);
        await hooks.onUrl(authorizationUrl(oauth2, {
          state,
          codeChallenge: await pkceChallenge(verifier),
          redirectUri: callback.redirectUri,
        }));
        const answer = await callback.result;
        const problem = !answer
          ? "No answer from the browser in time"
          : answer.error
          ? `The authorization server answered ${answer.error}${
            answer.errorDescription ? ` (${answer.errorDescription})` : ""
          }`
          : answer.state !== state
          ? "The answer's state does not match (a stale or forged redirect)"
          : !answer.code
          ? "The answer holds no code"
          : undefined;
        if (problem) {
          return failed(env, oauth2, "AUTH_FAILED", `${problem}: run \`apispec auth login\` again`);
        }
        outcome = await (await transport.tokens()).exchangeCode(env, oauth2, send, {
          code: answer!.code!,
          codeVerifier: verifier,
          redirectUri: callback.redirectUri,
        });
      } finally {
        await callback.close();
      }
    } else {
      outcome = await (await transport.tokens()).get(env, oauth2, send, true);
    }
    if ("refused" in outcome) {
      return failed(env, oauth2, outcome.refused.error_type, outcome.refused.hint);
    }
    const token = outcome.token;
    return {
      env,
      passed: true,
      grant: oauth2.grant,
      tokenUrl: oauth2.tokenUrl,
      ...(token.scope ? { scope: token.scope } : {}),
      ...(token.expiresAt ? { expires_at: new Date(token.expiresAt).toISOString() } : {}),
      issues: resolved.issues,
      exitCode: EXIT.passed,
    };
  } finally {
    transport.close();
  }
}

function failed(
  env: string,
  oauth2: ResolvedOAuth2,
  errorType: "AUTH_FAILED" | "NETWORK_ERROR",
  hint: string,
): LoginResult {
  return {
    env,
    passed: false,
    grant: oauth2.grant,
    tokenUrl: oauth2.tokenUrl,
    error_type: errorType,
    hint,
    issues: [],
    exitCode: errorType === "NETWORK_ERROR" ? EXIT.networkError : EXIT.testFailed,
  };
}

/** One cached token as `auth status` shows it. */
export interface TokenStatus {
  env: string;
  grant: string;
  token_url: string;
  client_id?: string;
  scope?: string;
  expires_at?: string;
  /** Seconds left; negative when expired. */
  expires_in?: number;
  expired: boolean;
  refreshable: boolean;
}

export async function authStatus(
  input: { env?: string },
  ctx: OpsContext,
): Promise<{ tokens: TokenStatus[] }> {
  const now = ctx.clock.now();
  const listed = await new TokenCache(ctx.env).list();
  return {
    tokens: listed.filter(({ info }) => !input.env || info.env === input.env).map(({ info }) =>
      tokenStatus(info, now)
    ),
  };
}

export function tokenStatus(info: CachedTokenInfo, now: number): TokenStatus {
  return {
    env: info.env,
    grant: info.grant,
    token_url: info.tokenUrl,
    ...(info.clientId ? { client_id: info.clientId } : {}),
    ...(info.scope ? { scope: info.scope } : {}),
    ...(info.expiresAt
      ? {
        expires_at: new Date(info.expiresAt).toISOString(),
        expires_in: Math.round((info.expiresAt - now) / 1000),
      }
      : {}),
    expired: info.expiresAt !== undefined && info.expiresAt <= now,
    refreshable: info.refreshable,
  };
}

export async function authLogout(
  input: { env?: string },
  ctx: OpsContext,
): Promise<{ removed: number }> {
  const cache = new TokenCache(ctx.env);
  let removed = 0;
  for (const { path, info } of await cache.list()) {
    if (input.env && info.env !== input.env) continue;
    if (await cache.removePath(path)) removed++;
  }
  return { removed };
}
