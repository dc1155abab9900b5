/**
 * One assertion rule per list line: `<path>: <operator> <operand>`, where the
 * operator may be omitted for equality (`status: 201`).
 */
import { type Issue, issue } from "../issue.ts";
import { ASSERTION_OPERATORS, type AssertionOperator, type AssertionRule } from "../model.ts";

const PATH =
  /^(status|body(?:\[\d+\]|\.[^\s:[\]]+)*|headers\.[!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:(?:\s+(.*))?$/;

/** Parses a rule line (list marker already removed). */
export function parseAssertion(
  text: string,
  file: string,
  line: number,
): { rule?: AssertionRule; issue?: Issue } {
  const source = text.trim().replace(/^`(.*)`$/, "$1").trim();
  const match = PATH.exec(source);
  if (!match) {
    return {
      issue: issue("VALIDATION_ERROR", `Cannot parse assertion "${source}"`, {
        file,
        line,
        fix: "Write `<path>: <operator> <operand>` with a path of `status`, " +
          "`body.<field>` or `headers.<name>`, e.g. `body.id: exists`",
      }),
    };
  }
  const path = match[1];
  const rest = (match[2] ?? "").trim();
  const operatorMatch = /^(\w+)(?:\s+(.*))?$/.exec(rest);
  let operator: AssertionOperator = "equals";
  let operand = rest;
  if (operatorMatch && (ASSERTION_OPERATORS as readonly string[]).includes(operatorMatch[1])) {
    operator = operatorMatch[1] as AssertionOperator;
    operand = (operatorMatch[2] ?? "").trim();
  }
  const problem = checkOperand(operator, operand);
  if (problem) {
    return {
      issue: issue("VALIDATION_ERROR", `Cannot use assertion "${source}": ${problem.message}`, {
        file,
        line,
        fix: problem.fix,
      }),
    };
  }
  return { rule: { source, path, operator, operand, line } };
}

function checkOperand(
  operator: AssertionOperator,
  operand: string,
): { message: string; fix: string } | undefined {
  switch (operator) {
    case "exists":
      return operand === "" ? undefined : {
        message: "exists takes no operand",
        fix: "Write `<path>: exists`",
      };
    case "in":
      return /^\[.*\]$/.test(operand) ? undefined : {
        message: "in needs a list",
        fix: "Write `<path>: in [a, b]`",
      };
    case "matches":
      try {
        regexFromOperand(operand);
        return operand === ""
          ? { message: "matches needs a pattern", fix: "Write `<path>: matches ^[a-z]+$`" }
          : undefined;
      } catch (error) {
        return {
          message: `invalid regular expression (${(error as Error).message})`,
          fix: "Use JavaScript regular-expression syntax, optionally as /pattern/flags",
        };
      }
    default:
      return operand === "" && operator !== "equals"
        ? { message: `${operator} needs an operand`, fix: `Write \`<path>: ${operator} <value>\`` }
        : operand === ""
        ? { message: "the expected value is missing", fix: "Write `<path>: <value>`" }
        : undefined;
  }
}

/** `matches` accepts a bare pattern or `/pattern/flags`. */
export function regexFromOperand(operand: string): RegExp {
  const slashed = /^\/(.*)\/([dgimsuvy]*)$/.exec(operand);
  return slashed ? new RegExp(slashed[1], slashed[2]) : new RegExp(operand);
}
