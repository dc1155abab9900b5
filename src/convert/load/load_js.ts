/**
 * JavaScript that generated load code runs: the k6 script and Artillery's
 * generated processor evaluate rules (`Assert`, `Until`, `When`) the way
 * apispec does, with the same code. `JS_HELPERS` mirrors
 * `engine/compare/operators.ts` and `engine/flow/lookup.ts`; the functions
 * below write the literals it reads, parsed once at export.
 */
import type { AssertionRule } from "../../engine/model.ts";
import { parseSegments } from "../../engine/compare/json_path.ts";
import { operandValue } from "../../engine/compare/operators.ts";
import { LENGTH_OPERAND } from "../../engine/parse/assertion.ts";
import { splitPattern } from "../../engine/parse/pattern.ts";
import { parseYaml } from "../../engine/parse/yaml.ts";
import { jsLiteral } from "../../engine/render/code_text.ts";
import { literal, type Part } from "./load_script.ts";

/**
 * A JS expression for request text: literals, run-time variables (`vars`),
 * `__ENV` secrets, and generated values from the request's `gen` (made once
 * per name and request, as apispec makes them).
 */
export function jsText(parts: Part[], vars = "vars", env = "__ENV"): string {
  const terms = parts.map((p) =>
    "text" in p
      ? jsLiteral(p.text)
      : "var" in p
      ? `textOf(${vars}, ${jsLiteral(p.var)})`
      : "env" in p
      ? `${env}[${jsLiteral(p.env)}]`
      : `gen(${jsLiteral(p.gen)})`
  );
  return terms.length === 0 ? '""' : terms.join(" + ");
}

/** `at(r, "body", ["items", 0])`: what a rule's path selects on a response `r`. */
export function jsSelect(path: string, r = "r"): string {
  if (path === "status" || path === "duration_ms") return `at(${r}, ${jsLiteral(path)}, [])`;
  if (path.startsWith("headers.")) {
    return `at(${r}, "headers", ${jsLiteral([path.slice("headers.".length)])})`;
  }
  return `at(${r}, "body", ${jsLiteral(parseSegments(path.slice("body".length)))})`;
}

/**
 * The literal `holds()` reads for a rule; an operand holding run-time
 * variables is read where the script runs. Undefined when it cannot be
 * evaluated there (a list or count built from run-time variables).
 */
export function jsRule(rule: AssertionRule, operand: Part[], vars = "vars"): string | undefined {
  const text = literal(operand);
  const runtime = text === undefined ? jsText(operand, vars) : undefined;
  const fields: string[] = [`op: ${jsLiteral(rule.operator)}`];
  if (rule.not) fields.push("not: true");
  const want = runtime ? `operand(${runtime})` : jsLiteral(operandValue(text!) ?? null);
  switch (rule.operator) {
    case "exists":
      break;
    case "contains":
      fields.push(
        `want: ${want}`,
        `text: ${runtime ? `unquote(${runtime})` : jsLiteral(unquote(text!))}`,
      );
      break;
    case "in": {
      if (runtime) return undefined;
      const parsed = parseYaml(text!, "", 1);
      fields.push(
        `list: ${jsLiteral(parsed.ok && Array.isArray(parsed.value) ? parsed.value : [])}`,
      );
      break;
    }
    case "matches": {
      if (runtime) return undefined;
      const { source, flags } = splitPattern(text!);
      fields.push(`source: ${jsLiteral(source)}`, `flags: ${jsLiteral(flags)}`);
      break;
    }
    case "length": {
      const [, cmp = "==", count] = LENGTH_OPERAND.exec(text ?? "") ?? [];
      if (count === undefined || runtime) return undefined;
      fields.push(`cmp: ${jsLiteral(cmp)}`, `count: ${Number(count)}`);
      break;
    }
    case "type":
      fields.push(`type: ${jsLiteral(text)}`);
      break;
    default:
      fields.push(`want: ${want}`);
  }
  return `{ ${fields.join(", ")} }`;
}

function unquote(text: string): string {
  return text.replace(/^(["'])(.*)\1$/, "$2");
}

/** Helpers every generated file holds; plain ES2015 so k6 and Node both run them. */
export const JS_HELPERS = `
const parsedBodies = new WeakMap();

/** The JSON body of a response (undefined when it is not JSON), parsed once. */
function json(r) {
  if (!parsedBodies.has(r)) {
    let value;
    try {
      value = JSON.parse(r.body);
    } catch (_) {
      value = undefined;
    }
    parsedBodies.set(r, value);
  }
  return parsedBodies.get(r);
}

function walk(value, path) {
  for (const key of path) {
    if (value === null || typeof value !== "object" || !Object.prototype.hasOwnProperty.call(value, key)) {
      return { found: false };
    }
    value = value[key];
  }
  return { found: true, value: value };
}

/** A field of the JSON body (undefined when absent or not JSON). */
function field(r, path) {
  return walk(json(r), path).value;
}

function header(r, name) {
  const wanted = name.toLowerCase();
  const key = Object.keys(r.headers || {}).find((k) => k.toLowerCase() === wanted);
  return key === undefined ? undefined : r.headers[key];
}

/** What a rule's path selects: \`status\`, \`duration_ms\`, \`headers.<name>\`, \`body…\`. */
function at(r, kind, path) {
  if (kind === "status") return { found: true, value: r.status };
  if (kind === "duration_ms") return r.duration === undefined ? { found: false } : { found: true, value: r.duration };
  if (kind === "headers") {
    const value = header(r, path[0]);
    return value === undefined ? { found: false } : { found: true, value: value };
  }
  const body = json(r) === undefined ? r.body : json(r);
  if (path.length === 0) return { found: r.body !== "" && r.body != null, value: body };
  return walk(body, path);
}

/** Text that is JSON read as JSON; anything else as it is. */
function asJson(value) {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch (_) {
    return value;
  }
}

/** A variable by dotted path (\`user.role\`): the name itself, else a field of the longest defined prefix. */
function lookup(vars, path) {
  if (vars[path] !== undefined) return { found: text(vars[path]) !== "", value: vars[path] };
  const parts = path.split(".");
  for (let cut = parts.length - 1; cut >= 1; cut--) {
    const base = vars[parts.slice(0, cut).join(".")];
    if (base === undefined) continue;
    const selected = walk(asJson(base), parts.slice(cut));
    return selected.found && selected.value !== undefined ? selected : { found: false };
  }
  return { found: false };
}

/** A variable as a \`When\` or \`For each\` reads it: text that is JSON is read as JSON. */
function variable(vars, path) {
  const selected = lookup(vars, path);
  return selected.found ? { found: true, value: asJson(selected.value) } : selected;
}

/** A value as request text: strings as they are, anything else as JSON. */
function text(value) {
  return value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
}

/** A variable as request text. */
function textOf(vars, path) {
  return text(lookup(vars, path).value);
}

function jsonType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Operands are JSON when they parse as JSON, else text (as apispec reads them). */
function operand(value) {
  const read = asJson(value);
  return typeof read === "string" ? read.replace(/^'(.*)'$/, "$1") : read;
}

function unquote(value) {
  return String(value).replace(/^(["'])(.*)\\1$/, "$2");
}

/** apispec's equals: JSON equality, and "42" equals 42. */
function same(actual, wanted) {
  if (JSON.stringify(actual) === JSON.stringify(wanted)) return true;
  const scalar = (v) => ["string", "number", "boolean"].includes(typeof v);
  return scalar(actual) && scalar(wanted) && String(actual) === String(wanted);
}

function asNumber(value) {
  if (typeof value === "number") return value;
  return typeof value === "string" && /^\\s*-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?\\s*$/.test(value) ? Number(value) : undefined;
}

/** Numbers compare as numbers (numeric text too), text as text; anything else does not compare. */
function ordered(actual, wanted, cmp) {
  let a = asNumber(actual);
  let b = asNumber(wanted);
  if (a === undefined || b === undefined) {
    if (typeof actual !== "string" || typeof wanted !== "string") return false;
    a = actual;
    b = wanted;
  }
  return cmp === ">" ? a > b : cmp === ">=" ? a >= b : cmp === "<" ? a < b : cmp === "<=" ? a <= b
    : cmp === "!=" ? a !== b : a === b;
}

/** Whether a rule holds for what its path selected (engine/compare/operators.ts). */
function holds(rule, selected) {
  const value = selected.value;
  let yes;
  if (rule.op === "exists") yes = selected.found && value !== null;
  else if (!selected.found) yes = rule.op === "!=";
  else if (rule.op === "equals") yes = same(value, rule.want);
  else if (rule.op === "!=") yes = !same(value, rule.want);
  else if (rule.op === "contains") {
    yes = Array.isArray(value)
      ? value.some((v) => same(v, rule.want))
      : (typeof value === "string" ? value : JSON.stringify(value)).includes(rule.text);
  } else if (rule.op === "in") yes = rule.list.some((o) => same(value, o));
  else if (rule.op === "matches") {
    yes = new RegExp(rule.source, rule.flags).test(typeof value === "string" ? value : JSON.stringify(value));
  } else if (rule.op === "length") {
    yes = (typeof value === "string" || Array.isArray(value)) && ordered(value.length, rule.count, rule.cmp);
  } else if (rule.op === "type") {
    const kind = Number.isInteger(value) ? "integer" : jsonType(value);
    yes = kind === rule.type || (rule.type === "number" && typeof value === "number");
  } else yes = ordered(value, rule.want, rule.op);
  return rule.not ? !yes : yes;
}
`;

/**
 * Generated values (`{{$guid}}`...), made as `engine/resolve/generated.ts`
 * makes them: fresh for each request, one value per name within it. `crypto`
 * is k6's `k6/crypto` in a k6 script and Node's in Artillery's processor: both
 * have `randomBytes`.
 */
export const GENERATED_HELPERS = `
/** A UUID v4 from cryptographic random bytes. */
function uuid() {
  const b = new Uint8Array(crypto.randomBytes(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => (x + 0x100).toString(16).slice(1)).join("");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
}

/** The generated values of one request: each name made once, from one reading of the clock. */
function generator() {
  const now = Date.now();
  const made = {};
  return (name) => {
    if (made[name] === undefined) {
      made[name] = name === "$guid" || name === "$randomUUID"
        ? uuid()
        : name === "$timestamp"
        ? String(Math.floor(now / 1000))
        : name === "$isoTimestamp"
        ? new Date(now).toISOString()
        : String(Math.floor(Math.random() * 1001));
    }
    return made[name];
  };
}
`;
