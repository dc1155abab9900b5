import { assertEquals } from "@std/assert";
import { MAX_PREFERRED_DELAY_MS, parseLatency, pickDelay, preferredDelay } from "./faults.ts";

Deno.test("parseLatency() reads milliseconds or a range", () => {
  assertEquals(parseLatency("250"), { min: 250, max: 250 });
  assertEquals(parseLatency("100-500"), { min: 100, max: 500 });
  assertEquals(parseLatency(" 0 - 0 "), { min: 0, max: 0 });
  for (const bad of ["", "fast", "500-100", "-5", "1.5", "1-2-3"]) {
    assertEquals(parseLatency(bad), undefined, bad);
  }
});

Deno.test("preferredDelay() reads delay= among other preferences, capped", () => {
  assertEquals(preferredDelay("delay=300"), 300);
  assertEquals(preferredDelay("code=404, delay=5"), 5);
  assertEquals(preferredDelay("respond-async; delay=7"), 7);
  assertEquals(preferredDelay("delay=999999999"), MAX_PREFERRED_DELAY_MS);
  assertEquals(preferredDelay("code=200"), undefined);
  assertEquals(preferredDelay("nodelay=3"), undefined);
});

Deno.test("pickDelay() stays within the range, both ends included", () => {
  assertEquals(pickDelay({ min: 10, max: 20 }, () => 0), 10);
  assertEquals(pickDelay({ min: 10, max: 20 }, () => 0.99999), 20);
  assertEquals(pickDelay({ min: 5, max: 5 }, () => 0.5), 5);
});
