/**
 * The request of an API client (Postman, Insomnia, Bruno, `.http`, cURL) as
 * one shape, and its conversion to an `EndpointDraft`: URL split into
 * `{{baseUrl}}` and path, credentials made safe, saved examples as the
 * expected response, scripts kept for agents.
 */
import type { AuthKind, HttpMethod } from "../../engine/model.ts";
import type { DraftMessage, EndpointDraft } from "../../engine/render/spec_md.ts";
import { type Conversion, httpMethod, resourceFor, uniqueTags } from "../endpoint.ts";
import { isCredential, safeBody, safeHeader, safeValue } from "../credentials.ts";
import { asGraphqlDraft } from "../graphql/client_body.ts";
import {
  apiKeyDraft,
  type AuthDraft,
  awsDraft,
  digestDraft,
  oauth2Draft,
  type OAuth2Source,
} from "../auth_drafts.ts";
import type { AuthFields } from "../../engine/auth/types.ts";
import { percentEncoded } from "../../engine/text/percent.ts";

export type ClientAuth =
  | { kind: "none" }
  | { kind: "inherit" }
  | { kind: "bearer"; token?: string }
  | { kind: "basic"; username?: string; password?: string }
  | { kind: "apikey"; key: string; value?: string; in: "header" | "query" | "cookie" }
  | ({ kind: "oauth2" } & OAuth2Source)
  | { kind: "digest"; username?: string; password?: string }
  | {
    kind: "aws";
    region?: string;
    service?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    sessionToken?: string;
  }
  | { kind: "other"; type: string };

export interface ClientExample {
  name?: string;
  status: number;
  reason?: string;
  headers: [string, string][];
  body?: string;
}

export interface ClientRequest {
  name: string;
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
  auth?: ClientAuth;
  /** Folder names from the collection root down; they become tags. */
  folders?: string[];
  description?: string;
  /** Test or post-response scripts, kept as agent instructions. */
  tests?: string;
  examples?: ClientExample[];
  vars?: Record<string, string>;
}

/** `{{host}}/users/{{id}}?q=1` → origin `{{host}}`, path `/users/:id`. */
export function splitTarget(url: string): { origin: string; rest: string; path: string } {
  const trimmed = url.trim().replace(/\s*\n\s*/g, "");
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*|\{\{[^}]+\}\}(?=[/?#]|$))?([\s\S]*)$/i.exec(
    trimmed,
  )!;
  let origin = match[1] ?? "";
  let rest = match[2];
  if (!origin && !/^[/?#]/.test(rest) && rest !== "") {
    // `localhost:3000/x` or `example.com/x`: curl and clients assume http.
    const host = /^[^/?#]+/.exec(rest)![0];
    origin = `http://${host}`;
    rest = rest.slice(host.length);
  }
  if (rest === "" || rest.startsWith("?") || rest.startsWith("#")) rest = `/${rest}`;
  const pathPart = rest.split(/[?#]/)[0];
  const path = pathPart
    .replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_, name: string) => `:${name.replace(/\W+/g, "_")}`)
    .replace(/\/+$/, "") || "/";
  return { origin, rest, path: decodePath(path) };
}

function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function safeQuery(rest: string, where: string, conversion: Conversion): string {
  const q = rest.indexOf("?");
  if (q === -1) return rest;
  const query = rest.slice(q + 1).split("&").map((pair) => {
    const eq = pair.indexOf("=");
    if (eq === -1) return pair;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const safe = safeValue(name, value, `${where} query`, conversion.secrets);
    return safe === value ? pair : `${name}=${safe}`;
  }).join("&");
  return `${rest.slice(0, q)}?${query}`;
}

/** Spaces and other characters a request target cannot hold are escaped; placeholders stay. */
function targetText(text: string): string {
  return text.replace(
    /\{\{\s*([^}]*?)\s*\}\}|[\s"<>\\^`|]/gu,
    (m, name) => name !== undefined ? `{{${name.replace(/[^\w.$-]/g, "_")}}}` : percentEncoded(m),
  );
}

function authOf(
  request: ClientRequest,
  where: string,
  conversion: Conversion,
): {
  auth?: AuthKind;
  headers: [string, string][];
  query: [string, string][];
  fields?: AuthFields;
  vars?: Record<string, string>;
} {
  const auth = request.auth;
  const headers: [string, string][] = [];
  const query: [string, string][] = [];
  if (!auth || auth.kind === "inherit") return { headers, query };
  const settings = (draft: AuthDraft) => {
    conversion.warnings.push(...draft.warnings ?? []);
    return {
      auth: draft.auth,
      headers,
      query,
      ...(draft.fields ? { fields: draft.fields } : {}),
      ...(draft.vars ? { vars: draft.vars } : {}),
    };
  };
  switch (auth.kind) {
    case "none":
      return { auth: "none", headers, query };
    case "bearer":
      if (auth.token && auth.token.includes("{{")) {
        headers.push(["Authorization", `Bearer ${auth.token.trim()}`]);
      } else if (auth.token) {
        conversion.secrets.push({ where: `${where} bearer token`, variable: "authToken" });
      }
      return { auth: "bearer", headers, query };
    case "basic":
      if (auth.password && !auth.password.includes("{{")) {
        conversion.secrets.push({ where: `${where} basic auth password`, variable: "password" });
      }
      return { auth: "basic", headers, query };
    case "oauth2":
      return settings(oauth2Draft(auth, where, conversion.secrets));
    case "digest":
      return settings(digestDraft(auth, where, conversion.secrets));
    case "aws":
      return settings(awsDraft(auth, where, conversion.secrets));
    case "apikey": {
      const draft = apiKeyDraft(
        { name: auth.key, value: auth.value, in: auth.in },
        where,
        conversion.secrets,
      );
      if (draft) return settings(draft);
      const value = auth.value && !auth.value.includes("{{") && auth.value !== ""
        ? safeValue(`${auth.key}-key`, auth.value, where, conversion.secrets)
        : auth.value || `{{${auth.key.replace(/\W+/g, "_")}}}`;
      if (auth.in === "cookie") headers.push(["Cookie", `${auth.key}=${value}`]);
      else (auth.in === "query" ? query : headers).push([auth.key, value]);
      return { auth: "custom", headers, query };
    }
    case "other":
      conversion.warnings.push(
        `${where}: ${auth.type} authentication is not imported; set the header it needs by hand`,
      );
      return { auth: "custom", headers, query };
  }
}

/** Builds the draft, or adds a warning and returns undefined for a method apispec cannot run. */
export function clientDraft(
  request: ClientRequest,
  conversion: Conversion,
): EndpointDraft | undefined {
  const method = httpMethod(request.method);
  const label = `"${request.name || request.url}"`;
  if (!method) {
    conversion.warnings.push(`${label} uses method ${request.method}, which apispec cannot run`);
    return undefined;
  }
  if (!request.url.trim()) {
    conversion.warnings.push(`${label} has no URL and was left out`);
    return undefined;
  }
  const { origin, rest, path } = splitTarget(request.url);
  const where = `${method} ${path}`;
  const auth = authOf(request, where, conversion);
  let target = targetText(origin + safeQuery(rest, where, conversion));
  if (auth.query.length) {
    target += (target.includes("?") ? "&" : "?") +
      auth.query.map(([k, v]) => `${percentEncoded(k)}=${v}`).join("&");
  }
  const headers: [string, string][] = [...auth.headers];
  let kind = auth.auth;
  for (const [name, value] of request.headers) {
    if (auth.headers.some(([n]) => n.toLowerCase() === name.toLowerCase())) continue;
    const safe = safeHeader(name, value, where, conversion.secrets);
    if (safe.header) headers.push(safe.header);
    if (safe.auth) kind = safe.auth;
  }
  const tags = uniqueTags(request.folders ?? []);
  const example = request.examples?.find((e) => e.status >= 200 && e.status < 300) ??
    request.examples?.[0];
  const expected: DraftMessage & { status: number; reason?: string } = example
    ? {
      status: example.status,
      reason: example.reason,
      headers: example.headers.filter(([n]) => /^content-type$/i.test(n)),
      body: example.body
        ? safeBody(example.body, `${where} example`, conversion.secrets)
        : undefined,
    }
    : { status: 200, headers: [] };
  const errors = (request.examples ?? []).filter((e) => e !== example).map((e) => ({
    status: e.status,
    reason: e.reason,
    description: e.name,
    headers: e.headers.filter(([n]) => /^content-type$/i.test(n)),
    body: e.body ? safeBody(e.body, `${where} example`, conversion.secrets) : undefined,
  }));
  const vars = Object.fromEntries(
    Object.entries({ ...request.vars, ...auth.vars }).filter(([k, v]) => !isCredential(k, v)),
  );
  return asGraphqlDraft({
    title: request.name || `${method} ${path}`,
    description: request.description,
    resource: resourceFor(path, tags),
    method: method as HttpMethod,
    path,
    tags,
    ...(kind ? { auth: kind } : {}),
    ...(auth.fields ? { authFields: auth.fields } : {}),
    ...(Object.keys(vars).length ? { vars } : {}),
    request: {
      target,
      headers,
      body: request.body ? safeBody(request.body, where, conversion.secrets) : undefined,
    },
    expected,
    ...(errors.length ? { errorResponses: errors } : {}),
    ...(request.tests?.trim()
      ? {
        tests:
          `Port these checks from the original collection's test script:\n\n${request.tests.trim()}`,
      }
      : {}),
  });
}

/**
 * Absolute URLs that share the most common origin are rewritten to
 * `{{baseUrl}}/...`, and that origin becomes the `baseUrl` of the given
 * environment (unless the input already defines one).
 */
export function extractBaseUrl(conversion: Conversion, envName = "dev"): void {
  const counts = new Map<string, number>();
  for (const draft of conversion.endpoints) {
    const origin = /^https?:\/\/[^/?#]+/i.exec(draft.request.target)?.[0];
    if (origin) counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  const [origin] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!origin) return;
  for (const draft of conversion.endpoints) {
    if (
      draft.request.target.startsWith(origin) &&
      /^($|[/?#])/.test(draft.request.target.slice(origin.length))
    ) {
      draft.request.target = `{{baseUrl}}${draft.request.target.slice(origin.length) || "/"}`;
    }
  }
  let env = conversion.environments.find((e) => e.name === envName);
  if (!env) {
    env = { name: envName, vars: {} };
    conversion.environments.unshift(env);
  }
  env.vars.baseUrl ??= origin;
}

/** Environment variables: credentials are reported and left out of the template. */
export function safeEnvironment(
  name: string,
  vars: Record<string, string>,
  conversion: Conversion,
): void {
  const safe: Record<string, string> = {};
  for (const [key, value] of Object.entries(vars)) {
    if (isCredential(key, value)) {
      conversion.secrets.push({ where: `environment ${name}`, variable: key });
    } else if (/^[A-Za-z_$][\w.$-]*$/.test(key)) safe[key] = value;
  }
  const env = name.toLowerCase();
  const existing = conversion.environments.find((e) => e.name === env);
  if (existing) Object.assign(existing.vars, safe);
  else conversion.environments.push({ name: env, vars: safe });
}
