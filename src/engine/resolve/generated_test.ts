import { assertEquals, assertMatch } from "@std/assert";
import { generator, unknownGenerated } from "./generated.ts";

Deno.test("generator() makes each value once per request, from the entropy it is given", () => {
  let ids = 0;
  const values = generator({
    now: Date.UTC(2024, 0, 2, 3, 4, 5, 678),
    uuid: () => `uuid-${++ids}`,
    random: () => 0.9999,
  });
  assertEquals(values("$guid"), "uuid-1");
  assertEquals(values("$guid"), "uuid-1");
  assertEquals(values("$randomUUID"), "uuid-2");
  assertEquals(values("$timestamp"), "1704164645");
  assertEquals(values("$isoTimestamp"), "2024-01-02T03:04:05.678Z");
  assertEquals(values("$randomInt"), "1000");
  assertEquals(values("userId"), undefined);
  assertEquals(generator({ now: 0, uuid: () => "", random: () => 0 })("$randomInt"), "0");
});

Deno.test("generator() without entropy leaves the placeholders, for dry runs", () => {
  const values = generator();
  assertEquals(values("$guid"), "{{$guid}}");
  assertMatch(values("$timestamp")!, /^\{\{\$timestamp\}\}$/);
});

Deno.test("unknownGenerated() names the generated value a Postman-style name meant", () => {
  assertEquals(unknownGenerated("$guid"), undefined);
  assertEquals(unknownGenerated("userId"), undefined);
  assertEquals(unknownGenerated("$gui"), "$guid");
  assertEquals(unknownGenerated("$randomEmail"), "");
});
