/**
 * One assertion rule per list line: `<path>: [not] <operator> <operand>`,
 * where the operator may be omitted for equality (`status: 201`). An operator
 * the grammar does not know is an invalid rule, never a silent equality.
 * The same grammar reads `Assert` lines and, on variables, `When`/`Until`.
 */
import { type Issue, issue } from "../issue.ts";
import {
  ASSERTION_OPERATORS,
  type AssertionOperator,
  type AssertionRule,
  VALUE_TYPES,
} from "../model.ts";
import { patternProblem } from "./pattern.ts";
import { editDistance } from "../text/edit_distance.ts";
import { STREAM_PATH } from "../streams/select.ts";

/** What a rule's path names: the response (`status`, `body…`, `headers.…`, `duration_ms`) or a variable. */
export type AssertionSubject = "response" | "variables";

const RESPONSE_PATH =
  /^(?:status|duration_ms|body(?:\[\d+\]|\.[^\s:[\]]+)*|(?:headers|cookie)\.[!#$%&'*+.^_`|~0-9A-Za-z-]+)$/;
const isResponsePath = (path: string) => RESPONSE_PATH.test(path) || STREAM_PATH.test(path);
const VARIABLE_PATH = /^[A-Za-z_][\w-]*(?:\[\d+\]|\.[^\s:[\]]+)*$/;

const SYMBOLS: Record<string, AssertionOperator> = {
  "==": "equals",
  "!=": "!=",
  ">": ">",
  ">=": ">=",
  "<": "<",
  "<=": "<=",
};
const WORDS = ASSERTION_OPERATORS.filter((op) => /^[a-z]/.test(op));

/** Operators of other tools, and what this grammar calls them. */
const ALIASES: Record<string, string> = {
  "=": "equals",
  "<>": "!=",
  "=~": "matches",
  eq: "equals",
  equal: "equals",
  is: "equals",
  neq: "!=",
  ne: "!=",
  gt: ">",
  gte: ">=",
  ge: ">=",
  lt: "<",
  lte: "<=",
  le: "<=",
  include: "contains",
  includes: "contains",
  contain: "contains",
  has: "contains",
  match: "matches",
  regex: "matches",
  startsWith: "matches ^…",
  endsWith: "matches …$",
  exist: "exists",
  isDefined: "exists",
  notExists: "not exists",
  not_exists: "not exists",
  isUndefined: "not exists",
  isNull: "type null",
  isString: "type string",
  isNumber: "type number",
  isBoolean: "type boolean",
  isArray: "type array",
  isObject: "type object",
  isEmpty: "length 0",
  count: "length",
  size: "length",
  len: "length",
  oneOf: "in",
  typeof: "type",
};

/** The fix of every unknown-operator issue: what the grammar knows. */
export const KNOWN_OPERATORS = "Known operators: equals (or none), !=, >, >=, <, <=, exists, " +
  "contains, in, matches, length, type, each optionally after `not`; " +
  'quote text that holds spaces: `body.title: equals "two words"`';

export interface ParsedAssertion {
  rule?: AssertionRule;
  issue?: Issue;
}

/**
 * Parses a rule line (list marker already removed). `subject` "variables"
 * reads the path as a variable (`role`, `item.id`) for `When`/`Until`.
 *
 * @example
 * ```ts
 * import { parseAssertion } from "./assertion.ts";
 * parseAssertion("body.count: not > 5", "a.md", 3).rule; // {path: "body.count", operator: ">", operand: "5", not: true, …}
 * ```
 */
export function parseAssertion(
  text: string,
  file: string,
  line: number,
  options: { subject?: AssertionSubject } = {},
): ParsedAssertion {
  const source = text.trim().replace(/^`(.*)`$/, "$1").trim();
  const subject = options.subject ?? "response";
  const split = /^([^\s:]+)\s*:(?:\s+(.*))?$/.exec(source);
  const pathOk = subject === "response" ? isResponsePath : (p: string) => VARIABLE_PATH.test(p);
  if (!split || !pathOk(split[1])) {
    return {
      issue: issue("VALIDATION_ERROR", `Cannot parse assertion "${source}"`, {
        file,
        line,
        fix: subject === "response"
          ? "Write `<path>: <operator> <operand>` with a path of `status`, `duration_ms`, " +
            "`body.<field>`, `headers.<name>`, `cookie.<name>[.<attribute>]` or, for streams, " +
            "`events.count`, `events[0].data.<field>`, `messages[0].<field>`, `first_event_ms`; " +
            "e.g. `body.id: exists`"
          : "Write `<variable>: <operator> <operand>`, e.g. `role: equals admin`",
      }),
    };
  }
  const path = split[1];
  const operation = parseOperation((split[2] ?? "").trim());
  const problem = "problem" in operation
    ? operation.problem
    : checkOperand(operation.operator, operation.operand);
  if (problem) {
    return {
      issue: issue("VALIDATION_ERROR", `Cannot use assertion "${source}": ${problem.message}`, {
        file,
        line,
        fix: problem.fix,
      }),
    };
  }
  const { operator, operand, not } = operation as Operation;
  return { rule: { source, path, operator, operand, line, ...(not ? { not } : {}) } };
}

interface Operation {
  operator: AssertionOperator;
  operand: string;
  not: boolean;
}
interface Problem {
  message: string;
  fix: string;
}

/** `not > 5` → `{operator: ">", operand: "5", not: true}`; an unknown operator is a problem. */
function parseOperation(rest: string): Operation | { problem: Problem } {
  let not = false;
  let text = rest;
  const negated = /^not(?:\s+(.*))?$/.exec(text);
  if (negated) {
    not = true;
    text = (negated[1] ?? "").trim();
    if (text === "" || /^not(\s|$)/.test(text)) {
      return {
        problem: {
          message: "not needs one operator after it",
          fix: "Write `<path>: not <operator> <operand>`, e.g. `headers.x-debug: not exists`",
        },
      };
    }
  }
  const symbol = /^([<>=!~]+)\s*(.*)$/.exec(text);
  if (symbol) {
    const operator = SYMBOLS[symbol[1]];
    return operator
      ? { operator, operand: symbol[2].trim(), not }
      : { problem: unknownOperator(symbol[1]) };
  }
  const word = /^([A-Za-z][\w-]*)(?:\s+(.*))?$/.exec(text);
  if (word && (WORDS as string[]).includes(word[1])) {
    return { operator: word[1] as AssertionOperator, operand: (word[2] ?? "").trim(), not };
  }
  // A lower-case word before an operand reads as an operator (`startsWith A`), as does a
  // lone word that names one elsewhere (`isDefined`) or misspells one (`exsits`).
  if (
    word && (word[2] !== undefined ? /^[a-z][A-Za-z_]*$/.test(word[1]) : isNearOperator(word[1]))
  ) {
    return { problem: unknownOperator(word[1]) };
  }
  return { operator: "equals", operand: text, not };
}

function unknownOperator(name: string): Problem {
  const suggestion = ALIASES[name] ?? closestOperator(name);
  return {
    message: `unknown operator "${name}"`,
    fix: `${suggestion ? `Did you mean \`${suggestion}\`? ` : ""}${KNOWN_OPERATORS}`,
  };
}

function isNearOperator(word: string): boolean {
  return word in ALIASES && /[A-Z_]|^exist$/.test(word) || closestOperator(word) !== undefined;
}

/** A word operator one or two edits away (`exsits`, `contians`), for words of five letters or more. */
function closestOperator(word: string): string | undefined {
  if (word.length < 5) return undefined;
  return WORDS.find((op) => op.length >= 5 && editDistance(word.toLowerCase(), op) <= 2);
}

/** `length 3`, `length >= 1`, `length {{count}}`. */
export const LENGTH_OPERAND = /^(?:(==|!=|>=|<=|>|<)\s*)?(\d+|\{\{[^}]+\}\})$/;

function checkOperand(operator: AssertionOperator, operand: string): Problem | undefined {
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
    case "matches": {
      const problem = patternProblem(operand);
      return problem === undefined ? undefined : {
        message: problem,
        fix: operand === ""
          ? "Write `<path>: matches ^[a-z]+$`"
          : "Write an RE2 pattern (JavaScript syntax without lookaround or backreferences), " +
            "optionally as /pattern/flags with flags i, m, s",
      };
    }
    case "length":
      return LENGTH_OPERAND.test(operand) ? undefined : {
        message: "length needs a number, optionally after a comparison",
        fix: "Write `<path>: length 3` or `<path>: length >= 1`",
      };
    case "type":
      return (VALUE_TYPES as readonly string[]).includes(operand) ? undefined : {
        message: operand === "" ? "type needs a type name" : `unknown type "${operand}"`,
        fix: `Write \`<path>: type <name>\` with one of ${VALUE_TYPES.join(", ")}`,
      };
    default:
      return operand !== ""
        ? undefined
        : operator === "equals"
        ? { message: "the expected value is missing", fix: "Write `<path>: <value>`" }
        : { message: `${operator} needs an operand`, fix: `Write \`<path>: ${operator} <value>\`` };
  }
}
