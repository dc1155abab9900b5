import { assertEquals, assertMatch } from "@std/assert";
import { parseAssertion } from "./assertion.ts";

Deno.test("parseAssertion() reads each operator, not, and the implicit equals", () => {
  const cases: [string, string, string, string, boolean][] = [
    ["status: 201", "status", "equals", "201", false],
    ['body.name: equals "Ada"', "body.name", "equals", '"Ada"', false],
    ["body.id: exists", "body.id", "exists", "", false],
    ["headers.content-type: contains json", "headers.content-type", "contains", "json", false],
    ["body.role: in [admin, member]", "body.role", "in", "[admin, member]", false],
    [
      "body.items[0].sku: matches ^[A-Z]+-\\d+$",
      "body.items[0].sku",
      "matches",
      "^[A-Z]+-\\d+$",
      false,
    ],
    ["`body: exists`", "body", "exists", "", false],
    ["body.note: exists-ish", "body.note", "equals", "exists-ish", false],
    ["body.name: Ada Lovelace", "body.name", "equals", "Ada Lovelace", false],
    ["body.count: > 5", "body.count", ">", "5", false],
    ["body.count: >=5", "body.count", ">=", "5", false],
    ["body.count: < -1", "body.count", "<", "-1", false],
    ["body.count: <= {{max}}", "body.count", "<=", "{{max}}", false],
    ["body.count: != 0", "body.count", "!=", "0", false],
    ["body.count: == 3", "body.count", "equals", "3", false],
    ["body.items: length 3", "body.items", "length", "3", false],
    ["body.items: length >= 1", "body.items", "length", ">= 1", false],
    ["body.id: type integer", "body.id", "type", "integer", false],
    ["body.name: not contains test", "body.name", "contains", "test", true],
    ["headers.x-debug: not exists", "headers.x-debug", "exists", "", true],
    ["body.count: not > 5", "body.count", ">", "5", true],
    ["body.role: not admin", "body.role", "equals", "admin", true],
    ["duration_ms: < 500", "duration_ms", "<", "500", false],
  ];
  for (const [text, path, operator, operand, not] of cases) {
    const { rule, issue } = parseAssertion(text, "a.md", 3);
    assertEquals(issue, undefined, text);
    assertEquals(
      [rule!.path, rule!.operator, rule!.operand, rule!.line, rule!.not === true],
      [path, operator, operand, 3, not],
      text,
    );
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
    ["body.items: length many", /length needs a number/],
    ["body.id: type int", /unknown type "int"/],
    ["body.id: not", /not needs one operator/],
    ["body.id: not not exists", /not needs one operator/],
    ["body.x: matches /a/x", /unknown flag/],
    ["body.x: matches ^(?=a)", /lookahead and lookbehind .* RE2/],
    ["body.x: matches (a)\\1", /backreferences .* RE2/],
    ["body.x: > ", /> needs an operand/],
  ];
  for (const [text, message] of cases) {
    const { issue } = parseAssertion(text, "a.md", 9);
    assertMatch(issue!.message, message, text);
    assertEquals([issue!.line, issue!.file, issue!.code], [9, "a.md", "VALIDATION_ERROR"]);
    assertEquals(typeof issue!.fix, "string");
  }
});

Deno.test("parseAssertion() refuses an unknown operator, never comparing it as text", () => {
  const cases: [string, string, RegExp][] = [
    ["body.views: >> 5", ">>", /Known operators: equals/],
    ["body.views: => 5", "=>", /Known operators/],
    ["body.views: gt 5", "gt", /Did you mean `>`\?/],
    ["body.name: startsWith A", "startsWith", /Did you mean `matches \^…`\?/],
    ["body.id: isDefined", "isDefined", /Did you mean `exists`\?/],
    ["body.id: exsits", "exsits", /Did you mean `exists`\?/],
    ["body.title: hello world", "hello", /quote text that holds spaces/],
    ["body.x: =~ ^a", "=~", /Did you mean `matches`\?/],
  ];
  for (const [text, operator, fix] of cases) {
    const { rule, issue } = parseAssertion(text, "a.md", 4);
    assertEquals(rule, undefined, text);
    assertMatch(
      issue!.message,
      new RegExp(`unknown operator "${operator.replace(/[$^*+?]/g, "\\$&")}"`),
      text,
    );
    assertMatch(issue!.fix!, fix, text);
  }
});

Deno.test("parseAssertion() with subject variables reads variable paths for When/Until", () => {
  const { rule } = parseAssertion("item.id: > 3", "f.md", 2, { subject: "variables" });
  assertEquals([rule!.path, rule!.operator, rule!.operand], ["item.id", ">", "3"]);
  const { issue } = parseAssertion("status: 200", "f.md", 2, { subject: "variables" });
  assertEquals(issue, undefined);
  assertMatch(
    parseAssertion("9x: 1", "f.md", 2, { subject: "variables" }).issue!.fix!,
    /<variable>/,
  );
});
