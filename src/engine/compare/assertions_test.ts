import { assertEquals, assertThrows } from "@std/assert";
import { parseAssertion } from "../parse/assertion.ts";
import { evaluateAssertion, evaluateCondition, evaluateRule, selectValue } from "./assertions.ts";
import type { HttpResponse } from "../model.ts";
import { loadRe2 } from "../../adapters/re2.ts";

const response: HttpResponse = {
  status: 201,
  reason: "Created",
  headers: [["content-type", "application/json; charset=utf-8"], ["location", "/users/7"]],
  body: JSON.stringify({
    id: 7,
    price: 9.5,
    count: "12",
    name: "Ada Lovelace",
    role: "admin",
    tags: ["a", "b"],
    none: null,
    items: [{ sku: "BOOK-1" }],
    created: "2024-05-01",
  }),
};

const compile = await loadRe2();

function rule(text: string, subject?: "variables") {
  const { rule, issue } = parseAssertion(text, "a.md", 1, { subject });
  if (issue) throw new Error(issue.message);
  return rule!;
}

function run(text: string) {
  return evaluateAssertion(rule(text), response, { compile, durationMs: 120 });
}

Deno.test("evaluateAssertion() passes and fails each operator with a message", () => {
  const cases: [string, boolean, string][] = [
    ["status: 201", true, "status equals 201"],
    ["status: 200", false, "status: expected 200, got 201"],
    ['body.name: equals "Ada Lovelace"', true, 'body.name equals "Ada Lovelace"'],
    ["body.id: equals 7", true, "body.id equals 7"],
    ['body.id: equals "7"', true, 'body.id equals "7"'],
    ["body.id: exists", true, "body.id exists"],
    ["body.none: exists", false, "body.none: expected to exist, got null"],
    ["body.ghost: exists", false, "body.ghost: expected to exist, got missing"],
    ["headers.content-type: contains json", true, 'headers.content-type contains "json"'],
    ["body.tags: contains b", true, 'body.tags contains "b"'],
    [
      "body.name: contains Turing",
      false,
      'body.name: expected to contain "Turing", got "Ada Lovelace"',
    ],
    ["body.role: in [admin, member]", true, "body.role is in [admin, member]"],
    ["status: in [200, 204]", false, "status: expected one of [200, 204], got 201"],
    ["body.items[0].sku: matches ^BOOK-\\d+$", true, "body.items[0].sku matches ^BOOK-\\d+$"],
    ["headers.location: matches /^\\/USERS/i", true, "headers.location matches /^\\/USERS/i"],
    ["body.name: matches ^Alan", false, 'body.name: expected to match ^Alan, got "Ada Lovelace"'],
  ];
  for (const [text, passed, message] of cases) {
    const result = run(text);
    assertEquals([result.passed, result.message], [passed, message], text);
    assertEquals(result.rule, text);
  }
});

Deno.test("evaluateAssertion() compares, measures, types and negates (BEYOND §6)", () => {
  const cases: [string, boolean, string][] = [
    ["body.id: > 5", true, "body.id > 5 (got 7)"],
    ["body.id: > 7", false, "body.id: expected > 7, got 7"],
    ["body.id: >= 7", true, "body.id >= 7 (got 7)"],
    ["body.price: < 10", true, "body.price < 10 (got 9.5)"],
    ["body.count: > 9", true, 'body.count > 9 (got "12")'],
    ["body.id: <= 6", false, "body.id: expected <= 6, got 7"],
    ["body.id: != 7", false, "body.id: expected != 7, got 7"],
    ["body.id: != 8", true, "body.id != 8 (got 7)"],
    ["body.created: >= 2024-01-01", true, 'body.created >= "2024-01-01" (got "2024-05-01")'],
    ["body.name: > 5", false, 'body.name: expected > 5, got "Ada Lovelace"'],
    ["body.ghost: < 5", false, "body.ghost: expected < 5, got missing"],
    ["body.tags: length 2", true, "body.tags length 2 (length 2)"],
    ["body.tags: length >= 3", false, "body.tags: expected length >= 3, got length 2"],
    ["body.name: length 12", true, "body.name length 12 (length 12)"],
    ["body.id: length 1", false, "body.id: expected length 1, got number 7"],
    ["body.id: type integer", true, "body.id is type integer (7)"],
    ["body.id: type number", true, "body.id is type number (7)"],
    ["body.price: type integer", false, "body.price: expected type integer, got number 9.5"],
    ["body.none: type null", true, "body.none is type null (null)"],
    ["body.items: type array", true, 'body.items is type array ([{"sku":"BOOK-1"}])'],
    ["body.items[0]: type object", true, 'body.items[0] is type object ({"sku":"BOOK-1"})'],
    ["body.count: type string", true, 'body.count is type string ("12")'],
    ["body.name: not contains test", true, 'body.name does not contain "test"'],
    [
      "body.name: not contains Ada",
      false,
      'body.name: expected not to contain "Ada", got "Ada Lovelace"',
    ],
    ["headers.x-debug: not exists", true, "headers.x-debug does not exist"],
    [
      "headers.location: not exists",
      false,
      'headers.location: expected not to exist, got "/users/7"',
    ],
    ["body.id: not > 5", false, "body.id: expected not > 5, got 7"],
    ["body.role: not in [guest]", true, "body.role is not in [guest]"],
    [
      "body.name: not matches ^Ada",
      false,
      'body.name: expected not to match ^Ada, got "Ada Lovelace"',
    ],
    ["duration_ms: < 500", true, "duration_ms < 500 (got 120)"],
    ["duration_ms: < 100", false, "duration_ms: expected < 100, got 120"],
  ];
  for (const [text, passed, message] of cases) {
    const result = run(text);
    assertEquals([result.passed, result.message], [passed, message], text);
  }
});

Deno.test("evaluateAssertion() matches in linear time: a catastrophic pattern answers at once", () => {
  const slow: HttpResponse = { ...response, body: JSON.stringify({ x: "a".repeat(28) + "!" }) };
  const result = evaluateAssertion(rule("body.x: matches (a+)+$"), slow, { compile });
  assertEquals(result.passed, false);
});

Deno.test("evaluateAssertion() refuses to run matches without a compiler (a bug, not a pass)", () => {
  assertThrows(() => evaluateAssertion(rule("body.name: matches ^A"), response));
});

Deno.test("evaluateCondition() applies the grammar to variables, reading JSON inside them", () => {
  const variables = { role: "admin", count: "7", item: { id: 3 }, raw: '{"id": 9}' };
  const check = (text: string) =>
    evaluateCondition(rule(text, "variables"), variables, { compile });
  assertEquals(check("role: equals admin").passed, true);
  assertEquals(
    check("role: not in [admin, owner]").message,
    'role: expected not one of [admin, owner], got "admin"',
  );
  assertEquals(check("count: > 5").passed, true);
  assertEquals(check("item.id: equals 3").passed, true);
  assertEquals(check("raw.id: >= 9").passed, true);
  assertEquals(check("ghost: not exists").passed, true);
  assertEquals(check("role: matches ^ad").passed, true);
});

Deno.test("evaluateRule() works on any selected value", () => {
  const result = evaluateRule(rule("body.n: length 0"), { found: true, value: [] });
  assertEquals([result.passed, result.message], [true, "body.n length 0 (length 0)"]);
});

Deno.test("selectValue() reads status, headers case-insensitively and text bodies", () => {
  assertEquals(selectValue("headers.Location", response), { found: true, value: "/users/7" });
  assertEquals(selectValue("body", { ...response, body: "plain" }), {
    found: true,
    value: "plain",
  });
  assertEquals(selectValue("duration_ms", response), { found: false });
});
