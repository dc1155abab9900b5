/**
 * The UI's OAuth 2.0 routes: each environment's cached token (grant, scope,
 * expiry; never the token) and whether it signs in through the browser, and
 * a write route that starts `apispec auth login` for an environment and
 * answers with the URL to open; the loopback redirect finishes it.
 */
import { authLogin, authStatus } from "../../ops/auth/auth.ts";
import { environmentNames, loadCollection } from "../../ops/collection/load.ts";
import { json, problem, readJson, stringField } from "./reply.ts";
import { type PreviewState, workspaceCtx } from "../state.ts";

/** `GET /api/auth/tokens`: `{grant, environments: [{name, login, tokens: [TokenStatus]}]}`. */
export async function authTokensRoute(state: PreviewState): Promise<Response> {
  const ctx = workspaceCtx(state);
  const collection = await loadCollection(state.workspace.collection, ctx);
  const grant = collection.config.oauth2?.grant ??
    (collection.config.oauth2 ? "client_credentials" : undefined);
  const { tokens } = await authStatus({}, ctx);
  return json({
    grant: grant ?? null,
    environments: environmentNames(collection).map((name) => ({
      name,
      login: grant !== undefined,
      tokens: tokens.filter((t) => t.env === name),
    })),
  });
}

/** `POST /api/auth/login {env}` (write): `{url}` to open, or `{status: "ok"}` when no browser is needed. */
export async function authLoginRoute(state: PreviewState, request: Request): Promise<Response> {
  const env = stringField(await readJson(request), "env")!;
  let answer: (url?: string) => void = () => {};
  const url = new Promise<string | undefined>((resolve) => answer = resolve);
  const login = authLogin({ env }, workspaceCtx(state), { onUrl: (u) => answer(u) });
  login.then(() => answer(undefined));
  const opened = await url;
  if (opened) return json({ status: "pending", url: opened });
  const result = await login;
  if (result.passed) return json({ status: "ok", expires_at: result.expires_at ?? null });
  const first = result.issues.find((i) => i.severity === "error");
  return problem(
    result.error_type === "NETWORK_ERROR" ? 502 : 422,
    result.error_type ?? first?.code ?? "AUTH_FAILED",
    result.hint ?? first?.message ?? "Sign-in failed",
    first?.fix ?? "Check the oauth2: settings in api-docs/project.md",
    result.issues,
  );
}
