/**
 * One request of an Artillery scenario: its URL and headers as Artillery
 * templates, its captures (JSONPath, headers) and its checks as expectations
 * of the bundled `expect` plugin (status, headers, JMESPath over the body).
 * A check Artillery cannot express is returned as a note.
 */
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { splitPattern } from "../../engine/parse/pattern.ts";
import { LENGTH_OPERAND } from "../../engine/parse/assertion.ts";
import { parseSegments, type Segment } from "../../engine/compare/json_path.ts";
import {
  checkLabel,
  type LoadCapture,
  type LoadCheck,
  type LoadStep,
  type Part,
  sentParts,
  statusRanges,
} from "./load_script.ts";

/**
 * Artillery templates: `{{ name }}` for run-time variables, `{{ $env.NAME }}`
 * for secrets, `{{ $guid }}` for a generated value (a `beforeRequest`
 * function of the processor sets it for each request). Artillery finds them with `{{{?…}}}?`, which takes a brace
 * next to a hole as part of it (`{"qty": {{ qty }}}` would lose its closing
 * brace), so a hole beside a literal brace is written in the triple form,
 * which already has the three braces a match can take on each side.
 */
function template(parts: Part[]): string {
  const brace = (part: Part | undefined, test: (text: string) => boolean) =>
    part !== undefined && "text" in part && test(part.text);
  return parts.map((p, i) => {
    if ("text" in p) return p.text;
    const name = "var" in p ? p.var : "env" in p ? `$env.${p.env}` : p.gen;
    const braced = brace(parts[i - 1], (t) => t.endsWith("{")) ||
      brace(parts[i + 1], (t) => t.startsWith("}"));
    return braced ? `{{{ ${name} }}}` : `{{ ${name} }}`;
  }).join("");
}

/** A JSONPath property Artillery's jsonpath-plus reads as the name itself (no wildcard, filter or parent). */
const PLAIN_PROPERTY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const QUOTABLE_PROPERTY = /^[A-Za-z0-9_ :/+-]+$/;

/** JSONPath for a capture: `$.items[0].id`, `$['a b']`; undefined when a key cannot be written. */
function jsonPath(path: Segment[]): string | undefined {
  const written = path.map((s) =>
    typeof s === "number"
      ? `[${s}]`
      : PLAIN_PROPERTY.test(s)
      ? `.${s}`
      : QUOTABLE_PROPERTY.test(s)
      ? `['${s}']`
      : undefined
  );
  return written.includes(undefined) ? undefined : "$" + written.join("");
}

/** A JMESPath field reference, quoting names that are not plain identifiers. */
function jmesPath(path: Segment[]): string {
  if (path.length === 0) return "@";
  return path.map((s, i) =>
    typeof s === "number"
      ? `[${s}]`
      : `${i === 0 ? "" : "."}${/^[A-Za-z_][A-Za-z0-9_]*$/.test(s) ? s : JSON.stringify(s)}`
  ).join("");
}

/**
 * A JMESPath literal: backtick JSON. A backtick inside is written as the
 * JSON escape `\u0060` (jmespath.js unescapes only the first "\\`").
 */
function jmesLiteral(value: unknown): string {
  return "`" + JSON.stringify(value).replace(/`/g, "\\u0060") + "`";
}

function operandValue(operand: string): unknown {
  try {
    return JSON.parse(operand);
  } catch {
    return operand.replace(/^'(.*)'$/, "$1");
  }
}

const scalar = (v: unknown) => ["string", "number", "boolean"].includes(typeof v);

/** A rule on a body field as a JMESPath test, or undefined when JMESPath has none. */
function bodyTest(operator: string, field: string, text: string): string | undefined {
  const want = operandValue(text);
  switch (operator) {
    case "exists":
      return `${field} != null`;
    case "equals":
    case "!=": {
      // apispec's equals accepts "42" for 42: compare scalars as text.
      const test = scalar(want)
        ? `to_string(${field}) == ${jmesLiteral(String(want))}`
        : `${field} == ${jmesLiteral(want)}`;
      return operator === "!=" ? `!(${test})` : test;
    }
    case ">":
    case ">=":
    case "<":
    case "<=":
      return typeof want === "number"
        ? `to_number(${field}) ${operator} ${jmesLiteral(want)}`
        : undefined;
    case "contains":
      return `contains(${field}, ${jmesLiteral(want)})`;
    case "in": {
      const options = (yaml.load(text, { schema: yaml.CORE_SCHEMA }) ?? []) as unknown[];
      if (!Array.isArray(options)) return undefined;
      return `contains(${jmesLiteral(options.map(String))}, to_string(${field}))`;
    }
    case "length": {
      const [, cmp = "==", count] = LENGTH_OPERAND.exec(text) ?? [];
      return count === undefined
        ? undefined
        : `length(${field}) ${cmp} ${jmesLiteral(Number(count))}`;
    }
    case "type":
      return text === "integer"
        ? `type(${field}) == 'number' && floor(${field}) == ${field}`
        : `type(${field}) == ${jmesLiteral(text)}`;
    default:
      return undefined;
  }
}

/** One check as an `expect` entry, or undefined when Artillery cannot express it. */
function expectation(check: LoadCheck): Record<string, unknown> | undefined {
  if (check.kind === "status") {
    // The expect plugin takes a list of statuses; a range (2XX) is written out.
    const codes = statusRanges(check.statuses).flatMap(({ min, max }) =>
      Array.from({ length: max - min + 1 }, (_, i) => min + i)
    );
    return { statusCode: codes.length === 1 ? codes[0] : codes };
  }
  if (check.kind === "header") return { hasHeader: check.name.toLowerCase() };
  if (check.kind === "type") {
    return { jmespath: `type(${jmesPath(check.path)}) == '${check.type}'` };
  }
  const { rule, operand } = check;
  const text = operand.length === 1 && "text" in operand[0] ? operand[0].text : undefined;
  if (text === undefined) return undefined; // an operand from a capture: known only at run time
  if (rule.path === "status" || rule.path.startsWith("headers.")) {
    if (rule.not) return undefined;
    if (rule.path === "status") {
      const status = Number(text);
      return rule.operator === "equals" && Number.isInteger(status)
        ? { statusCode: status }
        : undefined;
    }
    const name = rule.path.slice("headers.".length).toLowerCase();
    if (rule.operator === "exists") return { hasHeader: name };
    if (rule.operator === "equals") return { headerEquals: [name, text] };
    return undefined;
  }
  if (rule.path !== "body" && !rule.path.startsWith("body.") && !rule.path.startsWith("body[")) {
    return undefined;
  }
  if (rule.operator === "matches") {
    // JMESPath has no regular expressions; the body as a whole can be matched instead.
    return rule.path === "body" && !rule.not
      ? { matchesRegexp: splitPattern(text).source }
      : undefined;
  }
  const test = bodyTest(
    rule.operator,
    jmesPath(parseSegments(rule.path.slice("body".length))),
    text,
  );
  if (test === undefined) return undefined;
  return { jmespath: rule.not ? `!(${test})` : test };
}

/**
 * `body.id: equals {{userId}}` compares with a value captured in this run:
 * the field is captured too, then both templates are compared.
 */
function runtimeEquals(
  check: LoadCheck,
  captures: Record<string, unknown>[],
): Record<string, unknown> | undefined {
  if (check.kind !== "rule" || check.rule.operator !== "equals" || check.rule.not) return undefined;
  const path = check.rule.path;
  if (path !== "body" && !path.startsWith("body.") && !path.startsWith("body[")) return undefined;
  const hidden = `apispec_check_${captures.length + 1}`;
  const json = jsonPath(parseSegments(path.slice("body".length)));
  if (json === undefined) return undefined;
  captures.push({ json, as: hidden });
  return { equals: [`{{ ${hidden} }}`, template(unquoted(check.operand))] };
}

/** `"{{name}}"` compares with the value, as apispec reads a quoted operand. */
function unquoted(parts: Part[]): Part[] {
  const first = parts[0];
  const last = parts.at(-1)!;
  if (parts.length < 2 || !("text" in first) || !("text" in last)) return parts;
  const quote = ['"', "'"].find((q) => first.text.startsWith(q) && last.text.endsWith(q));
  if (!quote) return parts;
  return [
    { text: first.text.slice(1) },
    ...parts.slice(1, -1),
    { text: last.text.slice(0, -1) },
  ].filter((p) => !("text" in p) || p.text !== "");
}

function capture(c: LoadCapture, soft: boolean): Record<string, unknown> | undefined {
  const strict = soft ? { strict: false } : {};
  if (c.from === "body") return { json: jsonPath(c.path)!, as: c.variable, ...strict };
  if (c.from === "header") return { header: c.header!.toLowerCase(), as: c.variable, ...strict };
  return undefined; // Artillery captures no status
}

/** What a soft capture (`strict: false`) still checks: that it selected something. */
function captured(c: LoadCapture): Record<string, unknown> {
  return c.from === "header"
    ? { hasHeader: c.header!.toLowerCase() }
    : { jmespath: `${jmesPath(c.path)} != ${jmesLiteral(null)}` };
}

/**
 * The request as an Artillery step (`{get: {...}}`); what it cannot check
 * goes to `notes`. `softCaptures`: a capture that selects nothing does not end
 * the virtual user (an `Always` step follows), and is a failed expectation.
 */
export function artilleryRequest(
  step: LoadStep,
  at: { origin: string; scenario: string; notes: string[]; softCaptures?: boolean },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const { origin, notes } = at;
  const where = `${at.scenario} / ${step.name}`;
  const url = template(step.url);
  const spec: Record<string, unknown> = {
    // Artillery expands templates in the name too; a name is a label, so a "{{" in it is split.
    name: step.name.replaceAll("{{", "{ {"),
    url: url.startsWith(origin) ? url.slice(origin.length) || "/" : url,
  };
  if (step.headers.length > 0) {
    spec.headers = Object.fromEntries(step.headers.map((h) => [h.name, template(h.value)]));
  }
  if (step.basicAuth) {
    spec.auth = { user: template(step.basicAuth.user), pass: template(step.basicAuth.pass) };
  }
  if (step.body !== undefined) spec.body = template(step.body);
  const soft = at.softCaptures === true;
  const captures = step.captures.flatMap((c) => {
    const written = capture(c, soft);
    if (!written) notes.push(`${where}: capture of ${c.variable} from the status is not supported`);
    return written ? [written] : [];
  });
  const expect = step.checks.flatMap((check) => {
    const written = expectation(check) ?? runtimeEquals(check, captures);
    if (!written) notes.push(`${where}: ${checkLabel(check)}`);
    return written ? [written] : [];
  });
  if (soft) {
    // The hidden captures of checks too: nothing but a network error ends the virtual user.
    for (const c of captures) c.strict = false;
    expect.push(...step.captures.filter((c) => c.from !== "status").map(captured));
  }
  if (captures.length > 0) spec.capture = captures;
  if (expect.length > 0) spec.expect = expect;
  return { [step.method.toLowerCase()]: { ...spec, ...extra } };
}

/**
 * Why Artillery cannot send a request as written, if it cannot: it expands
 * `{{…}}` in every string it sends or compares, and has no way to write
 * those characters literally; and a captured key its JSONPath cannot name.
 */
export function artilleryProblem(step: LoadStep): { problem: string; fix: string } | undefined {
  const literals = [
    ...sentParts(step),
    ...step.checks.flatMap((c) => (c.kind === "rule" ? c.operand : [])),
  ].flatMap((p) => ("text" in p ? [p.text] : []));
  const names = [
    ...step.checks.flatMap((c) => (c.kind === "header" ? [c.name] : [])),
    ...step.captures.flatMap((c) => (c.header === undefined ? [] : [c.header])),
  ];
  if (hasTemplate([...literals, ...names])) return TEMPLATE_PROBLEM;
  const capture = step.captures.find((c) => c.from === "body" && jsonPath(c.path) === undefined);
  if (capture) {
    return {
      problem: `Artillery's JSONPath cannot name every key of the capture of ${capture.variable}`,
      fix: "Capture a field whose keys are letters, digits, _ and -, or export k6",
    };
  }
  return undefined;
}

/** The refusal of text Artillery would read as its own template. */
export const TEMPLATE_PROBLEM = {
  problem:
    'its text holds "{{", which Artillery expands as its own template and cannot send as written',
  fix: "Export k6, whose script sends the text as written, or remove the braces",
};

/** True when a string in the value holds "{{" (Artillery templates every string it sends). */
export function hasTemplate(value: unknown): boolean {
  if (typeof value === "string") return value.includes("{{");
  if (Array.isArray(value)) return value.some(hasTemplate);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([k, v]) => hasTemplate(k) || hasTemplate(v));
  }
  return false;
}
