/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * OAuth 2.0 on the environment page: each environment's cached token
 * (grant, scope, expiry; never the token) and a Log in button that starts
 * the sign-in (the authorization-code grant opens the provider's page in a
 * new tab; the other grants fetch a token at once).
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { call } from "../api.ts";
import { toast } from "./common.tsx";

interface TokenView {
  env: string;
  grant: string;
  token_url: string;
  scope?: string;
  expires_at?: string;
  expires_in?: number;
  expired: boolean;
  refreshable: boolean;
}

interface AuthView {
  grant: string | null;
  environments: { name: string; login: boolean; tokens: TokenView[] }[];
}

function expiry(token: TokenView): string {
  if (!token.expires_at) return "no expiry given";
  if (token.expired) return `expired ${new Date(token.expires_at).toLocaleString()}`;
  const minutes = Math.round((token.expires_in ?? 0) / 60);
  return `expires ${new Date(token.expires_at).toLocaleString()} (in ${
    minutes >= 1 ? `${minutes} min` : `${token.expires_in} s`
  })`;
}

export function AuthTokens() {
  const [view, setView] = useState<AuthView>();
  const [busy, setBusy] = useState<string>();
  const load = useCallback(() => {
    call<AuthView>("GET", "/api/auth/tokens").then(setView).catch(() => setView(undefined));
  }, []);
  useEffect(load, []);
  if (!view?.grant) return null;

  const logIn = async (env: string) => {
    setBusy(env);
    try {
      const result = await call<{ status: string; url?: string }>("POST", "/api/auth/login", {
        env,
      });
      if (result.url) {
        globalThis.open(result.url, "_blank", "noopener");
        toast(`Sign in for ${env} in the new tab`, "ok");
        // The loopback redirect finishes the sign-in; the token shows up when it has.
        for (let i = 0; i < 150; i++) {
          await new Promise((wait) => setTimeout(wait, 2000));
          const next = await call<AuthView>("GET", "/api/auth/tokens");
          setView(next);
          if (next.environments.find((e) => e.name === env)?.tokens.some((t) => !t.expired)) break;
        }
      } else {
        toast(`Token for ${env} cached`, "ok");
        load();
      }
    } catch (error) {
      toast(String((error as Error).message), "error");
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section class="auth-tokens" data-testid="auth-tokens">
      <h2>OAuth 2.0 tokens ({view.grant})</h2>
      <table class="env-vars">
        <tbody>
          {view.environments.map((env) => (
            <tr key={env.name} data-testid="auth-token-row" data-env={env.name}>
              <th scope="row">{env.name}</th>
              <td data-testid="auth-token-expiry">
                {env.tokens.length === 0
                  ? "no cached token"
                  : env.tokens.map((t) =>
                    `${expiry(t)}${t.refreshable ? ", refreshable" : ""}`
                  )
                    .join("; ")}
              </td>
              <td>
                <button
                  type="button"
                  disabled={busy !== undefined}
                  onClick={() =>
                    logIn(env.name)}
                  data-testid="auth-login"
                >
                  {busy === env.name ? "Waiting…" : "Log in"}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
