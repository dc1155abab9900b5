/**
 * `When` rules as Artillery `ifTrue` expressions. Artillery 2 compiles
 * `ifTrue` with filtrex 2 over the virtual user's variables: `==` is
 * JavaScript's loose equality (so "42" equals 42, as in apispec), strings are
 * double-quoted (single quotes name a variable), `b of a` reads a field,
 * `~=` tests a regular expression, and `x in (a, b)` compares strictly. An
 * expression filtrex cannot compile makes Artillery send the request anyway,
 * so a rule is translated only where the meaning is the same, and refused
 * (with the reason and a rewrite that works) everywhere else.
 */
import type { AssertionRule } from "../../engine/model.ts";
import { operandValue } from "../../engine/compare/operators.ts";
import { splitPattern } from "../../engine/parse/pattern.ts";
import { parseYaml } from "../../engine/parse/yaml.ts";

const KEYWORDS = new Set(["and", "or", "not", "in", "of"]);

function symbol(name: string): string {
  return /^[A-Za-z$_][\w$]*$/.test(name) && !KEYWORDS.has(name)
    ? name
    : `'${name.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/**
 * A variable path as filtrex reads it: `role`, `user.role` → `role of user`.
 *
 * @example
 * ```ts
 * import { filtrexPath } from "./artillery_when.ts";
 * filtrexPath("user.address.city"); // "city of address of user"
 * ```
 */
export function filtrexPath(path: string): string {
  return path.split(".").reverse().map(symbol).join(" of ");
}

function filtrexString(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** A regular expression matching exactly `text`, for `~=`. */
function exactly(text: string): string {
  return filtrexString(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** apispec counts a variable with no text as missing: undefined, null and "" alike. */
function found(x: string): string {
  return `${x} != null and not (${x} ~= "^$")`;
}

/** Text apispec compares as a number (`asNumber` in engine/compare/operators.ts). */
const NUMERIC = String.raw`^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$`;

/** `x` equals a scalar the way apispec's `equals` does (text compared, "42" = 42). */
function equalTo(x: string, want: unknown): string | undefined {
  if (typeof want === "number") {
    // Loosely, 0 equals "" and false, and 1 equals true; apispec compares text.
    return want === 0 || want === 1
      ? `not (${x} ~= "^(|true|false)$") and ${x} == ${want}`
      : `${x} == ${want}`;
  }
  if (typeof want === "string") return `${x} == ${filtrexString(want)}`;
  // `true == "true"` is false in JavaScript; the text of either is "true".
  if (typeof want === "boolean") return `${x} ~= ${exactly(String(want))}`;
  return undefined;
}

export type Translated = { expr: string } | { problem: string; fix: string };

/** The filtrex expression for a rule on the variable `path`, or why there is none. */
export function filtrexRule(path: string, rule: AssertionRule): Translated {
  const x = filtrexPath(path);
  const positive = positiveForm(x, rule);
  if ("problem" in positive) return positive;
  return { expr: rule.not ? `not (${positive.expr})` : positive.expr };
}

function positiveForm(x: string, rule: AssertionRule): Translated {
  const { operator, operand } = rule;
  const want = operandValue(operand);
  const refuse = (problem: string, fix: string): Translated => ({ problem, fix });
  switch (operator) {
    case "exists":
      // filtrex has no null literal: the unknown name `null` is undefined, and undefined == null.
      return { expr: found(x) };
    case "equals":
    case "!=": {
      const equal = equalTo(x, want);
      if (want === "") {
        return refuse(
          "it compares with empty text, which apispec never matches (a variable without text counts as missing)",
          "Write `not exists`",
        );
      }
      if (!equal) {
        return refuse(
          `it compares with ${want === null ? "null" : "a JSON object or array"}`,
          want === null
            ? "Write `not exists` (true when the variable is missing or null)"
            : "Compare one field: `When: `<variable>.<field>: equals <value>``",
        );
      }
      return { expr: operator === "!=" ? `not (${equal})` : equal };
    }
    case ">":
    case ">=":
    case "<":
    case "<=":
      // JavaScript would order true, null and "" as numbers; apispec orders numbers and text only.
      if (typeof want === "number") {
        return { expr: `${x} ~= ${filtrexString(NUMERIC)} and ${x} ${operator} ${want}` };
      }
      if (typeof want === "string") {
        const text = `${found(x)} and not (${x} ~= ${filtrexString(NUMERIC)})`;
        return { expr: `${text} and ${x} ${operator} ${filtrexString(want)}` };
      }
      return refuse("it orders by something that is not a number or text", "Compare with a number");
    case "in": {
      const parsed = parseYaml(operand, "", 1);
      const options = parsed.ok && Array.isArray(parsed.value) ? parsed.value : undefined;
      // filtrex's own `in` compares strictly ("1" is not in (1)): spell it out with ==.
      const each = options?.map((o) => equalTo(x, o));
      if (!each || each.length === 0 || each.some((e) => e === undefined)) {
        return refuse("its list is not a list of numbers or text", "Write `in [a, b, 3]`");
      }
      return { expr: each.map((e) => `(${e})`).join(" or ") };
    }
    case "matches": {
      const { source, flags } = splitPattern(operand);
      if (flags !== "" || /\\[pPk]\{|\\[pP][A-Z]/.test(source)) {
        return refuse(
          "its pattern needs flags or Unicode classes, which Artillery's `~=` does not take",
          "Write the pattern without /…/flags, e.g. `matches ^[Aa]dmin$`",
        );
      }
      return { expr: `${found(x)} and ${x} ~= ${filtrexString(source)}` };
    }
    default:
      return refuse(
        `Artillery's ifTrue has no \`${operator}\` (no substring, length or type test)`,
        "Rewrite it with equals, !=, >, >=, <, <=, in, matches or exists, or export k6, " +
          "whose script checks every operator",
      );
  }
}

/** A guard that a capture is set (its step may have been skipped). */
export function isSet(name: string): string {
  return `${filtrexPath(name)} != null`;
}
