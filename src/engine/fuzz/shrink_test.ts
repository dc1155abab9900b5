import { assert, assertEquals } from "@std/assert";
import { shrinkValue } from "./shrink.ts";

/** fast-check's loop: take the first smaller candidate that still fails, start again from it. */
function shrinkWhile(
  value: unknown,
  fails: (v: unknown) => boolean,
): { value: unknown; tries: number } {
  let tries = 0;
  let current = value;
  for (let progressed = true; progressed;) {
    progressed = false;
    for (const candidate of shrinkValue(current)) {
      tries++;
      if (fails(candidate)) {
        current = candidate;
        progressed = true;
        break;
      }
    }
  }
  return { value: current, tries };
}

Deno.test("a long string shrinks to the shortest that still fails, in few tries", () => {
  const { value, tries } = shrinkWhile(
    "x".repeat(200),
    (v) => typeof v === "string" && v.length > 64,
  );
  assertEquals(value, "x".repeat(65));
  assert(tries < 60, `${tries} tries`);
});

Deno.test("a character that matters survives, wherever it is", () => {
  const { value } = shrinkWhile("abc🙂def", (v) => typeof v === "string" && v.includes("🙂"));
  assertEquals(value, "🙂");
});

Deno.test("objects lose properties, numbers go towards zero, lists get shorter", () => {
  const { value } = shrinkWhile(
    { name: "long name", age: 57, tags: ["a", "b", "c"] },
    (v) => typeof v === "object" && v !== null && ((v as { age?: number }).age ?? 0) > 20,
  );
  assertEquals(value, { age: 21 });
  assertEquals([...shrinkValue(true)], [false]);
  assertEquals([...shrinkValue(0)], []);
});
