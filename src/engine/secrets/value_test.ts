import { assertEquals } from "@std/assert";
import {
  entropy,
  isInertValue,
  isPasswordLiteral,
  isPlaceholderValue,
  looksRandom,
  looksSecret,
} from "./value.ts";

Deno.test("isPlaceholderValue() knows apispec, shell, CI and template placeholders", () => {
  const placeholders = [
    "{{authToken}}",
    "${TOKEN}",
    "${{ secrets.TOKEN }}",
    "$TOKEN",
    "<token>",
    "%TOKEN%",
    "****",
    "xxxxxxxx",
    "$response.body.token",
    "{{Buffer.from(user",
  ];
  assertEquals(placeholders.filter((v) => !isPlaceholderValue(v)), []);
  assertEquals(isPlaceholderValue("s3cr3t-v4lue"), false);
});

Deno.test("isInertValue() covers dummies, examples, ids, URLs, ARNs and word lists", () => {
  const inert = [
    "changeme",
    "your-api-key",
    "AKIAIOSFODNN7EXAMPLE",
    "123e4567-e89b-12d3-a456-426614174000",
    "3f786850e387550fdab836ed7e6dc881de23001b",
    "arn:aws:iam::123456789012:role/deployer",
    "https://auth.example.com/token",
    "ACCESS_TOKEN",
    "sha256-consumer-key-value",
    "token123",
    "vp7jx...",
  ];
  assertEquals(inert.filter((v) => !isInertValue(v)), []);
});

Deno.test("looksRandom() wants a long generated-looking literal; passwords only a literal", () => {
  assertEquals(
    ["abc", "{{x}}", "my-secret-name", "12345678901", "tok_6f1d9a0b7c2e", "grpc.Creds.createSsl()"]
      .map(looksRandom),
    [false, false, false, false, true, false],
  );
  assertEquals(["hunter2", "abc1", "changeme", "abc"].map(isPasswordLiteral), [
    true,
    true,
    false,
    false,
  ]);
  assertEquals([looksSecret("Zx8!qL2#vR9"), looksSecret("example-value")], [true, false]);
  assertEquals([entropy("aaaa"), entropy("abcd")], [0, 2]);
});
