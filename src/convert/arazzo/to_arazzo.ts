/**
 * `apispec export arazzo`: flows as Arazzo 1.0 workflows. One workflow per
 * flow, one step per flow step naming its operation (operationId, else
 * operationPath), parameters and request body from the endpoint's request,
 * success criteria from its expected status and the step's Assert lines,
 * outputs from captures. Variables: a capture of an earlier step becomes
 * `$steps.<id>.outputs.<name>`; a value known at export (frontmatter vars,
 * env template; never a secret) is written as is; anything else is a
 * workflow input (`$inputs.<name>`).
 */
import type {
  AssertionRule,
  AuthKind,
  Capture,
  EndpointSpec,
  ResponseBlock,
} from "../../engine/model.ts";
import { parseTemplateJson } from "../../engine/contract/body.ts";
import { slugify } from "../../engine/render/spec_md.ts";
import {
  assertionToCriterion,
  captureToExpression,
  contextOf,
  type Criterion,
} from "./expressions.ts";

export const ARAZZO_VERSION = "1.0.1";

export interface ArazzoStepInput {
  name: string;
  spec: EndpointSpec;
  /** The auth the step runs with (the endpoint's, else the project default). */
  auth: AuthKind;
  captures: Capture[];
  asserts: AssertionRule[];
  operation: { operationId?: string; path: string; method: string };
  /** The OpenAPI names of the path's parameters in order (`:id` may be `{petId}` there). */
  pathNames: string[];
  /** The operation's header parameters as the document names them (matched case-blind). */
  headerNames?: string[];
  /** Values known at export, by variable name (secrets are never here). */
  values: Record<string, string>;
}

export interface ArazzoFlowInput {
  id: string;
  title: string;
  description: string;
  steps: ArazzoStepInput[];
}

export interface ArazzoExportInput {
  title: string;
  source: { name: string; url: string };
  flows: ArazzoFlowInput[];
}

type Obj = Record<string, unknown>;

/** Arazzo ids allow letters, digits, `_` and `-`. */
export function arazzoId(text: string, fallback: string): string {
  return slugify(text).replace(/[^A-Za-z0-9_-]/g, "-") || fallback;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w.$-]*)\s*\}\}/g;
const SKIP_HEADERS = /^(content-type|content-length|host)$/i;

/** Resolves variable names to literals or runtime expressions for one workflow. */
class Resolver {
  inputs = new Set<string>();
  /** Capture variable → the step that produced it so far. */
  captured = new Map<string, string>();

  value(name: string, values: Record<string, string>): { expression?: string; literal?: string } {
    const step = this.captured.get(name);
    if (step) return { expression: `$steps.${step}.outputs.${name}` };
    if (values[name] !== undefined) return { literal: values[name] };
    this.inputs.add(name);
    return { expression: `$inputs.${name}` };
  }

  /** A whole placeholder is a bare expression; placeholders inside text are embedded as `{$...}`. */
  text(text: string, values: Record<string, string>): unknown {
    const whole = /^\{\{\s*([A-Za-z_$][\w.$-]*)\s*\}\}$/.exec(text);
    if (whole) {
      const v = this.value(whole[1], values);
      return v.expression ?? v.literal;
    }
    return text.replace(PLACEHOLDER, (_, name: string) => {
      const v = this.value(name, values);
      return v.expression ? `{${v.expression}}` : v.literal!;
    });
  }

  deep(value: unknown, values: Record<string, string>): unknown {
    if (typeof value === "string") return this.text(value, values);
    if (Array.isArray(value)) return value.map((v) => this.deep(v, values));
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.deep(v, values)]));
    }
    return value;
  }
}

/**
 * What the request fills each path parameter with, in order: the request
 * line's segment in the same place (`{{userId}}` or `:userId`, a literal, or
 * text around placeholders), aligned from the end so a base path in front
 * (`{{baseUrl}}/v1/...`) does not matter. The frontmatter's `:name` only says
 * where a parameter is: `path: /users/:id` with `GET {{baseUrl}}/users/{{userId}}`
 * sends `userId`. Undefined where the two disagree on a fixed segment.
 */
export function pathValues(path: string, target: string): (string | undefined)[] {
  const template = path.split("/").filter(Boolean);
  const requested = target.split(/[?#]/)[0]
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "")
    .replace(/^\{\{[^}]*\}\}/, "")
    .split("/").filter(Boolean);
  const names = template.filter((segment) => segment.startsWith(":"));
  if (requested.length < template.length) return names.map(() => undefined);
  const aligned = requested.slice(requested.length - template.length);
  const fixed = template.every((segment, i) => segment.startsWith(":") || segment === aligned[i]);
  if (!fixed) return names.map(() => undefined);
  return template.flatMap((segment, i) => {
    if (!segment.startsWith(":")) return [];
    const value = aligned[i];
    return [/^:[A-Za-z_]\w*$/.test(value) ? `{{${value.slice(1)}}}` : value];
  });
}

function queryPairs(target: string): [string, string][] {
  const query = target.split("?").slice(1).join("?").split("#")[0];
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, " "));
    } catch {
      return text;
    }
  };
  return (query ? query.split("&") : []).filter(Boolean).map((pair) => {
    const [name, ...rest] = pair.split("=");
    return [decode(name), decode(rest.join("="))];
  });
}

/**
 * An `Assert` line as a criterion. A `{{variable}}` operand is resolved as
 * request values are: a known value becomes a literal, a capture of an
 * earlier step a runtime expression (`== $steps.create.outputs.name`).
 */
function criterionOf(
  rule: AssertionRule,
  r: Resolver,
  values: Record<string, string>,
): Criterion | undefined {
  if (!rule.operand.includes("{{")) return assertionToCriterion(rule);
  const operand = rule.operand.trim().replace(/^"(.*)"$/, "$1");
  const whole = /^\{\{\s*([A-Za-z_$][\w.$-]*)\s*\}\}$/.exec(operand);
  if (!whole) return undefined;
  const v = r.value(whole[1], values);
  if (v.literal !== undefined) return assertionToCriterion({ ...rule, operand: v.literal });
  const context = contextOf(rule.path);
  return rule.operator === "equals" && context
    ? { condition: `${context} == ${v.expression}` }
    : undefined;
}

function stepOf(
  step: ArazzoStepInput,
  id: string,
  source: string,
  r: Resolver,
  warnings: string[],
): Obj {
  const { spec, values } = step;
  const out: Obj = { stepId: id, description: step.name };
  if (step.operation.operationId) out.operationId = step.operation.operationId;
  else {
    const pointer = step.operation.path.replace(/~/g, "~0").replace(/\//g, "~1");
    out.operationPath =
      `{$sourceDescriptions.${source}.url}#/paths/${pointer}/${step.operation.method.toLowerCase()}`;
  }
  const parameters: Obj[] = [];
  const filled = pathValues(spec.path, spec.request.target);
  [...spec.path.matchAll(/:([A-Za-z_]\w*)/g)].forEach((match, i) => {
    parameters.push({
      name: step.pathNames[i] ?? match[1],
      in: "path",
      value: r.text(filled[i] ?? `{{${match[1]}}}`, values),
    });
  });
  for (const [name, value] of queryPairs(spec.request.target)) {
    parameters.push({ name, in: "query", value: r.text(value, values) });
  }
  const headers = spec.request.headers.filter((h) => !SKIP_HEADERS.test(h.name));
  for (const h of headers) {
    const declared = step.headerNames?.find((n) => n.toLowerCase() === h.name.toLowerCase());
    parameters.push({ name: declared ?? h.name, in: "header", value: r.text(h.value, values) });
  }
  if (!headers.some((h) => /^authorization$/i.test(h.name))) {
    if (step.auth === "bearer") {
      parameters.push({
        name: "Authorization",
        in: "header",
        value: r.text("Bearer {{authToken}}", {}),
      });
    } else if (step.auth === "basic") {
      warnings.push(`Step "${step.name}": basic auth is left out; pass an Authorization header`);
    }
  }
  if (parameters.length) out.parameters = parameters;
  const body = spec.request.body;
  if (body.trim()) {
    const type = spec.request.headers.find((h) => /^content-type$/i.test(h.name))?.value;
    const json = parseTemplateJson(body);
    out.requestBody = {
      contentType: type ?? (json === undefined ? "text/plain" : "application/json"),
      payload: json !== undefined && (!type || /json/i.test(type))
        ? r.deep(json, values)
        : r.text(body, values),
    };
  }
  const criteria: unknown[] = [{ condition: statusCondition(spec.expected) }];
  for (const rule of step.asserts) {
    const criterion = criterionOf(rule, r, values);
    if (criterion) criteria.push(criterion);
    else {warnings.push(
        `Step "${step.name}": \`${rule.source}\` has no Arazzo form and is left out`,
      );}
  }
  out.successCriteria = criteria;
  if (step.captures.length) {
    out.outputs = Object.fromEntries(
      step.captures.map((c) => [c.variable, captureToExpression(c.expression)]),
    );
  }
  return out;
}

/**
 * @example
 * ```ts
 * import { toArazzo } from "./to_arazzo.ts";
 * const { document } = toArazzo({ title: "Shop", source: { name: "shop", url: "./shop.openapi.yaml" }, flows: [] });
 * document.arazzo; // "1.0.1"
 * ```
 */
export function toArazzo(input: ArazzoExportInput): { document: Obj; warnings: string[] } {
  const warnings: string[] = [];
  const usedWorkflows = new Set<string>();
  const workflows = input.flows.map((flow) => {
    let workflowId = arazzoId(flow.id, "workflow");
    for (let n = 2; usedWorkflows.has(workflowId); n++) {
      workflowId = `${arazzoId(flow.id, "workflow")}-${n}`;
    }
    usedWorkflows.add(workflowId);
    const r = new Resolver();
    const used = new Set<string>();
    const steps = flow.steps.map((step, i) => {
      const base = arazzoId(step.name, `step-${i + 1}`);
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      const out = stepOf(step, id, input.source.name, r, warnings);
      for (const c of step.captures) r.captured.set(c.variable, id);
      return out;
    });
    const workflow: Obj = { workflowId, summary: flow.title };
    if (flow.description) workflow.description = flow.description;
    if (r.inputs.size) {
      workflow.inputs = {
        type: "object",
        properties: Object.fromEntries(
          [...r.inputs].sort().map((name) => [name, { type: "string" }]),
        ),
      };
    }
    workflow.steps = steps;
    if (r.captured.size) {
      workflow.outputs = Object.fromEntries(
        [...r.captured].map(([name, step]) => [name, `$steps.${step}.outputs.${name}`]),
      );
    }
    return workflow;
  });
  return {
    document: {
      arazzo: ARAZZO_VERSION,
      info: { title: input.title, version: "1.0.0" },
      sourceDescriptions: [{ name: input.source.name, url: input.source.url, type: "openapi" }],
      workflows,
    },
    warnings,
  };
}

/** `$statusCode == 200`; alternatives joined by `||`, a range (`2XX`) as bounds. */
function statusCondition(block: ResponseBlock): string {
  const one = (alternative: string) =>
    /X/.test(alternative)
      ? `($statusCode >= ${alternative[0]}00 && $statusCode < ${Number(alternative[0]) + 1}00)`
      : `$statusCode == ${alternative}`;
  const alternatives = block.statuses ?? [String(block.status)];
  return alternatives.length === 1 && !/X/.test(alternatives[0])
    ? one(alternatives[0])
    : alternatives.map(one).join(" || ");
}
