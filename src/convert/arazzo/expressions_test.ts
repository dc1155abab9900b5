import { assertEquals } from "@std/assert";
import type { AssertionRule } from "../../engine/model.ts";
import {
  assertionToCriterion,
  captureToExpression,
  criterionToAssertion,
  expressionToCapture,
} from "./expressions.ts";

const rule = (path: string, operator: string, operand = ""): AssertionRule =>
  ({
    source: `${path}: ${operator} ${operand}`,
    path,
    operator,
    operand,
    line: 1,
  }) as AssertionRule;

Deno.test("captureToExpression() and expressionToCapture() are each other's inverse", () => {
  for (
    const capture of [
      "response.status",
      "response.headers.location",
      "response.body",
      "response.body.id",
      "response.body.items[0].id",
      "response.body[2].name",
    ]
  ) {
    assertEquals(expressionToCapture(captureToExpression(capture)), capture);
  }
  assertEquals(captureToExpression("response.body[2].name"), "$response.body#/2/name");
  assertEquals(expressionToCapture("$response.body.couponCode"), "response.body.couponCode");
  assertEquals(expressionToCapture("$outputs[0].id"), undefined);
});

Deno.test("assertionToCriterion() translates what keeps its meaning; criterionToAssertion() reads it back", () => {
  const cases: [AssertionRule, string][] = [
    [rule("status", "equals", "201"), "status: 201"],
    [rule("body.id", "exists"), "body.id: exists"],
    [rule("body.name", "equals", '"Grace Hopper"'), 'body.name: equals "Grace Hopper"'],
    [rule("body.count", "equals", "3"), "body.count: equals 3"],
    [
      rule("headers.content-type", "matches", "^application/json"),
      "headers.content-type: matches ^application/json",
    ],
  ];
  for (const [input, back] of cases) {
    const criterion = assertionToCriterion(input)!;
    assertEquals(criterionToAssertion(criterion as Record<string, unknown>), back);
  }
  assertEquals(assertionToCriterion(rule("body.id", "in", "[1, 2]")), undefined);
  assertEquals(assertionToCriterion(rule("body.name", "contains", "a.b")), {
    context: "$response.body#/name",
    condition: "a\\.b",
    type: "regex",
  });
});
