import { assertEquals } from "@std/assert";
import { escapeControls, markedPaint, terminalText } from "./terminal_safe.ts";
import { renderIssue } from "./issue.ts";
import type { Issue } from "../issue.ts";

Deno.test("terminalText() escapes every control character, colour codes too, then paints its own marks", () => {
  const paint = markedPaint("k1");
  const painted = paint.bold(paint.red("FAIL")) + " " + paint.dim(paint.cyan("x"));
  assertEquals(
    terminalText(painted, "k1", true),
    "\x1b[1m\x1b[31mFAIL\x1b[39m\x1b[22m \x1b[2m\x1b[36mx\x1b[39m\x1b[22m",
  );
  assertEquals(terminalText(painted, "k1", false), "FAIL x");
  const safe = (text: string) => terminalText(text, "k1", true);
  assertEquals(safe("a\tb\nc"), "a\tb\nc");
  assertEquals(safe("\x1b]52;c;cm0gLXJmIH4=\x07"), "\\u001b]52;c;cm0gLXJmIH4=\\u0007");
  assertEquals(safe("\x1b[2J\x1b[8mhidden\x1b[0m"), "\\u001b[2J\\u001b[8mhidden\\u001b[0m");
  // SGR from data, the very codes apispec paints with: escaped.
  assertEquals(safe("\x1b[32mPASS\x1b[39m"), "\\u001b[32mPASS\\u001b[39m");
  // A mark with another key (data guessing the format) stays text, not colour.
  const forged = markedPaint("zz").green("PASS");
  assertEquals(safe(forged), forged);
  assertEquals(safe("over\rwrite\x00\x7f\x9b"), "over\\u000dwrite\\u0000\\u007f\\u009b");
  assertEquals(safe("ünïcödé → ✓"), "ünïcödé → ✓");
  // JSON keeps DEL and C1 characters raw; escaped, it is still the same JSON.
  const json = JSON.stringify({ body: "a\x7fb\x1bc" });
  assertEquals(JSON.parse(safe(json)), { body: "a\x7fb\x1bc" });
});

Deno.test("renderIssue() shows a source line's control characters escaped, its colour codes too, caret in place", () => {
  const source = "a: 1\nname: \x1b[31mred\x07 x\n";
  const issue: Issue = {
    code: "VALIDATION_ERROR",
    severity: "error",
    message: "bad",
    file: "f.md",
    line: 2,
    column: 17, // the "x"
  };
  const [, , , shown, caret] = renderIssue(issue, source).split("\n");
  assertEquals(shown, "2 | name: \\u001b[31mred\\u0007 x");
  assertEquals(caret.indexOf("^"), shown.indexOf(" x") + 1);
  assertEquals(escapeControls("\x1b[1mb"), "\\u001b[1mb");
});
