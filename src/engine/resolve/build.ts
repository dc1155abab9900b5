/**
 * Turns an endpoint spec and variable layers into a request ready to send,
 * the expected response and assertions with their placeholders filled, and
 * the variable report. Every unresolved variable is reported before anything
 * is sent.
 */
import { type Issue, issue } from "../issue.ts";
import type {
  AssertionRule,
  AuthKind,
  EndpointSpec,
  ExpectedEvent,
  HttpHeader,
  MessageStep,
  ProjectConfig,
  ResolvedRequest,
  ResponseBlock,
  VariableReportEntry,
} from "../model.ts";
import { envVariableFor, lookupVar, SECRET_NAME, secretValues, type VarLayer } from "./layers.ts";
import { addGraphqlHeaders, graphqlRequestBody } from "../graphql/request.ts";
import {
  type AuthPlan,
  authSecretVariableNames,
  authVariableNames,
  planAuth,
  planTransport,
  type TransportPlan,
  transportVariableNames,
} from "../auth/plan.ts";
import {
  type Entropy,
  GENERATED_NAMES,
  generator,
  isGenerated,
  unknownGenerated,
} from "./generated.ts";
import {
  type Lookup,
  pathParamNames,
  substitute,
  substitutePathParams,
  templateNames,
} from "./template.ts";

export interface BuildOptions {
  layers: VarLayer[];
  /** Effective auth kind (the endpoint's, else the project default). */
  auth: AuthKind;
  /** Environment name, for hints. */
  env: string;
  /** The project's auth blocks (`oauth2:`, `apiKey:`, `aws:`), `tls:` and `proxy:`. */
  project?: AuthProject;
  /**
   * What this request's generated values (`{{$guid}}`...) are made from;
   * without it (dry runs, exports) they stay placeholders.
   */
  entropy?: Entropy;
}

export type AuthProject = Pick<ProjectConfig, "oauth2" | "apiKey" | "aws" | "tls" | "proxy">;
const NO_PROJECT: AuthProject = {};

export interface BuiltExchange {
  request?: ResolvedRequest;
  expected?: ResponseBlock;
  /** `## Expected events` with placeholders filled. */
  events?: ExpectedEvent[];
  /** The `## Messages` script with placeholders filled. */
  messages?: MessageStep[];
  assertions: AssertionRule[];
  variables: VariableReportEntry[];
  issues: Issue[];
  /** Values to mask in every output. */
  secrets: string[];
  /** What the auth kind does while sending (OAuth 2.0, digest, AWS SigV4). */
  auth?: AuthPlan;
  /** `tls:` and `proxy:` of the project, resolved. */
  transport?: TransportPlan;
}

/** Variables the auth kind and the transport settings need besides those written in the file. */
function authVariables(spec: EndpointSpec, auth: AuthKind, project: AuthProject): string[] {
  return [...authVariableNames(spec, auth, project), ...transportVariableNames(project)];
}

type UsedVariable = { name: string; kind: "template" | "path_param" };

// A spec is sent many times in a flow or a data-driven run; what it uses does not change
// (nor does the project's auth, an object per loaded collection).
const usedMemo = new WeakMap<
  AuthProject,
  WeakMap<EndpointSpec, Map<AuthKind, readonly Readonly<UsedVariable>[]>>
>();

/** Every variable an endpoint uses, with its kind, in order of first use (shared: read only). */
export function usedVariables(
  spec: EndpointSpec,
  auth: AuthKind,
  project: AuthProject = NO_PROJECT,
): readonly Readonly<UsedVariable>[] {
  let bySpec = usedMemo.get(project);
  if (!bySpec) usedMemo.set(project, bySpec = new WeakMap());
  let byAuth = bySpec.get(spec);
  if (!byAuth) bySpec.set(spec, byAuth = new Map());
  let used = byAuth.get(auth);
  if (!used) {
    byAuth.set(
      auth,
      used = Object.freeze(findUsedVariables(spec, auth, project).map((v) => Object.freeze(v))),
    );
  }
  return used;
}

function findUsedVariables(
  spec: EndpointSpec,
  auth: AuthKind,
  project: AuthProject,
): UsedVariable[] {
  const texts = [
    spec.request.target,
    ...spec.request.headers.flatMap((h) => [h.name, h.value]),
    spec.request.body,
    ...spec.expected.headers.map((h) => h.value),
    spec.expected.body,
    ...spec.assertions.map((a) => a.operand),
    ...(spec.events?.expected.flatMap((e) => [e.event ?? "", e.id ?? "", e.data]) ?? []),
    ...(spec.messages?.steps.map((step) => step.kind === "close" ? "" : step.text) ?? []),
    spec.graphql?.variables?.text ?? "",
  ];
  const used = new Map<string, "template" | "path_param">();
  for (const text of texts) {
    for (const name of templateNames(text)) if (!used.has(name)) used.set(name, "template");
  }
  if (spec.request.target.startsWith("/") && !used.has("baseUrl")) used.set("baseUrl", "template");
  for (const name of pathParamNames(spec.request.target)) {
    if (!used.has(name)) used.set(name, "path_param");
  }
  for (const name of authVariables(spec, auth, project)) {
    if (!used.has(name)) used.set(name, "template");
  }
  return [...used].map(([name, kind]) => ({ name, kind }));
}

/** How to define a missing variable, naming every source. */
export function missingHint(name: string, env: string): string {
  const meant = unknownGenerated(name);
  if (meant !== undefined) {
    return `${meant ? `Did you mean {{${meant}}}? ` : ""}apispec generates ${
      GENERATED_NAMES.map((n) => `{{${n}}}`).join(", ")
    }; define any other value with --var or in env.md`;
  }
  const variable = envVariableFor(name);
  return `Define "${name}": --var ${name}=<value>, a \`${name}: <value>\` line under ## ${env} in ` +
    `api-docs/_shared/env.md, ${name}=<value> in .env.local, ` +
    (variable
      ? `vars: in the frontmatter, or the environment variable ${variable}`
      : `or vars: in the frontmatter (no APISPEC_* variable fills "${name}": only lowerCamel ` +
        "and lower_snake names have one)");
}

/** The variable report of SPEC.md for one endpoint. */
export function reportVariables(spec: EndpointSpec, options: BuildOptions): VariableReportEntry[] {
  const credentials = new Set(
    authSecretVariableNames(spec, options.auth, options.project ?? NO_PROJECT),
  );
  return usedVariables(spec, options.auth, options.project).map(({ name, kind }) => {
    const secret = credentials.has(name) || SECRET_NAME.test(name) ? { secret: true as const } : {};
    const hit = lookupVar(options.layers, name);
    if (hit) return { name, kind, resolved: true, source: hit.source, ...secret };
    if (isGenerated(name)) return { name, kind, resolved: true, source: "generated per request" };
    return { name, kind, resolved: false, hint: missingHint(name, options.env), ...secret };
  });
}

/**
 * Resolves an endpoint for sending. The variable report is built on first
 * read of `variables`: a run that resolves every variable shows it only when
 * asked, and a flow or batch sends thousands.
 */
export function buildExchange(spec: EndpointSpec, options: BuildOptions): BuiltExchange {
  const resolvesAll = usedVariables(spec, options.auth, options.project).every(({ name }) =>
    lookupVar(options.layers, name) !== undefined || isGenerated(name)
  );
  const secrets = secretValues(options.layers);
  if (!resolvesAll) return unresolved(spec, options, secrets);
  let report: VariableReportEntry[] | undefined;
  const built = fillExchange(spec, options, secrets);
  return {
    ...built,
    get variables() {
      return report ??= reportVariables(spec, options);
    },
  };
}

/** The report and one VAR_MISSING issue per variable that no source defines; nothing to send. */
function unresolved(spec: EndpointSpec, options: BuildOptions, secrets: string[]): BuiltExchange {
  const variables = reportVariables(spec, options);
  const issues = variables.filter((v) => !v.resolved).map((entry) =>
    issue(
      "VAR_MISSING",
      `Variable "${entry.name}" is not defined for environment "${options.env}"`,
      {
        file: spec.file,
        ...locateVariable(spec, entry.name),
        fix: entry.hint,
      },
    )
  );
  return { assertions: [], variables, issues, secrets };
}

/** Fills every placeholder; the request only when the result is valid. */
function fillExchange(
  spec: EndpointSpec,
  options: BuildOptions,
  secrets: string[],
): Omit<BuiltExchange, "variables"> {
  const issues: Issue[] = [];
  // A value defined in a layer wins over the generated one (`--var '$guid=…'` pins it).
  const generated = generator(options.entropy);
  const lookup: Lookup = (name) => lookupVar(options.layers, name)?.value ?? generated(name);
  const nested = new Set<string>();
  // A dry run's generated values are their own placeholders: shown, not refused as nested.
  const addNested = (names: string[]) =>
    names.filter((n) => options.entropy || !isGenerated(n)).forEach((n) => nested.add(n));
  const fill = (text: string) => {
    const result = substitute(text, lookup);
    addNested(result.nested);
    return result.text;
  };
  const fillHeaders = (headers: HttpHeader[]) =>
    headers.map((h) => ({ ...h, name: fill(h.name), value: fill(h.value) }));

  const pathFilled = substitutePathParams(spec.request.target, lookup);
  addNested(pathFilled.nested);
  let url = fill(pathFilled.text);
  if (spec.request.target.startsWith("/")) url = joinBase(lookup("baseUrl")!, url);
  const headers = fillHeaders(spec.request.headers);
  const body = fill(spec.request.body);
  const expected = {
    ...spec.expected,
    headers: fillHeaders(spec.expected.headers),
    body: fill(spec.expected.body),
    ...(spec.expected.bodyFile
      ? { bodyFile: { ...spec.expected.bodyFile, path: fill(spec.expected.bodyFile.path) } }
      : {}),
  };
  const assertions = spec.assertions.map((a) => ({ ...a, operand: fill(a.operand) }));
  const events = spec.events?.expected.map((e) => ({
    ...e,
    ...(e.event !== undefined ? { event: fill(e.event) } : {}),
    ...(e.id !== undefined ? { id: fill(e.id) } : {}),
    data: fill(e.data),
  }));
  const messages = spec.messages?.steps.map((step) =>
    step.kind === "close" ? step : { ...step, text: fill(step.text) }
  );
  const graphqlBody = spec.graphql ? graphqlRequestBody(spec.graphql, lookup) : undefined;

  for (const name of nested) {
    issues.push(
      issue("VALIDATION_ERROR", `Variable "${name}" resolves to a value that holds {{...}}`, {
        file: spec.file,
        ...locateVariable(spec, name),
        fix:
          "Resolution is single-pass: give the variable its final value instead of another placeholder",
      }),
    );
  }
  try {
    const parsed = new URL(url);
    const schemes = spec.protocol === "ws"
      ? ["http:", "https:", "ws:", "wss:"]
      : ["http:", "https:"];
    if (!schemes.includes(parsed.protocol)) throw new Error("not http(s)");
  } catch {
    // A flow dry run stands `__capture_<name>__` in for captured values; a URL built
    // from one (`{{baseUrl}}{{userUrl}}`) is known only in a real run.
    if (!DRY_RUN_CAPTURE.test(url)) {
      issues.push(issue("VALIDATION_ERROR", `Request URL "${url}" is not a valid http(s) URL`, {
        file: spec.file,
        line: spec.request.line,
        fix: "Check baseUrl in the environment file: it must start with http:// or https://",
      }));
    }
  }
  if (issues.length > 0) return { assertions, issues, secrets };

  const requestHeaders: [string, string][] = headers.map((h) => [h.name, h.value]);
  if (graphqlBody !== undefined) addGraphqlHeaders(requestHeaders);
  const authorization = authorizationFor(spec, options.auth, lookup);
  if (authorization) requestHeaders.push(["Authorization", authorization]);
  const project = options.project ?? NO_PROJECT;
  const planned = planAuth(spec, options.auth, project, lookup);
  if (planned.issues.length > 0) return { assertions, issues: planned.issues, secrets };
  if (planned.apiKey) url = placeApiKey(planned.apiKey, requestHeaders, url);
  const transport = planTransport(project, lookup);
  return {
    secrets: authorizationSecrets(requestHeaders, [...secrets, ...planned.secrets]),
    request: {
      method: spec.request.method,
      url,
      headers: requestHeaders,
      ...(graphqlBody !== undefined ? { body: graphqlBody } : fileBody(spec, fill, body)),
    },
    expected,
    assertions,
    ...(events ? { events } : {}),
    ...(messages ? { messages } : {}),
    issues,
    ...(planned.plan ? { auth: planned.plan } : {}),
    ...(transport ? { transport } : {}),
  };
}

/** Puts the API key where `apiKey.in` says; returns the URL (changed for `query`). */
function placeApiKey(
  key: { in: "header" | "query" | "cookie"; name: string; value: string },
  headers: [string, string][],
  url: string,
): string {
  if (key.in === "header") headers.push([key.name, key.value]);
  else if (key.in === "cookie") {
    const at = headers.findIndex(([name]) => name.toLowerCase() === "cookie");
    const pair = `${key.name}=${key.value}`;
    if (at < 0) headers.push(["Cookie", pair]);
    else headers[at] = [headers[at][0], `${headers[at][1]}; ${pair}`];
  } else {
    const parsed = new URL(url);
    parsed.searchParams.append(key.name, key.value);
    return parsed.toString();
  }
  return url;
}

/**
 * The Authorization value as sent is a secret wherever the API echoes it,
 * whole or its credential alone (a Basic header's base64 included).
 */
function authorizationSecrets(headers: [string, string][], secrets: string[]): string[] {
  const more = new Set(secrets);
  for (const [name, value] of headers) {
    if (!/^(?:proxy-)?authorization$/i.test(name)) continue;
    const credential = value.replace(/^\s*[\w-]+\s+(?=\S)/, "").trim();
    for (const secret of [value.trim(), credential]) {
      if (secret.length >= 4 && !secret.includes("{{")) more.add(secret);
    }
  }
  return [...more];
}

const DRY_RUN_CAPTURE = /__capture_\w+__/;

/** The body to send: text, a file's bytes (`< ./file`) or multipart parts, placeholders filled. */
function fileBody(
  spec: EndpointSpec,
  fill: (text: string) => string,
  body: string,
): Pick<ResolvedRequest, "body" | "bodyFile" | "form"> {
  const { bodyFile, form } = spec.request;
  if (bodyFile) return { bodyFile: fill(bodyFile.path) };
  if (form) {
    return {
      form: form.map(({ line: _line, ...part }) => ({
        ...part,
        name: fill(part.name),
        ...(part.value !== undefined ? { value: fill(part.value) } : {}),
        ...(part.file !== undefined ? { file: fill(part.file) } : {}),
      })),
    };
  }
  return { body: body === "" ? undefined : body };
}

function authorizationFor(spec: EndpointSpec, auth: AuthKind, lookup: Lookup): string | undefined {
  if (auth !== "bearer" && auth !== "basic") return undefined;
  if (authVariableNames(spec, auth, NO_PROJECT).length === 0) return undefined;
  if (auth === "bearer") return `Bearer ${lookup("authToken")}`;
  if (auth === "basic") return `Basic ${btoa(`${lookup("username")}:${lookup("password")}`)}`;
  return undefined;
}

/** `http://h/v1` + `/users` → `http://h/v1/users`: the base keeps its path. */
export function joinBase(base: string, path: string): string {
  return base.replace(/\/+$/, "") + path;
}

/** Line and column of a variable's first use in the request block (the request line when not found). */
function locateVariable(spec: EndpointSpec, name: string): { line: number; column?: number } {
  const escaped = name.replace(/[.*+?^${}()|[\]\\$]/g, "\\$&");
  const token = new RegExp(`\\{\\{\\s*${escaped}\\s*\\}\\}|/:${escaped}\\b`);
  const requestLine = `${spec.request.method} ${spec.request.target}`;
  const inTarget = token.exec(requestLine);
  if (inTarget) {
    return {
      line: spec.request.line,
      column: inTarget.index + (inTarget[0].startsWith("/") ? 2 : 1),
    };
  }
  for (const header of spec.request.headers) {
    const text = `${header.name}: ${header.value}`;
    const hit = token.exec(text);
    if (hit && header.line) return { line: header.line, column: hit.index + 1 };
  }
  return { line: spec.request.line };
}
