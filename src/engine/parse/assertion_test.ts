import { assertEquals, assertMatch } from "@std/assert";
import { parseAssertion } from "./assertion.ts";

Deno.test("parseAssertion() reads each operator and the implicit equals", () => {
  const cases: [string, string, string, string][] = [
    ["status: 201", "status", "equals", "201"],
    ['body.name: equals "Ada"', "body.name", "equals", '"Ada"'],
    ["body.id: exists", "body.id", "exists", ""],
    ["headers.content-type: contains json", "headers.content-type", "contains", "json"],
    ["body.role: in [admin, member]", "body.role", "in", "[admin, member]"],
    ["body.items[0].sku: matches ^[A-Z]+-\\d+$", "body.items[0].sku", "matches", "^[A-Z]+-\\d+$"],
    ["`body: exists`", "body", "exists", ""],
    ["body.note: exists-ish", "body.note", "equals", "exists-ish"],
  ];
  for (const [text, path, operator, operand] of cases) {
    const { rule, issue } = parseAssertion(text, "a.md", 3);
    assertEquals(issue, undefined, text);
    assertEquals([rule!.path, rule!.operator, rule!.operand, rule!.line], [
      path,
      operator,
      operand,
      3,
    ]);
  }
});

Deno.test("parseAssertion() rejects bad paths and operands with a fix", () => {
  const cases: [string, RegExp][] = [
    ["response.id: exists", /Cannot parse assertion/],
    ["body.id exists", /Cannot parse assertion/],
    ["body.id: exists now", /exists takes no operand/],
    ["body.role: in admin", /in needs a list/],
    ["body.x: matches (unclosed", /invalid regular expression/],
    ["status:", /expected value is missing/],
  ];
  for (const [text, message] of cases) {
    const { issue } = parseAssertion(text, "a.md", 9);
    assertMatch(issue!.message, message, text);
    assertEquals([issue!.line, issue!.file, issue!.code], [9, "a.md", "VALIDATION_ERROR"]);
    assertEquals(typeof issue!.fix, "string");
  }
});
