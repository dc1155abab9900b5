import { assertEquals } from "@std/assert";
import { isRetryable, retryDelay } from "./retry.ts";

Deno.test("isRetryable() retries network failures, 5xx and 429 only", () => {
  assertEquals(
    [{ failed: true }, { status: 503 }, { status: 429 }, { status: 404 }, { status: 200 }].map(
      isRetryable,
    ),
    [true, true, true, false, false],
  );
});

Deno.test("retryDelay() is 250 ms fixed, 100 ms x 2^n with jitter, and honours Retry-After up to the timeout", () => {
  const base = { random: 0, now: 0, timeoutMs: 5000 };
  assertEquals(retryDelay({ attempts: 3, backoff: "fixed" }, 2, base), 250);
  assertEquals([0, 1, 2].map((n) => retryDelay({ attempts: 3, backoff: "exponential" }, n, base)), [
    100,
    200,
    400,
  ]);
  assertEquals(retryDelay({ attempts: 3, backoff: "exponential" }, 1, { ...base, random: 1 }), 300);
  assertEquals(
    retryDelay({ attempts: 1, backoff: "fixed" }, 0, { ...base, retryAfter: "2" }),
    2000,
  );
  assertEquals(
    retryDelay({ attempts: 1, backoff: "fixed" }, 0, { ...base, retryAfter: "60" }),
    5000,
  );
  assertEquals(
    retryDelay({ attempts: 1, backoff: "fixed" }, 0, {
      ...base,
      now: Date.parse("2026-01-01T00:00:00Z"),
      retryAfter: "Thu, 01 Jan 2026 00:00:03 GMT",
    }),
    3000,
  );
});
