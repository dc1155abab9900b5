/**
 * Builds the load plan of a flow, an endpoint file or a folder: every request
 * resolved for the environment the way `exec` resolves it, except that a
 * flow's captures and secret-named variables stay holes the load engine
 * fills where it runs (secrets never land in the script).
 */
import type { Issue } from "../engine/issue.ts";
import { issue } from "../engine/issue.ts";
import type { EndpointSpec, FlowStep } from "../engine/model.ts";
import { parseFlow } from "../engine/parse/flow.ts";
import { parseSegments } from "../engine/compare/json_path.ts";
import { tryJson } from "../engine/compare/json_path.ts";
import { buildExchange, usedVariables } from "../engine/resolve/build.ts";
import { CLI_ORDER, lookupVar, SECRET_NAME } from "../engine/resolve/layers.ts";
import { substitute } from "../engine/resolve/template.ts";
import { scanSecrets } from "../engine/secrets/scan.ts";
import {
  captureSentinel,
  envSentinel,
  type LoadCapture,
  type LoadCheck,
  type LoadScenario,
  type LoadStep,
  partsOf,
  shapeChecks,
} from "../convert/load_script.ts";
import { readTextSync } from "../adapters/fs.ts";
import type { OpsContext } from "../adapters/system.ts";
import { buildLayers, type Collection, displayPath } from "../ops/collection/load.ts";
import { resolveStepPath } from "../ops/collection/validate.ts";
import { loadEndpoint } from "../ops/run/exec.ts";

export interface PlanContext {
  collection: Collection;
  env: string;
  cli: Record<string, string>;
  ctx: OpsContext;
}

/** One request of a scenario; `captured` names the captures earlier steps made. */
function loadStep(
  spec: EndpointSpec,
  name: string,
  pc: PlanContext,
  captured: Set<string>,
  step?: FlowStep,
): { step?: LoadStep; issues: Issue[] } {
  const auth = spec.auth ?? pc.collection.config.auth;
  const holes: Record<string, string> = {};
  for (const { name: variable } of usedVariables(spec, auth)) {
    if (captured.has(variable)) holes[variable] = captureSentinel(variable);
    else if (SECRET_NAME.test(variable)) holes[variable] = envSentinel(variable);
  }
  for (const variable of captured) holes[variable] ??= captureSentinel(variable);
  const layers = buildLayers(
    pc.collection,
    pc.env,
    { captures: holes, cli: pc.cli, frontmatter: spec.vars },
    CLI_ORDER,
    ["APISPEC_"],
    pc.ctx.env,
  );
  const built = buildExchange(spec, { layers, auth, env: pc.env });
  if (!built.request) return { issues: built.issues };
  const request = built.request;

  // Basic auth built from two holes is rebuilt by the engine where it runs.
  const basic = `Basic ${btoa(`${envSentinel("username")}:${envSentinel("password")}`)}`;
  const isBasic = ([header, value]: [string, string]) =>
    header.toLowerCase() === "authorization" && value === basic;
  const headers = request.headers.filter((h) => !isBasic(h));
  const checks: LoadCheck[] = [{ kind: "status", status: built.expected!.status }];
  for (const header of built.expected!.headers) checks.push({ kind: "header", name: header.name });
  const expectedBody = tryJson(built.expected!.body);
  if (spec.match !== "schema" && built.expected!.body.trim() !== "" && expectedBody.ok) {
    checks.push(...shapeChecks(expectedBody.value));
  }
  const lookup = (variable: string) => lookupVar(layers, variable)?.value;
  const rules = [
    ...built.assertions,
    ...(step?.asserts ?? []).map((a) => ({ ...a, operand: substitute(a.operand, lookup).text })),
  ];
  for (const rule of rules) checks.push({ kind: "rule", rule, operand: partsOf(rule.operand) });
  return {
    step: {
      name,
      method: request.method,
      url: partsOf(request.url),
      headers: headers.map(([header, value]) => ({ name: header, value: partsOf(value) })),
      ...(request.body === undefined ? {} : { body: partsOf(request.body) }),
      ...(headers.length < request.headers.length
        ? {
          basicAuth: {
            user: partsOf(envSentinel("username")),
            pass: partsOf(envSentinel("password")),
          },
        }
        : {}),
      captures: (step?.captures ?? []).map((c) => captureOf(c.expression, c.variable)),
      checks,
    },
    issues: built.issues,
  };
}

/** `response.body.items[0].id` → a body path; `response.headers.location` → a header. */
function captureOf(expression: string, variable: string): LoadCapture {
  const path = expression.replace(/^response\./, "");
  if (path === "status") return { variable, from: "status", path: [] };
  if (path.startsWith("headers.")) {
    return { variable, from: "header", path: [], header: path.slice("headers.".length) };
  }
  return { variable, from: "body", path: parseSegments(path.slice("body".length)) };
}

/** A flow as one scenario; every step file must read, scan and parse. */
export async function flowScenario(
  path: string,
  pc: PlanContext,
): Promise<{ scenario?: LoadScenario; issues: Issue[] }> {
  const file = displayPath(path, pc.ctx.cwd);
  const read = readTextSync(path);
  if (!read.ok) {
    const missing = read.error instanceof Deno.errors.NotFound;
    return {
      issues: [issue(
        missing ? "USAGE" : "ENGINE_ERROR",
        missing ? `Flow file ${file} does not exist` : `Cannot read ${file}: ${read.error.message}`,
        {
          file,
          fix: missing
            ? "Check the path; paths may be relative to the working folder or to api-docs/"
            : "Check the file's permissions",
        },
      )],
    };
  }
  const parsed = parseFlow(read.text, file);
  const issues = [...scanSecrets(read.text, file), ...parsed.issues];
  if (!parsed.flow || issues.some((i) => i.severity === "error")) return { issues };
  const captured = new Set<string>();
  const steps: LoadStep[] = [];
  for (const step of parsed.flow.steps) {
    const loaded = await loadEndpoint(
      resolveStepPath(step.endpoint, path, pc.collection.root),
      pc.ctx,
    );
    issues.push(...loaded.issues);
    if (!loaded.spec) continue;
    const built = loadStep(loaded.spec, step.name, pc, captured, step);
    issues.push(...built.issues);
    if (built.step) steps.push(built.step);
    for (const c of step.captures) captured.add(c.variable);
  }
  return { scenario: { name: parsed.flow.title, source: file, steps }, issues };
}

/** An endpoint file as a one-request scenario. */
export async function endpointScenario(
  path: string,
  pc: PlanContext,
): Promise<{ scenario?: LoadScenario; issues: Issue[] }> {
  const loaded = await loadEndpoint(path, pc.ctx);
  if (!loaded.spec || loaded.issues.some((i) => i.severity === "error")) {
    return { issues: loaded.issues };
  }
  const built = loadStep(loaded.spec, loaded.spec.title, pc, new Set());
  return {
    scenario: built.step
      ? { name: loaded.spec.title, source: loaded.file, steps: [built.step] }
      : undefined,
    issues: [...loaded.issues, ...built.issues],
  };
}
