import { assertEquals } from "@std/assert";
import { isCredentialPair, isSecretName, nameWords, secretKind } from "./names.ts";

Deno.test("nameWords() splits camelCase, snake_case, kebab-case and drops version suffixes", () => {
  assertEquals(nameWords("X-API-Key"), ["x", "api", "key"]);
  assertEquals(nameWords("refreshTokenV2"), ["refresh", "token"]);
  assertEquals(nameWords("spring.datasource.password"), ["spring", "datasource", "password"]);
});

Deno.test("isSecretName() matches credential words, not substrings", () => {
  const secret = [
    "password",
    "db_password",
    "DB_PASSWORD",
    "authToken",
    "access_token",
    "X-Api-Key",
    "apiKey",
    "apikey",
    "clientSecret",
    "clientsecret",
    "privateKey",
    "Authorization",
    "Set-Cookie",
    "key",
  ];
  const neutral = [
    "author",
    "turkey",
    "passwordPolicy",
    "passwordHint",
    "passwordPattern",
    "apiKeyName",
    "apiKeyHeader",
    "tokenEndpoint",
    "tokenUrl",
    "tokenizer",
    "secretName",
    "max_tokens",
    "token_type",
    "primaryKey",
    "publicKey",
    "keyId",
    "monkey",
    "pat",
    "stripe",
  ];
  assertEquals(secret.filter((n) => !isSecretName(n)), []);
  assertEquals(neutral.filter(isSecretName), []);
  assertEquals([secretKind("db_pass"), secretKind("accessToken")], ["password", "token"]);
});

Deno.test("isCredentialPair() wants a literal worth hiding under a credential name", () => {
  assertEquals(isCredentialPair("password", "hunter2"), true);
  assertEquals(isCredentialPair("key", "color"), false);
  assertEquals(isCredentialPair("token", "{{token}}"), false);
  assertEquals(isCredentialPair("author", "Ada Lovelace"), false);
  assertEquals(isCredentialPair("access_token", "tok_6f1d9a0b7c2e"), true);
});
