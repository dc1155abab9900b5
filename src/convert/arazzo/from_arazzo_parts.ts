/**
 * The pieces of `import arazzo` that read one thing each: a step's
 * operation, name and criteria, runtime expressions as apispec placeholders,
 * and free file names for drafted endpoints.
 */
import type { EndpointDraft } from "../../engine/render/spec_md.ts";
import { assignFileNames } from "../endpoint.ts";
import { asArray, isRecord } from "../data.ts";
import { deref } from "../openapi/refs.ts";
import { criterionToAssertion } from "./expressions.ts";
import { percentEncoded } from "../../engine/text/percent.ts";

type Obj = Record<string, unknown>;

export const STEP_OUTPUT = /^\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_.-]+)$/;
export const INPUT = /^\$inputs\.([A-Za-z_][\w]*)$/;
const STATUS = /^\$statusCode\s*==\s*(\d{3})$/;

export function operationFinder(openapi: Obj) {
  const byId = new Map<string, { method: string; path: string }>();
  const paths = isRecord(openapi.paths) ? openapi.paths : {};
  for (const [path, raw] of Object.entries(paths)) {
    const item = deref(openapi, raw);
    for (const [method, op] of Object.entries(item ?? {})) {
      if (isRecord(op) && typeof op.operationId === "string") {
        byId.set(op.operationId, { method: method.toUpperCase(), path });
      }
    }
  }
  return (step: Obj): { method: string; path: string } | undefined => {
    if (typeof step.operationId === "string") {
      return byId.get(step.operationId.replace(/^\$sourceDescriptions\.[^.]+\./, ""));
    }
    if (typeof step.operationPath !== "string") return undefined;
    const pointer = /#\/paths\/(.+)\/([a-z]+)$/.exec(step.operationPath);
    if (!pointer) return undefined;
    const path = pointer[1].replace(/~1/g, "/").replace(/~0/g, "~");
    const item = deref(openapi, paths[path]);
    return item && isRecord(item[pointer[2]])
      ? { method: pointer[2].toUpperCase(), path }
      : undefined;
  };
}

/** A step's name: its description when it is one short line, else its stepId. */
export function stepName(step: Obj, index: number): string {
  const description = typeof step.description === "string" ? step.description.trim() : "";
  if (description && !description.includes("\n") && description.length <= 80) return description;
  return typeof step.stepId === "string" ? step.stepId : `Step ${index + 1}`;
}

/** Gives new drafts titles whose file names are free, so flows can name them before they exist. */
export function nameDrafts(
  drafts: EndpointDraft[],
  taken: Set<string>,
): Map<EndpointDraft, string> {
  for (;;) {
    const named = assignFileNames(drafts);
    const clash = named.find(({ file }) => taken.has(file));
    if (!clash) return new Map(named.map(({ draft, file }) => [draft, file]));
    clash.draft.title = `${clash.draft.title} ${clash.file.match(/-(\d+)\.md$/)?.[1] ?? "2"}`;
  }
}

/** Runtime expressions in a value as apispec text: `$steps.s.outputs.x` → `{{x}}`, `$inputs.y` → `{{y}}`. */
export function placeholderText(value: unknown): string {
  // A parameter without `value` (a document cut short) is an empty one, not a crash.
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? "";
  const whole = STEP_OUTPUT.exec(text) ?? INPUT.exec(text);
  if (whole) return `{{${whole[2] ?? whole[1]}}}`;
  return text.replace(/\{(\$[^}]+)\}/g, (m, expression: string) => {
    const inner = STEP_OUTPUT.exec(expression) ?? INPUT.exec(expression);
    return inner ? `{{${inner[2] ?? inner[1]}}}` : m;
  });
}

export function deepPlaceholders(value: unknown): unknown {
  if (typeof value === "string") {
    return /\$(steps|inputs)\./.test(value) ? placeholderText(value) : value;
  }
  if (Array.isArray(value)) return value.map(deepPlaceholders);
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepPlaceholders(v)]));
  }
  return value;
}

/** Step outputs referenced anywhere in a value: `[stepId, output]` pairs. */
export function referencedOutputs(value: unknown): [string, string][] {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
  return [...text.matchAll(/\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_.-]+)/g)].map((m) => [
    m[1],
    m[2],
  ]);
}

export function setQuery(target: string, name: string, value: string): string {
  const [base, query = ""] = target.split("?");
  const pairs = query ? query.split("&") : [];
  const key = percentEncoded(name);
  const at = pairs.findIndex((p) => p.split("=")[0] === key);
  const pair = `${key}=${value.includes("{{") ? value : percentEncoded(value)}`;
  if (at >= 0) pairs[at] = pair;
  else pairs.push(pair);
  return `${base}?${pairs.join("&")}`;
}

/** The expected status a step's criteria name, and the rest as assertion lines. */
export function criteria(
  step: Obj,
  name: string,
  warnings: string[],
): { status?: number; asserts: string[] } {
  let status: number | undefined;
  const asserts: string[] = [];
  for (const raw of asArray(step.successCriteria)) {
    if (!isRecord(raw)) continue;
    const condition = typeof raw.condition === "string" ? raw.condition.trim() : "";
    const match = raw.type === undefined ? STATUS.exec(condition) : null;
    if (match && status === undefined) {
      status = Number(match[1]);
      continue;
    }
    const line = criterionToAssertion(raw);
    if (line) asserts.push(line);
    else {warnings.push(
        `Step "${name}": criterion \`${condition}\` has no apispec form and is left out`,
      );}
  }
  return { status, asserts };
}

/** Makes a drafted endpoint expect another documented status, with that response's example. */
export function setStatus(draft: EndpointDraft, status: number): void {
  const other = draft.errorResponses?.find((e) => e.status === status);
  draft.expected = other
    ? { status, headers: other.headers, ...(other.body ? { body: other.body } : {}) }
    : { status, headers: [] };
  delete draft.schema;
  delete draft.match;
  if (draft.errorResponses) {
    draft.errorResponses = draft.errorResponses.filter((e) => e.status !== status);
  }
}
