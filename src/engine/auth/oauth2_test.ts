import { assertEquals, assertStringIncludes } from "@std/assert";
import { readTokenAnswer, tokenCacheKey, tokenRequest, tokenState } from "./oauth2.ts";
import type { ResolvedOAuth2 } from "./plan.ts";

const BASE: ResolvedOAuth2 = {
  grant: "client_credentials",
  tokenUrl: "https://id.example/token",
  clientId: "app id",
  clientSecret: "s&cret",
  scope: "read",
  params: { audience: "api" },
  clientAuth: "basic",
};

Deno.test("tokenRequest() puts the client in HTTP Basic (form-encoded first) or in the body", () => {
  const basic = tokenRequest(BASE);
  assertEquals(
    new URLSearchParams(basic.body).toString(),
    "grant_type=client_credentials&scope=read&audience=api",
  );
  const authorization = basic.headers.find(([n]) => n === "Authorization")![1];
  assertEquals(atob(authorization.slice("Basic ".length)), "app+id:s%26cret");
  const body = tokenRequest({ ...BASE, clientAuth: "body" });
  assertEquals(new URLSearchParams(body.body).get("client_secret"), "s&cret");
  assertEquals(body.headers.some(([n]) => n === "Authorization"), false);
});

Deno.test("tokenRequest() for the password, refresh and authorization-code grants", () => {
  const password = new URLSearchParams(
    tokenRequest({ ...BASE, grant: "password", username: "ada", password: "pw" }).body,
  );
  assertEquals([password.get("grant_type"), password.get("username"), password.get("password")], [
    "password",
    "ada",
    "pw",
  ]);
  const refresh = new URLSearchParams(tokenRequest(BASE, { refreshToken: "r1" }).body);
  assertEquals([refresh.get("grant_type"), refresh.get("refresh_token")], ["refresh_token", "r1"]);
  const code = new URLSearchParams(
    tokenRequest({ ...BASE, clientSecret: undefined }, {
      code: { code: "c1", codeVerifier: "v1", redirectUri: "http://127.0.0.1:5/callback" },
    }).body,
  );
  assertEquals(
    [code.get("grant_type"), code.get("code_verifier"), code.get("client_id")],
    ["authorization_code", "v1", "app id"],
  );
});

Deno.test("tokenState() uses a token until 30 s before expiry, then refreshes or fetches", () => {
  const token = { accessToken: "t", tokenType: "Bearer", grant: "x", obtainedAt: 0 };
  assertEquals(tokenState(undefined, 0), "fetch");
  assertEquals(tokenState(token, 10 ** 12), "fresh");
  assertEquals(tokenState({ ...token, expiresAt: 100_000 }, 69_999), "fresh");
  assertEquals(tokenState({ ...token, expiresAt: 100_000 }, 70_000), "fetch");
  assertEquals(tokenState({ ...token, expiresAt: 100_000, refreshToken: "r" }, 70_000), "refresh");
});

Deno.test("readTokenAnswer() keeps expiry and the old refresh token; a refusal names URL, status, error", () => {
  const ok = readTokenAnswer(
    BASE,
    {
      status: 200,
      body: '{"access_token":"a","token_type":"bearer","expires_in":60}',
    },
    1000,
    { accessToken: "old", tokenType: "Bearer", grant: "x", obtainedAt: 0, refreshToken: "r" },
  );
  assertEquals(ok.ok && [ok.token.expiresAt, ok.token.refreshToken, ok.token.scope], [
    61_000,
    "r",
    "read",
  ]);
  const refused = readTokenAnswer(BASE, {
    status: 400,
    body: '{"error":"invalid_grant","error_description":"expired code"}',
  }, 0);
  assertEquals(refused.ok, false);
  if (!refused.ok) {
    assertStringIncludes(
      refused.hint,
      "https://id.example/token refused the request (400: invalid_grant (expired code))",
    );
  }
  const notJson = readTokenAnswer(BASE, { status: 502, body: "<html>" }, 0);
  assertEquals(notJson.ok, false);
});

Deno.test("tokenCacheKey() separates environments, clients, grants, scopes and password users", () => {
  const keys = new Set([
    tokenCacheKey("dev", BASE),
    tokenCacheKey("prod", BASE),
    tokenCacheKey("dev", { ...BASE, scope: "write" }),
    tokenCacheKey("dev", { ...BASE, clientId: "other" }),
    tokenCacheKey("dev", { ...BASE, grant: "password", username: "a" }),
    tokenCacheKey("dev", { ...BASE, grant: "password", username: "b" }),
  ]);
  assertEquals(keys.size, 6);
});
