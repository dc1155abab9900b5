import { assertEquals, assertStringIncludes } from "@std/assert";
import { linearPattern, linearSource } from "./linear_pattern.ts";
import { matchTooCostly, MAX_MATCH_WORK, programSize } from "./pattern.ts";

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

Deno.test("linearPattern: without ^ every character is a start, so the work per start stays small", () => {
  // On V8, `\d{1000}x` over a 1 MB body of digits is a billion steps; these go to RE2.
  for (const source of ["\\d{1000}x", "\\d{50}x", "[a-f0-9]{64}", "a{1,4}b{0,3}", "\\d{17}"]) {
    assertEquals(linearPattern(source, ""), undefined, source);
  }
  // Small spans stay on V8, with their work per character said.
  assertEquals(linearPattern("\\d{4}-\\d{2}-\\d{2}", ""), {
    source: "\\d{4}-\\d{2}-\\d{2}",
    work: 10,
  });
  assertEquals(linearPattern("@", "")?.work, 1);
  assertEquals(linearPattern("\\d{16}", "")?.work, 16);
  // With ^ there is one start: a thousand steps once, then one per character at most.
  assertEquals(linearPattern("^\\d{1000}x", "")?.work, 1);
});

Deno.test("programSize: RE2's program with counted repetitions expanded bounds its work per character", () => {
  assertEquals(programSize("\\d{1000}x"), 1001);
  assertEquals(programSize("^(ab|c){3}$"), 11);
  assertEquals(programSize("(?:x{10}){10}"), 100);
  assertEquals(programSize("[a-f0-9]{64}"), 64);
  assertEquals(programSize("\\p{L}+"), 2);
  assertEquals(programSize("a{2,}"), 3);
  // Malformed text never loops: RE2 reports it, the estimate stays finite.
  for (const source of ["(((", "a)b)", "[abc", "\\", "{3}", "a{99999}"]) {
    const size = programSize(source);
    assertEquals(Number.isFinite(size) && size >= 1 && size <= 1000, true, source);
  }
});

Deno.test("matchTooCostly: the steps a test may take are its work per character times the subject", () => {
  const pattern = { test: () => true, work: 1001 };
  assertEquals(matchTooCostly(pattern, 100_000), undefined);
  assertStringIncludes(matchTooCostly(pattern, 1_000_000)!, "1001 per character");
  assertEquals(matchTooCostly({ test: () => true }, MAX_MATCH_WORK - 1), undefined);
});
