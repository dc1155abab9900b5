import { assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";

Deno.test("demo runs every endpoint, then the onboarding flow step by step", async () => {
  const result = await apispec(["demo"]);
  assertEquals(result.code, 0, result.stderr + result.stdout);
  assertStringIncludes(result.stdout, "FLOW  User onboarding");
  assertMatch(result.stdout, /✓ Read user {2}GET http:\/\/127\.0\.0\.1:\d+\/users\/\d+ {2}200 OK/);
  assertStringIncludes(result.stdout, "✓ Delete user");
  assertStringIncludes(result.stdout, "✓ 7 passed, 0 failed (6 endpoints, 1 flow)");
});
