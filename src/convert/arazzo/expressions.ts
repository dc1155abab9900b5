/**
 * Translations between apispec's small languages and Arazzo runtime
 * expressions: captures ↔ step outputs, assertions ↔ success criteria.
 * Only what keeps its meaning both ways is translated; the rest is reported.
 */
import { parseSegments } from "../../engine/compare/json_path.ts";
import type { AssertionRule } from "../../engine/model.ts";

function pointerPart(part: string | number): string {
  return String(part).replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * A capture expression as an Arazzo runtime expression.
 *
 * @example
 * ```ts
 * import { captureToExpression } from "./expressions.ts";
 * captureToExpression("response.body.items[0].id"); // "$response.body#/items/0/id"
 * captureToExpression("response.headers.location"); // "$response.header.location"
 * ```
 */
export function captureToExpression(capture: string): string {
  const path = capture.replace(/^response\./, "");
  if (path === "status") return "$statusCode";
  if (path.startsWith("headers.")) return `$response.header.${path.slice(8)}`;
  if (path === "body") return "$response.body";
  const segments = parseSegments(path.slice("body".length));
  return `$response.body#/${segments.map(pointerPart).join("/")}`;
}

/** An Arazzo output expression as a capture expression, when it is one apispec can read. */
export function expressionToCapture(expression: string): string | undefined {
  const text = expression.trim();
  if (text === "$statusCode") return "response.status";
  const header = /^\$response\.header\.([!#$%&'*+.^_`|~0-9A-Za-z-]+)$/.exec(text);
  if (header) return `response.headers.${header[1].toLowerCase()}`;
  if (text === "$response.body" || text === "$response.body#" || text === "$response.body#/") {
    return "response.body";
  }
  // `$response.body.a.b` is not Arazzo's syntax, but examples write it: read it as `#/a/b`.
  const dotted = /^\$response\.body((?:\.[A-Za-z_$][\w$-]*|\[\d+\])+)$/.exec(text);
  if (dotted) return `response.body${dotted[1]}`;
  const body = /^\$response\.body#\/(.*)$/.exec(text);
  if (!body) return undefined;
  let out = "response.body";
  for (const raw of body[1].split("/")) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(part)) out += `.${part}`;
    else return undefined;
  }
  return out;
}

/** The runtime expression an assertion path reads (`$statusCode`, `$response.body#/id`). */
export function contextOf(path: string): string | undefined {
  if (path === "status") return "$statusCode";
  if (path.startsWith("headers.")) return `$response.header.${path.slice(8)}`;
  if (path.startsWith("body")) return captureToExpression(`response.${path}`);
  return undefined;
}

/** An operand as a literal of Arazzo's simple condition syntax. */
function literal(operand: string): string {
  const text = operand.trim();
  if (/^-?\d+(\.\d+)?$/.test(text) || /^(true|false|null)$/.test(text)) return text;
  const unquoted = text.replace(/^"(.*)"$/, "$1").replace(/^'(.*)'$/, "$1");
  return `'${unquoted.replace(/'/g, "\\'")}'`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export type Criterion =
  | { condition: string }
  | { context: string; condition: string; type: "regex" };

/** An assertion rule as a success criterion, or undefined when Arazzo cannot say it. */
export function assertionToCriterion(rule: AssertionRule): Criterion | undefined {
  const context = contextOf(rule.path);
  if (!context) return undefined;
  const operator = rule.operator as string;
  switch (operator) {
    case "equals":
      return { condition: `${context} == ${literal(rule.operand)}` };
    case "exists":
      return { condition: `${context} != null` };
    case "contains": {
      const text = rule.operand.trim().replace(/^"(.*)"$/, "$1");
      return { context, condition: escapeRegex(text), type: "regex" };
    }
    case "matches": {
      const regex = /^\/(.*)\/[a-z]*$/.exec(rule.operand.trim())?.[1] ?? rule.operand.trim();
      return { context, condition: regex, type: "regex" };
    }
    default:
      return undefined;
  }
}

function pathOf(context: string): string | undefined {
  if (context === "$statusCode") return "status";
  const header = /^\$response\.header\.(.+)$/.exec(context);
  if (header) return `headers.${header[1].toLowerCase()}`;
  return expressionToCapture(context)?.replace(/^response\./, "");
}

/** A success criterion as an assertion line (`body.id: exists`), when it is one of the forms above. */
export function criterionToAssertion(criterion: Record<string, unknown>): string | undefined {
  const condition = typeof criterion.condition === "string" ? criterion.condition.trim() : "";
  if (criterion.type === "regex" && typeof criterion.context === "string") {
    const path = pathOf(criterion.context);
    return path ? `${path}: matches ${condition}` : undefined;
  }
  if (criterion.type !== undefined && criterion.type !== "simple") return undefined;
  const match = /^(\$[^\s=!<>]+)\s*(==|!=)\s*(.+)$/.exec(condition);
  if (!match) return undefined;
  const path = pathOf(match[1]);
  if (!path) return undefined;
  const value = match[3].trim();
  if (match[2] === "!=") return value === "null" ? `${path}: exists` : undefined;
  const quoted = /^'(.*)'$/.exec(value);
  // An earlier step's output is the flow's capture of the same name.
  const output = /^\$steps\.[\w-]+\.outputs\.([A-Za-z_$][\w.$-]*)$/.exec(value);
  if (output) return `${path}: equals "{{${output[1]}}}"`;
  if (path === "status") return /^\d{3}$/.test(value) ? `status: ${value}` : undefined;
  return `${path}: equals ${quoted ? JSON.stringify(quoted[1].replace(/\\'/g, "'")) : value}`;
}
