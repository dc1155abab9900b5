import { assertEquals } from "@std/assert";
import { ALLOW_COMMENT, findSecrets, scanSecrets } from "./scan.ts";
import { Gen } from "../../../tests/helpers/secret_samples.ts";

// Tokens are built at run time from parts: no realistic token sits in the repository.
const g = new Gen(5);
const p = (...parts: string[]) => parts.join("");

Deno.test("scanSecrets() finds provider keys, private keys, JWTs and literal credentials with lines", () => {
  const lines = [
    `aws: ${p("AK", "IA")}${g.base32(16)}`,
    `token: ${p("gh", "p_")}${g.alnum(36)}`,
    p("-----BEGIN RSA ", "PRIVATE KEY-----"),
    `Authorization: Bearer ${g.alnum(24)}`,
    `Authorization: Basic ${btoa(`ada:${g.password()}`)}`,
    `{"password": "${g.password()}"}`,
    `api_key = '${g.alnum(20)}'`,
    `jwt: ${g.jwt()}`,
    `slack: ${p("xo", "xb-")}${g.digits(12)}-${g.digits(13)}-${g.alnum(24)}`,
    `key: ${p("sk", "_live_")}${g.alnum(24)}`,
  ];
  const found = scanSecrets(lines.join("\n"), "a.md");
  assertEquals(found.map((i) => i.line), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assertEquals(
    found.every((i) => i.code === "SECRET_DETECTED" && i.file === "a.md" && i.fix),
    true,
  );
});

Deno.test("scanSecrets() leaves placeholders, SHAs, UUIDs, dummies, masked values and key names alone", () => {
  const lines = [
    "Authorization: Bearer {{authToken}}",
    "Authorization: Bearer ${TOKEN}",
    '{"password": "{{password}}"}',
    `commit: ${g.hex(40)}`,
    "id: 123e4567-e89b-12d3-a456-426614174000",
    "password: changeme",
    "token: string",
    '"token": "****"',
    "Authorization: Bearer ****",
    "max_tokens: 1024",
    "tokenUrl: https://auth.example.com/token",
    "auth: bearer",
    "password: lorem",
    "apiKeyName: X-Api-Key",
    "passwordPolicy: strict",
    `aws: ${p("AK", "IA")}IOSFODNN7EXAMPLE`,
    `token: ${g.alnum(24)} ${ALLOW_COMMENT}`,
  ];
  assertEquals(scanSecrets(lines.join("\n"), "a.md"), []);
});

Deno.test("findSecrets() gives the secret's offsets, and masks through the allow comment when asked", () => {
  const token = p("gl", "pat-") + g.urlsafe(20);
  const text = `intro\nPRIVATE-TOKEN: ${token} ${ALLOW_COMMENT}\n`;
  assertEquals(findSecrets(text), []);
  const [found] = findSecrets(text, { honourAllowComment: false });
  assertEquals([found.line, found.column, text.slice(found.start, found.end)], [2, 16, token]);
});

Deno.test("findSecrets() judges unquoted YAML values with # and the value in a URL", () => {
  const password = `${g.pick("abcdefgh", 4)}#${g.alnum(5)}`;
  const [hash] = findSecrets(`password: ${password}  # rotated monthly`);
  assertEquals(hash.rule, "credential-assignment");
  const url = `postgres://app:${g.lower(10)}@db:5432/app`;
  const [inUrl] = findSecrets(`url: ${url}`);
  assertEquals(inUrl.rule, "url-credentials");
});
