/**
 * An Artillery script (YAML) from a load plan: `config.target` and one
 * phase, one scenario per flow or endpoint, each step a request with its
 * captures (JSONPath) and expectations (the bundled `expect` plugin: status,
 * headers, JMESPath checks of the body). It runs as is with `artillery run`
 * and on Artillery's cloud runners.
 */
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { splitPattern } from "../engine/parse/pattern.ts";
import { parseSegments, type Segment } from "../engine/compare/json_path.ts";
import {
  checkLabel,
  type LoadCapture,
  type LoadCheck,
  type LoadPlan,
  type LoadStep,
  type Part,
} from "./load_script.ts";

/** Artillery templates: `{{ name }}` for captures, `{{ $env.NAME }}` for secrets. */
function template(parts: Part[]): string {
  return parts.map((p) =>
    "text" in p ? p.text : "capture" in p ? `{{ ${p.capture} }}` : `{{ $env.${p.env} }}`
  ).join("");
}

/** JSONPath for a capture: `$.items[0].id`. */
function jsonPath(path: Segment[]): string {
  return "$" + path.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("");
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

/** A JMESPath literal: backtick JSON. */
function jmesLiteral(value: unknown): string {
  return "`" + JSON.stringify(value).replace(/`/g, "\\`") + "`";
}

function operandValue(operand: string): unknown {
  try {
    return JSON.parse(operand);
  } catch {
    return operand.replace(/^'(.*)'$/, "$1");
  }
}

const scalar = (v: unknown) => ["string", "number", "boolean"].includes(typeof v);

/** One check as an `expect` entry, or undefined when Artillery cannot express it. */
function expectation(check: LoadCheck): Record<string, unknown> | undefined {
  if (check.kind === "status") return { statusCode: check.status };
  if (check.kind === "header") return { hasHeader: check.name.toLowerCase() };
  if (check.kind === "type") {
    return { jmespath: `type(${jmesPath(check.path)}) == '${check.type}'` };
  }
  const { rule, operand } = check;
  const text = operand.length === 1 && "text" in operand[0] ? operand[0].text : undefined;
  if (text === undefined) return undefined; // an operand from a capture: known only at run time
  if (rule.path === "status") {
    const status = Number(text);
    return rule.operator === "equals" && Number.isInteger(status)
      ? { statusCode: status }
      : undefined;
  }
  if (rule.path.startsWith("headers.")) {
    const name = rule.path.slice("headers.".length).toLowerCase();
    if (rule.operator === "exists") return { hasHeader: name };
    if (rule.operator === "equals") return { headerEquals: [name, text] };
    return undefined;
  }
  if (rule.path !== "body" && !rule.path.startsWith("body.") && !rule.path.startsWith("body[")) {
    return undefined;
  }
  const field = jmesPath(parseSegments(rule.path.slice("body".length)));
  const want = operandValue(text);
  switch (rule.operator) {
    case "exists":
      return { jmespath: `${field} != null` };
    case "equals":
      // apispec's equals accepts "42" for 42: compare scalars as text.
      return scalar(want)
        ? { jmespath: `to_string(${field}) == ${jmesLiteral(String(want))}` }
        : { jmespath: `${field} == ${jmesLiteral(want)}` };
    case "contains":
      return { jmespath: `contains(${field}, ${jmesLiteral(want)})` };
    case "in": {
      const options = (yaml.load(text, { schema: yaml.CORE_SCHEMA }) ?? []) as unknown[];
      if (!Array.isArray(options)) return undefined;
      return {
        jmespath: `contains(${jmesLiteral(options.map(String))}, to_string(${field}))`,
      };
    }
    case "matches":
      // JMESPath has no regular expressions; the body as a whole can be matched instead.
      return rule.path === "body" ? { matchesRegexp: splitPattern(text).source } : undefined;
    default:
      return undefined;
  }
}

/**
 * `body.id: equals {{userId}}` compares with a value captured in this run:
 * the field is captured too, then both templates are compared.
 */
function runtimeEquals(
  check: LoadCheck,
  captures: Record<string, unknown>[],
): Record<string, unknown> | undefined {
  if (check.kind !== "rule" || check.rule.operator !== "equals") return undefined;
  const path = check.rule.path;
  if (path !== "body" && !path.startsWith("body.") && !path.startsWith("body[")) return undefined;
  const hidden = `apispec_check_${captures.length + 1}`;
  captures.push({ json: jsonPath(parseSegments(path.slice("body".length))), as: hidden });
  return { equals: [`{{ ${hidden} }}`, template(check.operand)] };
}

function capture(c: LoadCapture): Record<string, unknown> | undefined {
  if (c.from === "body") return { json: jsonPath(c.path), as: c.variable };
  if (c.from === "header") return { header: c.header!.toLowerCase(), as: c.variable };
  return undefined; // Artillery captures no status
}

function request(step: LoadStep, target: string, notes: string[], where: string) {
  const url = template(step.url);
  const spec: Record<string, unknown> = {
    name: step.name,
    url: url.startsWith(target) ? url.slice(target.length) || "/" : url,
  };
  if (step.headers.length > 0) {
    spec.headers = Object.fromEntries(step.headers.map((h) => [h.name, template(h.value)]));
  }
  if (step.basicAuth) {
    spec.auth = { user: template(step.basicAuth.user), pass: template(step.basicAuth.pass) };
  }
  if (step.body !== undefined) spec.body = template(step.body);
  const captures = step.captures.flatMap((c) => {
    const written = capture(c);
    if (!written) notes.push(`${where}: capture of ${c.variable} from the status is not supported`);
    return written ? [written] : [];
  });
  const expect = step.checks.flatMap((check) => {
    const written = expectation(check) ?? runtimeEquals(check, captures);
    if (!written) notes.push(`${where}: ${checkLabel(check)}`);
    return written ? [written] : [];
  });
  if (captures.length > 0) spec.capture = captures;
  if (expect.length > 0) spec.expect = expect;
  return { [step.method.toLowerCase()]: spec };
}

/** The script's text and what it could not check (also written at its top as comments). */
export function toArtillery(plan: LoadPlan): { text: string; notes: string[] } {
  const origin = new URL(plan.target).origin;
  const notes: string[] = [];
  const scenarios = plan.scenarios.map((scenario) => ({
    name: scenario.name,
    flow: scenario.steps.map((step) =>
      request(step, origin, notes, `${scenario.name} / ${step.name}`)
    ),
  }));
  const envs = new Set(
    plan.scenarios.flatMap((s) =>
      s.steps.flatMap((step) =>
        [
          step.url,
          ...step.headers.map((h) => h.value),
          step.body ?? [],
          step.basicAuth?.user ?? [],
          step.basicAuth?.pass ?? [],
        ].flat()
      )
    ).flatMap((p) => ("env" in p ? [p.env] : [])),
  );
  const script = {
    config: {
      target: origin,
      phases: [{ name: "apispec", duration: plan.duration, arrivalRate: plan.rate }],
      plugins: { expect: { outputFormat: "prettyError" } },
    },
    scenarios,
  };
  const header = [
    `# Generated by \`apispec export artillery\` (environment ${plan.env}); regenerate rather than edit.`,
    ...(envs.size > 0
      ? [`# Secrets are read where Artillery runs: ${[...envs].sort().join(", ")}`]
      : []),
    ...(notes.length > 0 ? ["# Not checked under load:", ...notes.map((n) => `#   ${n}`)] : []),
  ];
  const body = yaml.dump(script, { lineWidth: -1, noRefs: true, quotingType: '"' });
  return { text: header.join("\n") + "\n" + body, notes };
}
