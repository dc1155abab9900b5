/**
 * Evaluates `## Assertions` rules against an actual response. Each rule
 * yields `{rule, passed, message}`; whether a failure fails the run is the
 * caller's choice (`--strict-assertions`).
 */
import type { AssertionResult, AssertionRule, HttpResponse } from "../model.ts";
import { regexFromOperand } from "../parse/assertion.ts";
import { parseYaml } from "../parse/yaml.ts";
import { headerValue } from "./headers.ts";
import { getPath, jsonEqual, parseSegments, preview, responseJson, tryJson } from "./json_path.ts";

/** The response with its body parsed once, shared by every rule. */
interface ParsedResponse {
  response: HttpResponse;
  body: unknown;
}

function parseResponse(response: HttpResponse): ParsedResponse {
  const json = responseJson(response);
  return { response, body: json.ok ? json.value : response.body };
}

/** Selects the value a rule path names: `status`, `headers.<name>`, `body`, `body.<field>...`. */
export function selectValue(
  path: string,
  response: HttpResponse | ParsedResponse,
): { found: boolean; value?: unknown } {
  const parsed = "response" in response ? response : parseResponse(response);
  if (path === "status") return { found: true, value: parsed.response.status };
  if (path.startsWith("headers.")) {
    const value = headerValue(parsed.response.headers, path.slice("headers.".length));
    return value === undefined ? { found: false } : { found: true, value };
  }
  if (path === "body") return { found: parsed.response.body !== "", value: parsed.body };
  return getPath(parsed.body, parseSegments(path.slice("body".length)));
}

/** The operand as a JSON value when it parses as one, else as text without surrounding quotes. */
function operandValue(operand: string): unknown {
  const json = tryJson(operand);
  if (json.ok) return json.value;
  return operand.replace(/^'(.*)'$/, "$1");
}

function same(actual: unknown, operand: unknown): boolean {
  if (jsonEqual(actual, operand)) return true;
  // `body.id: equals 42` also accepts "42"; `status: 200` accepts 200.
  const scalar = (v: unknown) =>
    typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  return scalar(actual) && scalar(operand) && String(actual) === String(operand);
}

/**
 * @example
 * ```ts
 * import { evaluateAssertion } from "./assertions.ts";
 * const response = { status: 200, reason: "OK", headers: [], body: '{"id":7}' };
 * evaluateAssertion({ source: "body.id: exists", path: "body.id", operator: "exists", operand: "", line: 1 }, response).passed; // true
 * ```
 */
export function evaluateAssertion(
  rule: AssertionRule,
  response: HttpResponse | ParsedResponse,
): AssertionResult {
  const { found, value } = selectValue(rule.path, response);
  const result = (passed: boolean, message: string) => ({ rule: rule.source, passed, message });
  const got = found ? preview(value) : "missing";
  switch (rule.operator) {
    case "exists":
      return found && value !== null
        ? result(true, `${rule.path} exists`)
        : result(false, `${rule.path}: expected to exist, got ${found ? "null" : "missing"}`);
    case "equals": {
      const want = operandValue(rule.operand);
      return found && same(value, want)
        ? result(true, `${rule.path} equals ${preview(want)}`)
        : result(false, `${rule.path}: expected ${preview(want)}, got ${got}`);
    }
    case "contains": {
      const want = operandValue(rule.operand);
      const text = rule.operand.replace(/^(["'])(.*)\1$/, "$2");
      const passed = found &&
        (Array.isArray(value)
          ? value.some((item) => same(item, want))
          : (typeof value === "string" ? value : JSON.stringify(value)).includes(text));
      return passed
        ? result(true, `${rule.path} contains ${preview(text)}`)
        : result(false, `${rule.path}: expected to contain ${preview(text)}, got ${got}`);
    }
    case "in": {
      const parsed = parseYaml(rule.operand, "", 1);
      const options = parsed.ok && Array.isArray(parsed.value) ? parsed.value : [];
      return found && options.some((option) => same(value, option))
        ? result(true, `${rule.path} is in ${rule.operand}`)
        : result(false, `${rule.path}: expected one of ${rule.operand}, got ${got}`);
    }
    case "matches": {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return found && regexFromOperand(rule.operand).test(text)
        ? result(true, `${rule.path} matches ${rule.operand}`)
        : result(false, `${rule.path}: expected to match ${rule.operand}, got ${got}`);
    }
  }
}

export function evaluateAssertions(
  rules: AssertionRule[],
  response: HttpResponse,
): AssertionResult[] {
  return rules.map((rule) => evaluateAssertion(rule, response));
}
