/**
 * A k6 script (ES module) from a load plan: one exported function and one
 * constant-arrival-rate scenario per flow or endpoint; each step a
 * `http.request` with `check`s (status, headers, body fields) and captures
 * read from `res.json()` or `res.headers`. Thresholds fail the run when more
 * than 1% of checks or requests fail. It runs as is with `k6 run` and under
 * k6-operator or Grafana Cloud.
 */
import type { Segment } from "../engine/compare/json_path.ts";
import { parseSegments } from "../engine/compare/json_path.ts";
import { parseYaml } from "../engine/parse/yaml.ts";
import {
  checkLabel,
  type LoadCapture,
  type LoadCheck,
  type LoadPlan,
  type LoadStep,
  type Part,
} from "./load_script.ts";

/** A JS expression for the parts: literals, `vars.name` captures, `__ENV.NAME` secrets. */
function expression(parts: Part[]): string {
  const terms = parts.map((p) =>
    "text" in p
      ? JSON.stringify(p.text)
      : "capture" in p
      ? `String(vars[${JSON.stringify(p.capture)}])`
      : `__ENV[${JSON.stringify(p.env)}]`
  );
  return terms.length === 0 ? '""' : terms.join(" + ");
}

function identifier(name: string, taken: Set<string>): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "") ||
    "scenario";
  let id = /^[a-z_]/.test(base) ? base : `s_${base}`;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

const path = (segments: Segment[]) => JSON.stringify(segments);

/** The check's predicate over `r` (the response), or undefined when k6 cannot express it. */
function predicate(check: LoadCheck): string | undefined {
  if (check.kind === "status") return `r.status === ${check.status}`;
  if (check.kind === "header") return `header(r, ${JSON.stringify(check.name)}) !== undefined`;
  if (check.kind === "type") return `jsonType(field(r, ${path(check.path)})) === "${check.type}"`;
  const { rule } = check;
  const value = rule.path === "status"
    ? "r.status"
    : rule.path.startsWith("headers.")
    ? `header(r, ${JSON.stringify(rule.path.slice("headers.".length))})`
    : rule.path === "body" || rule.path.startsWith("body.") || rule.path.startsWith("body[")
    ? `field(r, ${path(parseSegments(rule.path.slice("body".length)))})`
    : undefined;
  if (value === undefined) return undefined;
  // A literal operand is read at export, as apispec reads it; a captured one at run time.
  const text = check.operand.length === 1 && "text" in check.operand[0]
    ? check.operand[0].text
    : undefined;
  const wanted = text === undefined
    ? `operand(${expression(check.operand)})`
    : JSON.stringify(operandValue(text));
  switch (rule.operator) {
    case "exists":
      return `${value} != null`;
    case "equals":
      return `same(${value}, ${wanted})`;
    case "contains":
      return `contains(${value}, ${wanted})`;
    case "in": {
      if (text === undefined) return undefined;
      const parsed = parseYaml(text, "", 1);
      return parsed.ok && Array.isArray(parsed.value)
        ? `${JSON.stringify(parsed.value)}.some((o) => same(${value}, o))`
        : undefined;
    }
    case "matches":
      return text === undefined ? undefined : `matches(${value}, ${JSON.stringify(text)})`;
    default:
      return undefined;
  }
}

function operandValue(operand: string): unknown {
  try {
    return JSON.parse(operand);
  } catch {
    return operand.replace(/^'(.*)'$/, "$1");
  }
}

function captureLine(c: LoadCapture): string {
  const source = c.from === "status"
    ? "res.status"
    : c.from === "header"
    ? `header(res, ${JSON.stringify(c.header)})`
    : `field(res, ${path(c.path)})`;
  return `vars[${JSON.stringify(c.variable)}] = ${source};`;
}

function stepCode(step: LoadStep, notes: string[], where: string): string[] {
  // The documented status is a success for k6's http_req_failed, even a 404.
  const status = step.checks.find((c) => c.kind === "status")?.status;
  const headers = step.headers.map((h) => `${JSON.stringify(h.name)}: ${expression(h.value)}`);
  if (step.basicAuth) {
    headers.push(
      `Authorization: "Basic " + encoding.b64encode(${expression(step.basicAuth.user)} + ":" + ${
        expression(step.basicAuth.pass)
      })`,
    );
  }
  const checks = step.checks.flatMap((check) => {
    const test = predicate(check);
    if (!test) notes.push(`${where}: ${checkLabel(check)}`);
    return test
      ? [`    ${JSON.stringify(`${step.name}: ${checkLabel(check)}`)}: (r) => ${test},`]
      : [];
  });
  const lines = [
    `  res = http.request(${JSON.stringify(step.method)}, ${expression(step.url)}, ${
      step.body === undefined ? "null" : expression(step.body)
    }, {`,
    `    headers: { ${headers.join(", ")} },`,
    `    tags: { name: ${JSON.stringify(step.name)} },`,
    ...(status === undefined ? [] : [`    responseCallback: http.expectedStatuses(${status}),`]),
    `  });`,
  ];
  if (checks.length > 0) lines.push(`  check(res, {`, ...checks, `  });`);
  for (const c of step.captures) {
    lines.push(`  ${captureLine(c)}`);
    // Like Artillery, a capture that selects nothing ends this iteration.
    lines.push(`  if (vars[${JSON.stringify(c.variable)}] == null) return;`);
  }
  return lines;
}

const HELPERS = `
/** A field of the JSON body (undefined when absent or not JSON). */
function field(res, path) {
  let value;
  try {
    value = res.json();
  } catch (_) {
    return undefined;
  }
  for (const key of path) value = value == null ? undefined : value[key];
  return value;
}

function header(res, name) {
  const wanted = name.toLowerCase();
  const key = Object.keys(res.headers).find((k) => k.toLowerCase() === wanted);
  return key === undefined ? undefined : res.headers[key];
}

function jsonType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Operands are JSON when they parse as JSON, else text (as apispec reads them). */
function operand(text) {
  try {
    return JSON.parse(text);
  } catch (_) {
    return String(text).replace(/^'(.*)'$/, "$1");
  }
}

/** apispec's equals: JSON equality, and "42" equals 42. */
function same(actual, wanted) {
  if (JSON.stringify(actual) === JSON.stringify(wanted)) return true;
  const scalar = (v) => ["string", "number", "boolean"].includes(typeof v);
  return scalar(actual) && scalar(wanted) && String(actual) === String(wanted);
}

function contains(actual, wanted) {
  if (Array.isArray(actual)) return actual.some((item) => same(item, wanted));
  const text = typeof wanted === "string" ? wanted : JSON.stringify(wanted);
  return actual != null && (typeof actual === "string" ? actual : JSON.stringify(actual)).includes(text);
}

function matches(actual, pattern) {
  const slashed = /^\\/(.*)\\/([dgimsuvy]*)$/.exec(pattern);
  const rx = slashed ? new RegExp(slashed[1], slashed[2]) : new RegExp(pattern);
  return actual != null && rx.test(typeof actual === "string" ? actual : JSON.stringify(actual));
}
`;

/** The script's text and what it could not check (also written at its top as comments). */
export function toK6(plan: LoadPlan): { text: string; notes: string[] } {
  const notes: string[] = [];
  const taken = new Set<string>(["default", "options"]);
  const functions = plan.scenarios.map((scenario) => ({
    id: identifier(scenario.name, taken),
    scenario,
  }));
  const usesBasic = plan.scenarios.some((s) => s.steps.some((step) => step.basicAuth));
  const scenarios = functions.map(({ id }) =>
    `    ${id}: { executor: "constant-arrival-rate", exec: "${id}", rate: ${plan.rate}, ` +
    `timeUnit: "1s", duration: "${plan.duration}s", preAllocatedVUs: ${Math.max(1, plan.rate)} },`
  );
  const bodies = functions.map(({ id, scenario }) =>
    [
      `/** ${scenario.name} (${scenario.source}) */`,
      `export function ${id}() {`,
      `  const vars = {};`,
      `  let res;`,
      ...scenario.steps.flatMap((step) => stepCode(step, notes, `${scenario.name} / ${step.name}`)),
      `}`,
    ].join("\n")
  );
  const text = [
    `// Generated by \`apispec export k6\` (environment ${plan.env}); regenerate rather than edit.`,
    `// Secrets come from APISPEC_* environment variables: k6 run -e APISPEC_AUTH_TOKEN=... script.js`,
    ...(notes.length > 0 ? ["// Not checked under load:", ...notes.map((n) => `//   ${n}`)] : []),
    `import http from "k6/http";`,
    `import { check } from "k6";`,
    ...(usesBasic ? [`import encoding from "k6/encoding";`] : []),
    ``,
    `export const options = {`,
    `  scenarios: {`,
    ...scenarios,
    `  },`,
    `  thresholds: { checks: ["rate>0.99"], http_req_failed: ["rate<0.01"] },`,
    `};`,
    HELPERS,
    bodies.join("\n\n"),
    ``,
  ].join("\n");
  return { text, notes };
}
