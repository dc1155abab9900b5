import { assertEquals } from "@std/assert";
import { ALLOW_COMMENT, looksSecret, scanSecrets } from "./scan.ts";

Deno.test("scanSecrets() finds provider keys, private keys, JWTs and literal credentials with lines", () => {
  const lines = [
    "aws: AKIAIOSFODNN7EXAMPLE",
    "token: ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789",
    "-----BEGIN RSA PRIVATE KEY-----",
    "Authorization: Bearer abcdef123456",
    "Authorization: Basic dXNlcjpzM2NyZXQ=",
    '{"password": "Zx8!qL2#vR9"}',
    "api_key = 'live_4f9a8b7c6d5e'",
    "jwt: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "slack: xoxb-123456789012-abcdefghijkl",
    "key: sk_live_abcdefghijklmnop1234",
  ];
  const found = scanSecrets(lines.join("\n"), "a.md");
  assertEquals(found.map((i) => i.line), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assertEquals(
    found.every((i) => i.code === "SECRET_DETECTED" && i.file === "a.md" && i.fix),
    true,
  );
});

Deno.test("scanSecrets() leaves placeholders, SHAs, UUIDs, dummies and masked values alone", () => {
  const lines = [
    "Authorization: Bearer {{authToken}}",
    '{"password": "{{password}}"}',
    "commit: 3f786850e387550fdab836ed7e6dc881de23001b",
    "id: 123e4567-e89b-12d3-a456-426614174000",
    "password: changeme",
    "token: string",
    '"token": "****"',
    "Authorization: Bearer ****",
    "max_tokens: 1024",
    "tokenUrl: https://auth.example.com/token",
    "auth: bearer",
    "password: lorem",
    `token: hunter2hunter2 ${ALLOW_COMMENT}`,
  ];
  assertEquals(scanSecrets(lines.join("\n"), "a.md"), []);
});

Deno.test("looksSecret() wants a long, random-looking literal", () => {
  assertEquals(
    ["abc", "{{x}}", "example-value", "12345678", "Zx8!qL2#vR9", "tok_6f1d9a0b7c2e"].map(
      looksSecret,
    ),
    [false, false, false, false, true, true],
  );
});
