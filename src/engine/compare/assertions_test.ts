import { assertEquals } from "@std/assert";
import { parseAssertion } from "../parse/assertion.ts";
import { evaluateAssertion, selectValue } from "./assertions.ts";
import type { HttpResponse } from "../model.ts";

const response: HttpResponse = {
  status: 201,
  reason: "Created",
  headers: [["content-type", "application/json; charset=utf-8"], ["location", "/users/7"]],
  body: JSON.stringify({
    id: 7,
    name: "Ada Lovelace",
    role: "admin",
    tags: ["a", "b"],
    none: null,
    items: [{ sku: "BOOK-1" }],
  }),
};

function run(text: string) {
  const { rule, issue } = parseAssertion(text, "a.md", 1);
  if (issue) throw new Error(issue.message);
  return evaluateAssertion(rule!, response);
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

Deno.test("selectValue() reads status, headers case-insensitively and text bodies", () => {
  assertEquals(selectValue("headers.Location", response), { found: true, value: "/users/7" });
  assertEquals(selectValue("body", { ...response, body: "plain" }), {
    found: true,
    value: "plain",
  });
});
