/**
 * One request of a load plan, resolved the way `exec` resolves it: the
 * caller puts stand-ins for run-time variables and secrets on top of the
 * variable layers, so they come out as holes (`partsOf`) the load engine
 * fills where it runs. Checks come from the expected response, the endpoint's
 * assertions and the step's `Assert` lines.
 */
import { type Issue, issue } from "../../engine/issue.ts";
import type { AssertionRule, AuthKind, EndpointSpec, FlowStep } from "../../engine/model.ts";
import { parseSegments, tryJson } from "../../engine/compare/json_path.ts";
import { buildExchange } from "../../engine/resolve/build.ts";
import { lookupVar, type VarLayer } from "../../engine/resolve/layers.ts";
import { substitute } from "../../engine/resolve/template.ts";
import { GENERATED_NAMES } from "../../engine/resolve/generated.ts";
import { statusText } from "../../engine/compare/status.ts";
import {
  captureSentinel,
  envSentinel,
  generatedSentinel,
  type LoadCapture,
  type LoadCheck,
  type LoadStep,
  partsOf,
  shapeChecks,
} from "./load_script.ts";

export interface RequestInput {
  spec: EndpointSpec;
  /** The record name: `Onboard › Create user`. */
  name: string;
  /** The variable layers, run-time stand-ins on top. */
  layers: VarLayer[];
  auth: AuthKind;
  env: string;
  /** The flow step that sends it (its captures and `Assert` lines). */
  step?: FlowStep;
}

/** The request, or the issues that keep it from being built (an undefined variable). */
export function loadRequest(input: RequestInput): { step?: LoadStep; issues: Issue[] } {
  const { spec, step } = input;
  const unsupported = notExportable(spec);
  if (unsupported) return { issues: [unsupported] };
  const basic = input.auth === "basic" &&
    !spec.request.headers.some((h) => h.name.toLowerCase() === "authorization");
  const layers = basic ? [credentialHoles(input.layers), ...input.layers] : input.layers;
  // Generated values are made where the script runs, fresh for each request; a value a
  // layer defines (`--var '$guid=…'`) still wins, as in a run.
  const built = buildExchange(spec, {
    layers: [...layers, GENERATED_HOLES],
    auth: input.auth,
    env: input.env,
  });
  if (!built.request) return { issues: built.issues };
  const request = built.request;
  const expected = built.expected!;

  const lookup = (variable: string) => lookupVar(layers, variable)?.value;
  // The Basic header built from the credentials' holes is rebuilt by the engine where it runs.
  const user = lookup("username") ?? "";
  const pass = lookup("password") ?? "";
  const isBasic = ([header, value]: [string, string]) =>
    basic && header.toLowerCase() === "authorization" &&
    value === `Basic ${btoa(`${user}:${pass}`)}`;
  const headers = request.headers.filter((h) => !isBasic(h));
  const checks: LoadCheck[] = [{ kind: "status", statuses: statusText(expected).split("|") }];
  for (const header of expected.headers) checks.push({ kind: "header", name: header.name });
  const expectedBody = tryJson(expected.body);
  if (spec.match !== "schema" && expected.body.trim() !== "" && expectedBody.ok) {
    checks.push(...shapeChecks(expectedBody.value));
  }
  const rules: AssertionRule[] = [
    ...built.assertions,
    ...(step?.asserts ?? []).map((a) => ({ ...a, operand: substitute(a.operand, lookup).text })),
  ];
  for (const rule of rules) checks.push({ kind: "rule", rule, operand: partsOf(rule.operand) });
  return {
    step: {
      name: input.name,
      method: request.method,
      url: partsOf(request.url),
      headers: headers.map(([header, value]) => ({ name: header, value: partsOf(value) })),
      ...(request.body === undefined ? {} : { body: partsOf(request.body) }),
      ...(headers.length < request.headers.length
        ? { basicAuth: { user: partsOf(user), pass: partsOf(pass) } }
        : {}),
      captures: (step?.captures ?? []).map((c) => captureOf(c.expression, c.variable)),
      checks,
    },
    issues: built.issues,
  };
}

const GENERATED_HOLES: VarLayer = {
  name: "capture",
  label: "the load engine, for each request",
  vars: Object.fromEntries(GENERATED_NAMES.map((name) => [name, generatedSentinel(name)])),
};

/**
 * `auth: basic` takes its credentials where the script runs, from
 * `APISPEC_USERNAME` and `APISPEC_PASSWORD`, as `auth: bearer` takes
 * `APISPEC_AUTH_TOKEN`: the environment's own values never go into the
 * script. A run-time variable of the same name (a capture) still wins.
 */
function credentialHoles(layers: VarLayer[]): VarLayer {
  const vars: Record<string, string> = {};
  for (const name of ["username", "password"]) {
    const current = lookupVar(layers, name)?.value;
    if (current !== captureSentinel(name)) vars[name] = envSentinel(name);
  }
  return { name: "capture", label: "the load engine's environment", vars };
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

/** Streams and file bodies have no load-script form here: said clearly, never sent wrong. */
function notExportable(spec: EndpointSpec): Issue | undefined {
  const what = spec.protocol === "sse" || spec.protocol === "ws"
    ? `protocol ${spec.protocol}`
    : spec.request.bodyFile || spec.request.form
    ? "a file or multipart body"
    : undefined;
  if (!what) return undefined;
  return issue("VALIDATION_ERROR", `Cannot export ${what} to a load test (${spec.file})`, {
    file: spec.file,
    line: spec.request.line,
    fix: "Load exports send HTTP and GraphQL requests with text bodies; export a flow without " +
      "this step, or load-test the stream with a tool made for it",
  });
}
