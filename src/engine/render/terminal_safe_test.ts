import { assertEquals } from "@std/assert";
import { escapeControls, terminalSafe } from "./terminal_safe.ts";
import { renderIssue } from "./issue.ts";
import type { Issue } from "../issue.ts";
import { ANSI } from "./paint.ts";

Deno.test("terminalSafe() escapes control characters and lets Paint's colours through", () => {
  const painted = ANSI.bold(ANSI.red("FAIL")) + " " + ANSI.dim(ANSI.cyan("x"));
  assertEquals(terminalSafe(painted), painted);
  assertEquals(terminalSafe("a\tb\nc"), "a\tb\nc");
  assertEquals(terminalSafe("\x1b]52;c;cm0gLXJmIH4=\x07"), "\\u001b]52;c;cm0gLXJmIH4=\\u0007");
  assertEquals(terminalSafe("\x1b[2J\x1b[8mhidden\x1b[0m"), "\\u001b[2J\\u001b[8mhidden\\u001b[0m");
  assertEquals(terminalSafe("over\rwrite\x00\x7f\x9b"), "over\\u000dwrite\\u0000\\u007f\\u009b");
  assertEquals(terminalSafe("ünïcödé → ✓"), "ünïcödé → ✓");
  // JSON keeps DEL and C1 characters raw; escaped, it is still the same JSON.
  const json = JSON.stringify({ body: "a\x7fb\x1bc" });
  assertEquals(JSON.parse(terminalSafe(json)), { body: "a\x7fb\x1bc" });
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
