/**
 * `When` and `Until` lines reuse the `## Assertions` grammar and its
 * evaluator unchanged (so every operator the grammar gains works here too).
 * `Until` rules are checked on a response as they are. `When` rules name a
 * variable instead of a response part: the variable's value stands in as the
 * body of a response, and the rule is checked on `body`.
 */
import type { Issue } from "../issue.ts";
import type { AssertionResult, AssertionRule, HttpResponse } from "../model.ts";
import { parseAssertion } from "../parse/assertion.ts";
import { type AssertionOptions, evaluateAssertion } from "../compare/assertions.ts";
import { type Lookup, resolveVariable } from "./lookup.ts";

/** A `When` rule: the variable (a dotted name) and the rule with the path `body`. */
export interface WhenRule {
  variable: string;
  rule: AssertionRule;
}

const WHEN = /^([A-Za-z_][\w]*(?:\.[A-Za-z_$][\w$-]*)*)\s*:(.*)$/;

/**
 * Parses `role: equals admin` or `item.status: in [open, held]`.
 *
 * @example
 * ```ts
 * import { parseWhen } from "./condition.ts";
 * parseWhen("item.role: equals admin", "flows/f.md", 4).when?.variable; // "item.role"
 * ```
 */
export function parseWhen(
  text: string,
  file: string,
  line: number,
): { when?: WhenRule; issue?: Issue } {
  const source = text.trim().replace(/^`(.*)`$/, "$1").trim();
  const match = WHEN.exec(source);
  const parsed = parseAssertion(match ? `body:${match[2]}` : source, file, line);
  if (!match || !parsed.rule) {
    const problem = parsed.issue ?? { code: "SPEC_PARSE_ERROR", severity: "error", message: "" };
    return {
      issue: {
        ...problem,
        message: `Cannot parse condition "${source}"${
          match
            ? `: ${problem.message.replace(/^Cannot (parse|use) assertion "[^"]*":? ?/, "")}`
            : ""
        }`.replace(/: $/, ""),
        file,
        line,
        fix:
          "Write `When: `<variable>: <operator> <operand>``, e.g. `When: `role: equals admin`` " +
          "or `When: `item.id: exists``",
      },
    };
  }
  return { when: { variable: match[1], rule: { ...parsed.rule, source } } };
}

/**
 * Checks a `When` rule against the variables. A variable that is not defined
 * is absent: `exists` fails, and so does every comparison.
 */
export function whenHolds(
  when: WhenRule,
  lookup: Lookup,
  options: AssertionOptions = {},
): AssertionResult {
  const body = resolveVariable(lookup, when.variable)?.text ?? "";
  const response: HttpResponse = { status: 0, reason: "", headers: [], body };
  const result = evaluateAssertion(when.rule, response, options);
  return {
    rule: when.rule.source,
    passed: result.passed,
    message: result.message.replace(/^body\b/, when.variable),
  };
}

/** Checks an `Until` rule on one response. */
export function untilHolds(
  rule: AssertionRule,
  response: HttpResponse,
  options: AssertionOptions = {},
): AssertionResult {
  return evaluateAssertion(rule, response, options);
}
