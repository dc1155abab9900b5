/**
 * The requests of the load-test form both script writers read
 * (`to_artillery.ts`, `to_k6.ts`; the flow around them is `load_flow.ts`):
 * text resolved at export except for two kinds of holes, run-time variables
 * (captures, loop elements, data columns: filled while the script runs) and
 * secrets (read from `APISPEC_*` environment variables where the script
 * runs, never written into it). Checks come from the expected response and
 * the assertions.
 */
import type { AssertionRule } from "../../engine/model.ts";
import type { Segment } from "../../engine/compare/json_path.ts";
import { concreteStatus } from "../../engine/compare/status.ts";
import type { GENERATED_NAMES } from "../../engine/resolve/generated.ts";

export type GeneratedName = typeof GENERATED_NAMES[number];

/**
 * A piece of request text: literal, a run-time variable (a capture, a loop
 * element or a data column; dotted for a field: `item.id`), an environment
 * variable, or a value generated fresh for each request (`{{$guid}}`).
 */
export type Part = { text: string } | { var: string } | { env: string } | { gen: GeneratedName };

export interface LoadCapture {
  variable: string;
  /** `body` with a path (`[]` is the whole body), a `header` name, or the `status`. */
  from: "body" | "header" | "status";
  path: Segment[];
  header?: string;
}

export type LoadCheck =
  /** The statuses as written: `["200"]`, `["200", "201"]`, `["2XX"]`. */
  | { kind: "status"; statuses: string[] }
  | { kind: "header"; name: string }
  /** The JSON type a field of the expected body has (shape mode, objects only). */
  | { kind: "type"; path: Segment[]; type: JsonType }
  /** An assertion rule, its operand split into parts. */
  | { kind: "rule"; rule: AssertionRule; operand: Part[] };

export type JsonType = "string" | "number" | "boolean" | "object" | "array" | "null";

export interface LoadStep {
  name: string;
  method: string;
  url: Part[];
  headers: { name: string; value: Part[] }[];
  body?: Part[];
  /** Basic auth whose credentials come from the environment where the script runs. */
  basicAuth?: { user: Part[]; pass: Part[] };
  captures: LoadCapture[];
  checks: LoadCheck[];
}

const SENTINEL = /__(capture|apispec_env|apispec_generated)_([A-Za-z_$][\w$.-]*?)__/g;

/**
 * The stand-in a run-time variable takes while a request is resolved at
 * export (the placeholder a flow's dry run uses for captures).
 */
export function captureSentinel(name: string): string {
  return `__capture_${name}__`;
}

/** The stand-in a secret variable takes while a request is resolved at export. */
export function envSentinel(name: string): string {
  return `__apispec_env_${name}__`;
}

/** The stand-in a generated value (`$guid`) takes while a request is resolved at export. */
export function generatedSentinel(name: GeneratedName): string {
  return `__apispec_generated_${name}__`;
}

/** `authToken` → `APISPEC_AUTH_TOKEN`: where apispec itself reads secrets from. */
export function envName(variable: string): string {
  return "APISPEC_" + variable.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^\w]/g, "_")
    .toUpperCase();
}

/** Splits resolved text at its stand-ins. */
export function partsOf(text: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of text.matchAll(SENTINEL)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push(
      match[1] === "capture"
        ? { var: match[2] }
        : match[1] === "apispec_env"
        ? { env: envName(match[2]) }
        : { gen: match[2] as GeneratedName },
    );
    last = match.index + match[0].length;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last) });
  return parts;
}

/** Every piece of text a request sends: URL, headers, body, basic-auth credentials. */
export function sentParts(step: LoadStep): Part[] {
  return [
    step.url,
    ...step.headers.map((h) => h.value),
    step.body ?? [],
    step.basicAuth?.user ?? [],
    step.basicAuth?.pass ?? [],
  ].flat();
}

/** The generated values a request's text uses, once each. */
export function generatedNames(step: LoadStep): GeneratedName[] {
  return [...new Set(sentParts(step).flatMap((p) => ("gen" in p ? [p.gen] : [])))];
}

/**
 * The status ranges an expected status line accepts: `201` → 201..201,
 * `2XX` → 200..299 (`engine/compare/status.ts` reads them the same way).
 */
export function statusRanges(statuses: string[]): { min: number; max: number }[] {
  return statuses.map((alternative) => {
    const min = concreteStatus(alternative);
    return { min, max: /X/i.test(alternative) ? min + 99 : min };
  });
}

/** True when the parts are one literal text. */
export function literal(parts: Part[]): string | undefined {
  return parts.length === 1 && "text" in parts[0] ? parts[0].text : undefined;
}

function jsonType(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as JsonType;
}

/** Shape checks of an expected JSON object body: each field's type, nested objects too. */
export function shapeChecks(expected: unknown, limit = 20): LoadCheck[] {
  const checks: LoadCheck[] = [];
  const walk = (value: unknown, path: Segment[]) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      if (checks.length >= limit) return;
      checks.push({ kind: "type", path: [...path, key], type: jsonType(inner) });
      walk(inner, [...path, key]);
    }
  };
  walk(expected, []);
  return checks;
}

/** `items[0].id` for messages and check names. */
export function pathText(path: Segment[]): string {
  return path.map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? s : `.${s}`)).join("");
}

/** A readable name for a check, the same in both scripts. */
export function checkLabel(check: LoadCheck): string {
  switch (check.kind) {
    case "status":
      return `status ${check.statuses.join("|")}`;
    case "header":
      return `header ${check.name}`;
    case "type":
      return `body.${pathText(check.path)} is ${check.type}`;
    case "rule":
      return check.rule.source;
  }
}
