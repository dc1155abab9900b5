/**
 * What each assertion operator means for one value. `holds` answers the
 * positive form; `not` is applied by the caller. `expected` and `phrase`
 * describe it for failure and success messages.
 */
import type { AssertionOperator } from "../model.ts";
import { parseYaml } from "../parse/yaml.ts";
import { LENGTH_OPERAND } from "../parse/assertion.ts";
import {
  matchTooCostly,
  type Pattern,
  type PatternCompiler,
  splitPattern,
} from "../parse/pattern.ts";
import { jsonEqual, jsonType, preview, tryJson } from "./json_path.ts";

export interface OperatorInput {
  operator: AssertionOperator;
  operand: string;
  found: boolean;
  value?: unknown;
  compile?: PatternCompiler;
}

/** The operand as a JSON value when it parses as one, else as text without surrounding quotes. */
export function operandValue(operand: string): unknown {
  const json = tryJson(operand);
  if (json.ok) return json.value;
  return operand.replace(/^'(.*)'$/, "$1");
}

/** Equality that also accepts `"42"` for 42 (`status: 200`, `body.id: equals "7"`). */
export function same(actual: unknown, operand: unknown): boolean {
  if (jsonEqual(actual, operand)) return true;
  const scalar = (v: unknown) =>
    typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  return scalar(actual) && scalar(operand) && String(actual) === String(operand);
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(value)) {
    return Number(value);
  }
  return undefined;
}

/** Numbers compare as numbers (numeric text too), text as text; anything else does not compare. */
function ordered(actual: unknown, want: unknown, comparator: string): boolean {
  const [a, b] = [asNumber(actual), asNumber(want)];
  if (a !== undefined && b !== undefined) return compareWith(comparator, a, b);
  if (typeof actual === "string" && typeof want === "string") {
    return compareWith(comparator, actual, want);
  }
  return false;
}

function compareWith<T extends number | string>(comparator: string, a: T, b: T): boolean {
  switch (comparator) {
    case ">":
      return a > b;
    case ">=":
      return a >= b;
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case "!=":
      return a !== b;
    default:
      return a === b;
  }
}

export function typeOf(value: unknown): string {
  return Number.isInteger(value) ? "integer" : jsonType(value);
}

/** Patterns compiled so far, per compiler: a flow or batch runs the same rules many times. */
const compiled = new WeakMap<PatternCompiler, Map<string, Pattern>>();

function patternOf(operand: string, compile: PatternCompiler | undefined): Pattern {
  if (!compile) {
    throw new Error(
      "matches was evaluated without a pattern compiler: pass `compile` (ops/run/assertions.ts)",
    );
  }
  const cache = compiled.get(compile) ?? new Map<string, Pattern>();
  compiled.set(compile, cache);
  let pattern = cache.get(operand);
  if (!pattern) {
    const { source, flags } = splitPattern(operand);
    pattern = compile(source, flags);
    if (cache.size > 500) cache.clear();
    cache.set(operand, pattern);
  }
  return pattern;
}

/** Whether the positive form holds; `problem` when the operand cannot be used (bad pattern). */
export function holds(input: OperatorInput): { holds: boolean; problem?: string } {
  const { operator, operand, found, value } = input;
  if (operator === "exists") return { holds: found && value !== null };
  if (!found) return { holds: operator === "!=" };
  switch (operator) {
    case "equals":
      return { holds: same(value, operandValue(operand)) };
    case "!=":
      return { holds: !same(value, operandValue(operand)) };
    case ">":
    case ">=":
    case "<":
    case "<=":
      return { holds: ordered(value, operandValue(operand), operator) };
    case "contains": {
      const text = operand.replace(/^(["'])(.*)\1$/, "$2");
      if (Array.isArray(value)) return { holds: value.some((v) => same(v, operandValue(operand))) };
      return { holds: (typeof value === "string" ? value : JSON.stringify(value)).includes(text) };
    }
    case "in": {
      const parsed = parseYaml(operand, "", 1);
      const options = parsed.ok && Array.isArray(parsed.value) ? parsed.value : [];
      return { holds: options.some((option) => same(value, option)) };
    }
    case "matches": {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      try {
        const pattern = patternOf(operand, input.compile);
        const tooCostly = matchTooCostly(pattern, text.length);
        if (tooCostly) return { holds: false, problem: tooCostly };
        return { holds: pattern.test(text) };
      } catch (error) {
        if (!input.compile) throw error;
        return { holds: false, problem: `invalid pattern: ${(error as Error).message}` };
      }
    }
    case "length": {
      if (typeof value !== "string" && !Array.isArray(value)) return { holds: false };
      const [, comparator = "==", count] = LENGTH_OPERAND.exec(operand) ?? [];
      return { holds: count !== undefined && ordered(value.length, Number(count), comparator) };
    }
    case "type":
      return {
        holds: typeOf(value) === operand || (operand === "number" && typeof value === "number"),
      };
  }
}

/** What the rule expects, for `expected …, got …`: `42`, `> 5`, `to contain "x"`. */
export function expected(
  operator: AssertionOperator,
  operand: string,
  secrets: readonly string[] = [],
): string {
  switch (operator) {
    case "exists":
      return "to exist";
    case "equals":
      return preview(operandValue(operand), undefined, secrets);
    case "contains":
      return `to contain ${preview(operand.replace(/^(["'])(.*)\1$/, "$2"), undefined, secrets)}`;
    case "in":
      return `one of ${operand}`;
    case "matches":
      return `to match ${operand}`;
    case "length":
      return `length ${operand}`;
    case "type":
      return `type ${operand}`;
    default:
      return `${operator} ${preview(operandValue(operand), undefined, secrets)}`;
  }
}

/** The actual value for a failure message; `length` and `type` say what they measured. */
export function actual(
  operator: AssertionOperator,
  found: boolean,
  value: unknown,
  secrets: readonly string[] = [],
): string {
  if (!found) return "missing";
  if (operator === "exists" && value === null) return "null";
  if (operator === "length") {
    return typeof value === "string" || Array.isArray(value)
      ? `length ${value.length}`
      : `${jsonType(value)} ${preview(value, undefined, secrets)}`;
  }
  if (operator === "type") return `${typeOf(value)} ${preview(value, undefined, secrets)}`;
  return preview(value, undefined, secrets);
}
