import { assertEquals } from "@std/assert";
import { linearSource } from "./linear_pattern.ts";

Deno.test("linearSource: the common patterns run natively, as written", () => {
  for (
    const source of ["^\\d+$", "^/users/\\d+$", "^\\d{4}-\\d{2}-\\d{2}T", "@", "^[a-f0-9]{32}$"]
  ) {
    assertEquals(linearSource(source, ""), source);
  }
  assertEquals(linearSource("^[^@]+@example\\.com$", ""), "^[^@]+@example\\.com$");
});

Deno.test("linearSource: `.` is rewritten to RE2's meaning unless `s` is given", () => {
  assertEquals(linearSource("^a.b", ""), "^a[^\\n]b");
  assertEquals(linearSource("^a.b", "s"), "^a.b");
});

Deno.test("linearSource: what could backtrack, or reads differently, is left to RE2", () => {
  for (
    const [source, flags] of [
      ["(a+)+$", ""], // a group
      ["a|b", ""], // alternation
      ["\\d+x", ""], // unbounded without ^: a quadratic scan
      ["^\\d+\\d+x", ""], // two unbounded
      ["^a?a?a?a?a?b", ""], // 32 count combinations
      ["^\\d+$", "m"], // every line a start
      ["^\\s+$", ""], // \s differs
      ["^\\bx", ""],
      ["^[[:alpha:]]+$", ""], // POSIX class in RE2
      ["^[^a]$", "i"], // folding into a negated class
      ["^\\w+$", "i"],
      ["^a{1001}$", ""], // beyond RE2's repeat limit
      ["x" + "a{1000}".repeat(2), ""], // 2,000 characters of work at every start
      ["^a{1,4}b{0,3}c{100}$", ""], // 100-odd characters times 16 tries
      ["^a{,3}$", ""],
      ["^a**", ""],
      ["a$b", ""],
      ["^\\", ""],
    ]
  ) {
    assertEquals(linearSource(source, flags), undefined, `/${source}/${flags}`);
  }
  assertEquals(linearSource("^a{1,4}b{0,3}$", ""), "^a{1,4}b{0,3}$"); // 16 tries: at the cap
});
