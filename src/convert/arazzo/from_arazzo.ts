/**
 * `apispec import arazzo`: an Arazzo document's workflows as flows. Each
 * step's operation (operationId or operationPath in the OpenAPI document)
 * maps to the collection's endpoint file for it, or to a new one drafted by
 * the OpenAPI importer; success criteria become the expected status and
 * Assert lines, outputs become captures, and parameters fed by earlier
 * steps' outputs become captures named as the endpoint's variables.
 */
import { routeKey } from "../../engine/contract/path_match.ts";
import type { EndpointDraft } from "../../engine/render/spec_md.ts";
import { type FlowDraft, type FlowStepDraft, renderFlow } from "../../engine/render/flow_md.ts";
import { type Conversion, emptyConversion } from "../endpoint.ts";
import { asArray, isRecord } from "../data.ts";
import { fromOpenApi } from "../openapi/from_openapi.ts";
import { arazzoId } from "./to_arazzo.ts";
import { expressionToCapture } from "./expressions.ts";
import {
  criteria,
  deepPlaceholders,
  INPUT,
  nameDrafts,
  operationFinder,
  placeholderText,
  referencedOutputs,
  setQuery,
  setStatus,
  STEP_OUTPUT,
  stepName,
} from "./from_arazzo_parts.ts";

type Obj = Record<string, unknown>;

/** An endpoint file the collection already has. */
export interface ExistingEndpoint {
  /** Relative to the collection root: `apis/users/get-user.md`. */
  file: string;
  method: string;
  path: string;
  status: number;
  /** Query and header values as written, by parameter name (lower case for headers). */
  values: Record<string, string>;
}

export interface ArazzoImport {
  flows: { file: string; text: string }[];
  /** Endpoint files to write, for operations the collection has none for. */
  conversion: Conversion;
  warnings: string[];
  /** Problems that make the document unusable (exit 2). */
  errors: string[];
}

interface StepPlan {
  stepId: string;
  draft: FlowStepDraft;
}

/**
 * @example
 * ```ts
 * import { fromArazzo } from "./from_arazzo.ts";
 * const result = await fromArazzo({ arazzo: "1.0.1", workflows: [] }, { openapi: "3.1.0", paths: {} }, []);
 * result.flows.length; // 0
 * ```
 */
export async function fromArazzo(
  arazzo: Obj,
  openapi: Obj,
  existing: ExistingEndpoint[],
): Promise<ArazzoImport> {
  const warnings: string[] = [];
  const errors: string[] = [];
  const find = operationFinder(openapi);
  const existingByRoute = new Map(existing.map((e) => [routeKey(e.method, e.path), e]));
  const imported = await fromOpenApi(openapi);
  const drafts = new Map<string, EndpointDraft>();
  if (imported.ok) {
    for (const d of imported.conversion.endpoints) drafts.set(routeKey(d.method, d.path), d);
  }
  const conversion = emptyConversion(imported.ok ? imported.conversion.title : undefined);
  if (imported.ok) conversion.environments.push(...imported.conversion.environments);
  const newDrafts = new Map<string, EndpointDraft>();
  const flows: FlowDraft[] = [];
  /** Route of each new draft per step, resolved to a file name once all drafts are known. */
  const pendingFiles: { step: FlowStepDraft; draft: EndpointDraft }[] = [];
  for (const workflow of asArray(arazzo.workflows).filter(isRecord)) {
    const workflowId = typeof workflow.workflowId === "string" ? workflow.workflowId : "workflow";
    const plans: StepPlan[] = [];
    for (const [index, step] of asArray(workflow.steps).filter(isRecord).entries()) {
      const name = stepName(step, index);
      const stepId = typeof step.stepId === "string" ? step.stepId : `step-${index + 1}`;
      if (step.workflowId !== undefined) {
        warnings.push(
          `${workflowId}: step "${name}" runs workflow ${step.workflowId}; sub-workflows are left out`,
        );
        continue;
      }
      const op = find(step);
      if (!op) {
        errors.push(
          `${workflowId}: step "${name}" names operation ${
            step.operationId ?? step.operationPath ?? "(none)"
          }, which the OpenAPI document lacks`,
        );
        continue;
      }
      const key = routeKey(op.method, op.path);
      const known = existingByRoute.get(key);
      let draft = known ? undefined : newDrafts.get(key);
      if (!known && !draft) {
        const base = drafts.get(key);
        if (!base) {
          errors.push(`${workflowId}: step "${name}": ${op.method} ${op.path} cannot be imported`);
          continue;
        }
        draft = structuredClone(base);
        newDrafts.set(key, draft);
      }
      const flowStep: FlowStepDraft = {
        name,
        endpoint: known?.file ?? "",
        captures: [],
        injects: [],
        asserts: [],
      };
      if (draft) pendingFiles.push({ step: flowStep, draft });
      const { status, asserts } = criteria(step, name, warnings);
      if (status !== undefined) {
        if (draft && draft.expected.status !== status) setStatus(draft, status);
        else if (known && known.status !== status) flowStep.asserts.push(`status: ${status}`);
      }
      flowStep.asserts.push(...asserts);
      for (
        const [output, expression] of Object.entries(isRecord(step.outputs) ? step.outputs : {})
      ) {
        const capture = typeof expression === "string"
          ? expressionToCapture(expression)
          : undefined;
        if (capture && /^[A-Za-z_]\w*$/.test(output)) {
          flowStep.captures.push({ expression: capture, variable: output });
        } else {
          warnings.push(
            `Step "${name}": output ${output} (${String(expression)}) has no capture form`,
          );
        }
      }
      // Values fed by earlier steps: the endpoint reads them as its own variable names.
      const pathVars = [...(known?.path ?? draft!.path).matchAll(/:([A-Za-z_]\w*)|\{([^}]+)\}/g)]
        .map((m) => m[1] ?? m[2]);
      const opParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const alias = (variable: string, value: unknown) => {
        const ref = typeof value === "string" ? STEP_OUTPUT.exec(value) : null;
        if (!ref) return;
        const producer = plans.find((p) => p.stepId === ref[1]);
        const source = producer?.draft.captures.find((c) => c.variable === ref[2]);
        if (!producer || !source) {
          warnings.push(`Step "${name}": ${value} names no earlier capture`);
          return;
        }
        if (variable !== ref[2] && !producer.draft.captures.some((c) => c.variable === variable)) {
          producer.draft.captures.push({ expression: source.expression, variable });
        }
        if (!flowStep.injects.includes(variable)) flowStep.injects.push(variable);
      };
      for (const param of asArray(step.parameters).filter(isRecord)) {
        const pname = typeof param.name === "string" ? param.name : "";
        if (param.in === "path") {
          const variable = pathVars[opParams.indexOf(pname)] ?? pname;
          alias(variable, param.value);
          if (draft && !STEP_OUTPUT.test(String(param.value)) && !INPUT.test(String(param.value))) {
            draft.vars = { ...draft.vars, [variable]: placeholderText(param.value) };
          }
        } else if (param.in === "query" || param.in === "header") {
          const current = known?.values[param.in === "header" ? pname.toLowerCase() : pname];
          const variable = /^\{\{\s*([A-Za-z_]\w*)\s*\}\}$/.exec(current ?? "")?.[1] ?? pname;
          alias(variable, param.value);
          if (draft) {
            const text = STEP_OUTPUT.test(String(param.value))
              ? `{{${variable}}}`
              : placeholderText(param.value);
            if (param.in === "query") {
              draft.request.target = setQuery(draft.request.target, pname, text);
            } else {
              draft.request.headers = draft.request.headers.filter(([n]) =>
                n.toLowerCase() !== pname.toLowerCase()
              );
              draft.request.headers.push([pname, text]);
            }
          } else if (
            current !== undefined && current !== String(param.value) && !/^\{\{/.test(current) &&
            !STEP_OUTPUT.test(String(param.value))
          ) {
            warnings.push(`Step "${name}": ${param.in} ${pname} stays as ${known!.file} writes it`);
          }
        }
      }
      if (isRecord(step.requestBody) && step.requestBody.payload !== undefined) {
        for (const [producer, output] of referencedOutputs(step.requestBody.payload)) {
          alias(output, `$steps.${producer}.outputs.${output}`);
        }
        if (draft) {
          const payload = deepPlaceholders(step.requestBody.payload);
          draft.request.body = typeof payload === "string"
            ? payload
            : JSON.stringify(payload, null, 2);
          const type = typeof step.requestBody.contentType === "string"
            ? step.requestBody.contentType
            : "application/json";
          draft.request.headers = draft.request.headers.filter(([n]) => !/^content-type$/i.test(n));
          draft.request.headers.push(["Content-Type", type]);
        }
      }
      plans.push({ stepId, draft: flowStep });
    }
    flows.push({
      name: workflowId,
      title: typeof workflow.summary === "string" ? workflow.summary : workflowId,
      description: typeof workflow.description === "string"
        ? workflow.description.replace(/\s+/g, " ").trim()
        : undefined,
      steps: plans.map((p) => p.draft),
    });
  }
  const taken = new Set(existing.map((e) => e.file));
  const files = nameDrafts([...newDrafts.values()], taken);
  for (const { step, draft } of pendingFiles) step.endpoint = files.get(draft)!;
  conversion.endpoints.push(...newDrafts.values());
  return {
    flows: flows.map((flow) => ({
      file: `flows/${arazzoId(flow.name, "workflow")}.md`,
      text: renderFlow(flow),
    })),
    conversion,
    warnings,
    errors,
  };
}
