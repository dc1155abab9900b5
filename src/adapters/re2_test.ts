import { assert, assertEquals } from "@std/assert";
import { loadRe2 } from "./re2.ts";

const compile = await loadRe2();

Deno.test("loadRe2() compiles JavaScript syntax with RE2 semantics and flags", () => {
  assert(compile("^\\d{4}-\\d{2}-\\d{2}T", "").test("2026-01-01T00:00:00Z"));
  assert(compile("^ada$", "i").test("ADA"));
  assert(compile("^b", "m").test("a\nb"));
  assert(compile("a.b", "s").test("a\nb"));
  assert(!compile("a.b", "").test("a\nb"));
  assert(compile("\\u00e9/\\x41", "").test("é/A"));
  assert(compile("(?<year>\\d+)", "").test("2026"));
  // Linear time: a pattern that would backtrack for days answers at once.
  assert(!compile("(a+)+$", "").test("a".repeat(40) + "!"));
});

Deno.test("loadRe2() rejects what RE2 cannot run, in JavaScript's message shape", () => {
  let error: unknown;
  try {
    compile("[\\b]", "");
  } catch (thrown) {
    error = thrown;
  }
  assert(error instanceof SyntaxError);
  assertEquals(error.message, "Invalid regular expression: /[\\b]/u: invalid escape sequence: \\b");
});

Deno.test("loadRe2() compiles thousands of patterns in one process", async () => {
  // re2-wasm kept every pattern in a fixed 16 MiB heap and failed after about 5,000.
  for (let i = 0; i < 8_000; i++) {
    assert(compile(`^[a-z]+${i}$`, "").test(`id${i}`));
    if (i % 100 === 0) await Promise.resolve();
  }
});
