/**
 * Schema-mode context: the same facts as a JSON document an agent can parse.
 * When the budget is short, whole items are removed (guidance, overview
 * entries, then the least important part of the last endpoint, then whole
 * endpoints), so the text is always complete, valid JSON.
 */
import { fitJson } from "./context_budget.ts";
import { errorLabel, requestFields, responseFields, rules } from "./context_facts.ts";
import { endpointVerify, flowVerify, GUIDANCE, intentOf } from "./context_intent.ts";
import type { ContextEndpoint, ContextInput } from "./context_model.ts";
import { requestBlockText, responseBlockText } from "./context_facts.ts";

type Json = Record<string, unknown>;

interface ContextDocument {
  intent: string;
  env: string;
  scope: string;
  endpoints: Json[];
  flows: Json[];
  invalid: { file: string; message: string }[];
  overview: Json[];
  related: Json[];
  verify: string[];
  guidance?: string[];
  omitted: number;
}

/** Field lists as `{name: type}`, bounded like the text. */
function fieldMap(fields: { name: string; type: string }[], max: number): Json {
  const map: Json = Object.fromEntries(fields.slice(0, max).map((f) => [f.name, f.type]));
  if (fields.length > max) map["(more)"] = fields.length - max;
  return map;
}

function endpointJson(e: ContextEndpoint, input: ContextInput): Json {
  const { spec } = e;
  const max = input.maxFields;
  const out: Json = { file: e.file, method: spec.method, path: spec.path };
  if (e.role !== "target") out.role = e.role;
  for (const part of input.parts) {
    switch (part) {
      case "title":
        out.title = spec.title;
        if (spec.description) out.description = spec.description;
        break;
      case "variables":
        out.variables = e.variables.map((v) =>
          v.resolved === undefined ? v.name : { name: v.name, resolved: v.resolved }
        );
        break;
      case "request":
        out.request = { fields: fieldMap(requestFields(spec), max) };
        break;
      case "response":
        out.response = {
          status: spec.expected.status,
          fields: fieldMap(responseFields(spec), max),
        };
        break;
      case "errors":
        out.errors = spec.errorResponses.slice(0, max).map((b) => ({
          status: b.status,
          error: errorLabel(b),
        }));
        break;
      case "assertions":
        out.assertions = spec.assertions.slice(0, max).map((a) => a.source);
        break;
      case "rules":
        out.rules = rules(spec, e.auth);
        break;
      case "verify":
        out.verify = endpointVerify(input.intent, e.file, input.env);
        break;
    }
  }
  if (input.verbose) {
    out.request_block = requestBlockText(spec);
    out.expected_block = responseBlockText(spec.expected);
  }
  return out;
}

export function renderContextJson(
  input: ContextInput,
): { text: string; value: unknown; omitted: number } {
  const document: ContextDocument = {
    intent: input.intent,
    env: input.env,
    scope: input.scope,
    endpoints: input.endpoints.map((e) => endpointJson(e, input)),
    flows: input.flows.map((f) => ({
      file: f.file,
      name: f.name,
      steps: f.steps.map((s) => ({
        name: s.name,
        file: s.file,
        method: s.method,
        path: s.path,
        captures: s.captures,
        injects: s.injects,
      })),
      verify: input.parts.includes("verify")
        ? flowVerify(input.intent, f.file, input.env)
        : undefined,
    })),
    invalid: input.invalid,
    overview: input.overview.map((o) => ({ ...o })),
    related: input.related.map((o) => ({ ...o })),
    verify: input.parts.includes("verify") ? input.scopeVerify : [],
    omitted: 0,
  };
  if (input.parts.includes("guidance")) document.guidance = GUIDANCE[intentOf(input.intent)];
  const { text, value } = fitJson(document, input.tokenBudget, (doc) => shrink(doc, input.parts));
  return { text, value, omitted: value.omitted };
}

const KEY_PART: Record<string, string> = { description: "title" };
const SKELETON = ["file", "method", "path", "role"];

/** Removes the least important remaining item; false when only the skeleton is left. */
function shrink(doc: ContextDocument, parts: string[]): boolean {
  doc.omitted++;
  if (doc.guidance) {
    delete doc.guidance;
    return true;
  }
  if (doc.related.length) return doc.related.pop() !== undefined;
  if (doc.overview.length) return doc.overview.pop() !== undefined;
  const related = doc.endpoints.findLastIndex((e) => e.role === "step");
  if (related >= 0) {
    doc.endpoints.splice(related, 1);
    return true;
  }
  // The least important part across all endpoints goes first (verbose blocks rank last).
  const rank = (key: string) => {
    const index = parts.indexOf(KEY_PART[key] ?? key);
    return index < 0 ? parts.length : index;
  };
  let worst: { endpoint: Json; key: string; rank: number } | undefined;
  for (const endpoint of doc.endpoints) {
    for (const key of Object.keys(endpoint).filter((k) => !SKELETON.includes(k))) {
      if (!worst || rank(key) >= worst.rank) worst = { endpoint, key, rank: rank(key) };
    }
  }
  if (worst) {
    delete worst.endpoint[worst.key];
    return true;
  }
  if (doc.endpoints.length > 1) return doc.endpoints.pop() !== undefined;
  if (doc.flows.length) return doc.flows.pop() !== undefined;
  if (doc.endpoints.length) return doc.endpoints.pop() !== undefined;
  if (doc.verify.length) return doc.verify.pop() !== undefined;
  doc.omitted--;
  return false;
}
