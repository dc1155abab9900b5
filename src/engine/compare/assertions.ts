/**
 * Evaluates assertion rules. Each rule yields `{rule, passed, message}`;
 * whether a failure fails the run is the caller's choice (strict assertions).
 * One evaluator serves every subject: a response (`## Assertions`, flow
 * `Assert`, `Until`), variables (`When`) or any value already selected.
 */
import type { AssertionResult, AssertionRule, HttpResponse } from "../model.ts";
import type { PatternCompiler } from "../parse/pattern.ts";
import { headerValue } from "./headers.ts";
import { getPath, parseSegments, preview, responseJson, tryJson } from "./json_path.ts";
import { actual, expected, holds, operandValue } from "./operators.ts";
import { selectStream } from "../streams/select.ts";
import { selectCookie } from "../auth/set_cookie.ts";

export interface AssertionOptions {
  /**
   * Compiles `matches` patterns; required when a rule uses `matches`
   * (`assertionOptions()` in ops/run/assertions.ts loads RE2 only then).
   */
  compile?: PatternCompiler;
  /** The response time, which the path `duration_ms` reads. */
  durationMs?: number;
  /** The run's known secrets: values in messages are masked with them before they are cut. */
  secrets?: readonly string[];
  /** Size and SHA-256 of a text body, which `body.bytes` and `body.sha256` read (a binary answer carries its own). */
  bodyDigest?: { bytes: number; sha256: string };
}

/** A value a rule's path selected: `found` is false when the path names nothing. */
export interface Selected {
  found: boolean;
  value?: unknown;
}

/** The response with its body parsed once, shared by every rule. */
interface ParsedResponse {
  response: HttpResponse;
  body: unknown;
}

function parseResponse(response: HttpResponse): ParsedResponse {
  const json = responseJson(response);
  return { response, body: json.ok ? json.value : response.body };
}

/** Selects what a response path names: `status`, `duration_ms`, `headers.<name>`, `cookie.<name>`, `body…`. */
export function selectValue(
  path: string,
  response: HttpResponse | ParsedResponse,
  options: AssertionOptions = {},
): Selected {
  const parsed = "response" in response ? response : parseResponse(response);
  if (path === "status") return { found: true, value: parsed.response.status };
  if (path === "duration_ms") {
    return options.durationMs === undefined
      ? { found: false }
      : { found: true, value: options.durationMs };
  }
  if (path.startsWith("headers.")) {
    const value = headerValue(parsed.response.headers, path.slice("headers.".length));
    return value === undefined ? { found: false } : { found: true, value };
  }
  if (path.startsWith("cookie.")) return selectCookie(path, parsed.response);
  if (!path.startsWith("body")) {
    const stream = selectStream(path, parsed.response);
    if (stream) return { found: stream.found, value: stream.value };
  }
  if (path === "body") return { found: parsed.response.body !== "", value: parsed.body };
  const selected = getPath(parsed.body, parseSegments(path.slice("body".length)));
  // `body.bytes` and `body.sha256` read the raw body, unless a JSON body has such a field.
  if (!selected.found && (path === "body.bytes" || path === "body.sha256")) {
    const digest = parsed.response.binary ?? options.bodyDigest;
    if (digest) return { found: true, value: path === "body.bytes" ? digest.bytes : digest.sha256 };
  }
  return selected;
}

/**
 * Selects what a variable path names: `role`, `item.id`, `items[0]`. A
 * variable holding JSON text is read as JSON when the path goes into it.
 */
export function selectVariable(path: string, variables: Record<string, unknown>): Selected {
  const [name, ...segments] = parseSegments(path);
  if (typeof name !== "string" || !Object.hasOwn(variables, name)) return { found: false };
  let value = variables[name];
  if (segments.length === 0) return { found: true, value };
  if (typeof value === "string") {
    const json = tryJson(value);
    if (json.ok) value = json.value;
  }
  return getPath(value, segments);
}

/**
 * Applies a rule's operator to a value already selected: the one evaluator
 * behind every other function here.
 *
 * @example
 * ```ts
 * import { evaluateRule } from "./assertions.ts";
 * const rule = { source: "count: > 5", path: "count", operator: ">" as const, operand: "5", line: 1 };
 * evaluateRule(rule, { found: true, value: 3 }).message; // "count: expected > 5, got 3"
 * ```
 */
export function evaluateRule(
  rule: AssertionRule,
  selected: Selected,
  options: AssertionOptions = {},
): AssertionResult {
  const { operator, operand, path } = rule;
  const not = rule.not === true;
  const outcome = holds({ operator, operand, ...selected, compile: options.compile });
  const result = (passed: boolean, message: string) => ({ rule: rule.source, passed, message });
  if (outcome.problem) return result(false, `${path}: ${outcome.problem}`);
  if (outcome.holds !== not) {
    return result(true, `${path} ${passPhrase(rule, selected, options.secrets ?? [])}`);
  }
  const secrets = options.secrets ?? [];
  const got = actual(operator, selected.found, selected.value, secrets);
  return result(
    false,
    `${path}: expected ${not ? "not " : ""}${expected(operator, operand, secrets)}, got ${got}`,
  );
}

function passPhrase(
  rule: AssertionRule,
  selected: Selected,
  secrets: readonly string[],
): string {
  const not = rule.not === true;
  const value = preview(selected.value, undefined, secrets);
  const text = rule.operand.replace(/^(["'])(.*)\1$/, "$2");
  switch (rule.operator) {
    case "exists":
      return not ? "does not exist" : "exists";
    case "equals":
      return `${not ? "does not equal" : "equals"} ${
        preview(operandValue(rule.operand), undefined, secrets)
      }`;
    case "contains":
      return `${not ? "does not contain" : "contains"} ${preview(text, undefined, secrets)}`;
    case "in":
      return `${not ? "is not in" : "is in"} ${rule.operand}`;
    case "matches":
      return `${not ? "does not match" : "matches"} ${rule.operand}`;
    case "type":
      return `${not ? "is not" : "is"} type ${rule.operand} (${value})`;
    case "length": {
      const length = (selected.value as { length?: number } | undefined)?.length;
      return `${not ? "not " : ""}length ${rule.operand} (length ${length ?? "missing"})`;
    }
    default:
      return `${not ? "not " : ""}${rule.operator} ${
        preview(operandValue(rule.operand), undefined, secrets)
      } (got ${value})`;
  }
}

/**
 * A rule on a response.
 *
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
  options: AssertionOptions = {},
): AssertionResult {
  return evaluateRule(rule, selectValue(rule.path, response, options), options);
}

/** Every rule on one response, its body parsed once. */
export function evaluateAssertions(
  rules: AssertionRule[],
  response: HttpResponse,
  options: AssertionOptions = {},
): AssertionResult[] {
  const parsed = parseResponse(response);
  return rules.map((rule) => evaluateAssertion(rule, parsed, options));
}

/** A rule whose path names a variable (`When: role: equals admin`), parsed with subject "variables". */
export function evaluateCondition(
  rule: AssertionRule,
  variables: Record<string, unknown>,
  options: AssertionOptions = {},
): AssertionResult {
  return evaluateRule(rule, selectVariable(rule.path, variables), options);
}
