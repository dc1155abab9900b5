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

Deno.test("compileLinear answers as RE2 does on generated patterns and subjects", async () => {
  const { compileLinear } = await import("./re2.ts");
  const { linearSource } = await import("../engine/parse/linear_pattern.ts");
  // A seeded generator: the same cases every run.
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const pick = <T>(items: T[]) => items[random(items.length)];
  const atoms = [
    "a",
    "b",
    "A",
    "1",
    "-",
    "/",
    ".",
    "\\d",
    "\\D",
    "\\w",
    "\\W",
    "\\.",
    "\\n",
    "[ab]",
    "[^a]",
    "[a-c]",
    "[\\d.]",
    "[^\\n]",
    "é",
    "K",
    "ſ",
  ];
  const quantifiers = ["", "", "", "?", "*", "+", "{2}", "{1,2}", "{0,}"];
  const subjectChars = [
    "a",
    "b",
    "A",
    "B",
    "1",
    "-",
    "/",
    ".",
    "\n",
    "\r",
    " ",
    "é",
    "É",
    "\u2028",
    "K",
    "k",
    "s",
    "S",
    "ſ",
    "_",
  ];
  let compared = 0;
  for (let i = 0; i < 3000; i++) {
    let source = random(2) ? "^" : "";
    for (let n = 1 + random(4); n > 0; n--) source += pick(atoms) + pick(quantifiers);
    if (random(3) === 0) source += "$";
    const flags = pick(["", "", "i", "s", "is"]);
    const linear = compileLinear(source, flags);
    assertEquals(linear !== undefined, linearSource(source, flags) !== undefined);
    if (!linear) continue;
    const re2 = compile(source, flags);
    for (let k = 0; k < 12; k++) {
      let subject = "";
      for (let m = random(7); m > 0; m--) subject += pick(subjectChars);
      assertEquals(
        linear.test(subject),
        re2.test(subject),
        `/${source}/${flags} on ${JSON.stringify(subject)}`,
      );
      compared++;
    }
  }
  assertEquals(compared > 10_000, true, `only ${compared} comparisons`);
});
