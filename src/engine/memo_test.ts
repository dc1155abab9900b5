import { assertEquals } from "@std/assert";
import { memoByString } from "./memo.ts";

Deno.test("memoByString() computes each string once while it is kept", () => {
  const calls: string[] = [];
  const upper = memoByString((text) => (calls.push(text), text.toUpperCase()), { size: 2 });
  assertEquals([upper("a"), upper("b"), upper("a")], ["A", "B", "A"]);
  assertEquals(calls, ["a", "b"]);
});

Deno.test("memoByString() drops the oldest string beyond its size, and skips long ones", () => {
  const calls: string[] = [];
  const same = memoByString((text) => (calls.push(text), text), { size: 2, maxLength: 3 });
  for (const text of ["a", "b", "c", "a", "long", "long"]) same(text);
  assertEquals(calls, ["a", "b", "c", "a", "long", "long"]);
});
