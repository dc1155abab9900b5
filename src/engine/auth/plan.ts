/**
 * What an endpoint's auth kind needs and does, decided before anything is
 * sent: the variables it reads (so a missing one is VAR_MISSING up front),
 * the API key it adds to the request, and the plan of the kinds that act
 * while sending (OAuth 2.0 tokens, digest challenges, AWS signatures), with
 * every placeholder resolved.
 */
import { type Issue, issue } from "../issue.ts";
import type { AuthKind, EndpointSpec, ProjectConfig } from "../model.ts";
import { type Lookup, substitute, templateNames } from "../resolve/template.ts";
import type { AuthFields, OAuth2Grant, OAuth2Settings, TlsSettings } from "./settings.ts";

/** The OAuth 2.0 settings of one request, placeholders resolved. */
export interface ResolvedOAuth2 {
  grant: OAuth2Grant;
  tokenUrl: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  params: Record<string, string>;
  clientAuth: "basic" | "body";
  username?: string;
  password?: string;
  authUrl?: string;
  refreshToken?: string;
}

export type AuthPlan =
  | { kind: "oauth2"; oauth2: ResolvedOAuth2 }
  | { kind: "digest"; username: string; password: string }
  | {
    kind: "aws-sigv4";
    region: string;
    service: string;
    accessKeyId: string;
    secretAccessKey: string;
    sessionToken?: string;
  };

/** TLS and proxy settings of one request, placeholders resolved (paths as written). */
export interface TransportPlan {
  tls?: TlsSettings;
  proxy?: string;
}

/** The variables `aws-sigv4` reads; `AWS_*` environment variables fill them too. */
export const AWS_VARIABLES = {
  awsAccessKeyId: "AWS_ACCESS_KEY_ID",
  awsSecretAccessKey: "AWS_SECRET_ACCESS_KEY",
  awsSessionToken: "AWS_SESSION_TOKEN",
} as const;

const DEFAULT_API_KEY = { in: "header", name: "X-API-Key" } as const;

/** The project's `oauth2:` with the endpoint's fields over it. */
export function mergedOAuth2(spec: AuthFields, project: AuthFields): OAuth2Settings {
  return {
    ...project.oauth2,
    ...spec.oauth2,
    ...(project.oauth2?.params || spec.oauth2?.params
      ? { params: { ...project.oauth2?.params, ...spec.oauth2?.params } }
      : {}),
  };
}

/** The endpoint's `apiKey:`, `aws:` over the project's. */
function merged<K extends "apiKey" | "aws">(key: K, spec: AuthFields, project: AuthFields) {
  return { ...project[key], ...spec[key] } as NonNullable<AuthFields[K]>;
}

/** Whether the request block sets a header itself (then auth adds nothing). */
export function setsHeader(spec: EndpointSpec, name: string): boolean {
  const lower = name.toLowerCase();
  return spec.request.headers.some((h) => h.name.toLowerCase() === lower);
}

/** Whether the auth kind acts: not when the request block sets the header it would set. */
export function authApplies(
  spec: EndpointSpec,
  auth: AuthKind,
  project: Pick<ProjectConfig, "apiKey">,
): boolean {
  if (auth === "none" || auth === "custom") return false;
  if (auth === "apikey") {
    const apiKey = merged("apiKey", spec, project);
    return (apiKey.in ?? "header") !== "header" ||
      !setsHeader(spec, apiKey.name ?? DEFAULT_API_KEY.name);
  }
  return !setsHeader(spec, "authorization");
}

/**
 * The variables an auth kind reads besides those written in the file.
 *
 * @example
 * ```ts
 * import { authVariableNames } from "./plan.ts";
 * const spec = { request: { headers: [] } } as never;
 * authVariableNames(spec, "digest", {}); // ["username", "password"]
 * ```
 */
export function authVariableNames(
  spec: EndpointSpec,
  auth: AuthKind,
  project: Pick<ProjectConfig, "oauth2" | "apiKey" | "aws">,
): string[] {
  return authVariables(spec, auth, project).map((v) => v.name);
}

/**
 * The variables among `authVariableNames` that hold credentials (a client
 * secret, a password, a token, an API key, an AWS secret), whatever their
 * names: a report shows them masked.
 *
 * @example
 * ```ts
 * import { authSecretVariableNames } from "./plan.ts";
 * const spec = { request: { headers: [] } } as never;
 * authSecretVariableNames(spec, "oauth2", { oauth2: { clientSecret: "{{shopKey}}" } }); // ["shopKey"]
 * ```
 */
export function authSecretVariableNames(
  spec: EndpointSpec,
  auth: AuthKind,
  project: Pick<ProjectConfig, "oauth2" | "apiKey" | "aws">,
): string[] {
  return authVariables(spec, auth, project).filter((v) => v.secret).map((v) => v.name);
}

/** The `oauth2:` fields that hold credentials. */
const OAUTH2_SECRETS = new Set(["clientSecret", "password", "refreshToken"]);

/** Each variable an auth kind reads, once, and whether it holds a credential. */
function authVariables(
  spec: EndpointSpec,
  auth: AuthKind,
  project: Pick<ProjectConfig, "oauth2" | "apiKey" | "aws">,
): { name: string; secret: boolean }[] {
  if (!authApplies(spec, auth, project)) return [];
  const read: [string, boolean][] = [];
  const plain = (text: string) => templateNames(text).forEach((name) => read.push([name, false]));
  switch (auth) {
    case "bearer":
      read.push(["authToken", true]);
      break;
    case "basic":
    case "digest":
      read.push(["username", false], ["password", true]);
      break;
    case "apikey":
      read.push(["apiKey", true]);
      plain(merged("apiKey", spec, project).name ?? "");
      break;
    case "aws-sigv4": {
      const aws = merged("aws", spec, project);
      read.push(["awsAccessKeyId", false], ["awsSecretAccessKey", true]);
      plain(`${aws.region ?? ""} ${aws.service ?? ""}`);
      break;
    }
    case "oauth2": {
      const oauth2 = mergedOAuth2(spec, project);
      for (const [key, value] of Object.entries(oauth2)) {
        const texts = key === "params" ? Object.values(value as Record<string, string>) : [value];
        for (const text of texts) {
          for (const name of templateNames(String(text))) {
            read.push([name, OAUTH2_SECRETS.has(key)]);
          }
        }
      }
      if (oauth2.grant === "refresh_token" && oauth2.refreshToken === undefined) {
        read.push(["refreshToken", true]);
      }
      break;
    }
  }
  const variables = new Map<string, boolean>();
  for (const [name, secret] of read) variables.set(name, secret || variables.get(name) === true);
  return [...variables].map(([name, secret]) => ({ name, secret }));
}

/** The variables `tls:` and `proxy:` read. */
export function transportVariableNames(project: Pick<ProjectConfig, "tls" | "proxy">): string[] {
  const tls = project.tls;
  const texts = [...(tls?.ca ?? []), tls?.cert ?? "", tls?.key ?? "", project.proxy ?? ""];
  return [...new Set(texts.flatMap(templateNames))];
}

/** Resolves `tls:` and `proxy:`; undefined when the project sets neither. */
export function planTransport(
  project: Pick<ProjectConfig, "tls" | "proxy">,
  lookup: Lookup,
): TransportPlan | undefined {
  if (!project.tls && !project.proxy) return undefined;
  const fill = (text: string) => substitute(text, lookup).text;
  const plan: TransportPlan = {};
  if (project.tls) {
    const { ca, cert, key, insecure } = project.tls;
    plan.tls = {
      ...(ca ? { ca: ca.map(fill) } : {}),
      ...(cert ? { cert: fill(cert) } : {}),
      ...(key ? { key: fill(key) } : {}),
      ...(insecure !== undefined ? { insecure } : {}),
    };
  }
  if (project.proxy) plan.proxy = fill(project.proxy);
  return plan;
}

export interface PlannedAuth {
  plan?: AuthPlan;
  /** API key placement: a header to add, a query parameter, or a cookie. */
  apiKey?: { in: "header" | "query" | "cookie"; name: string; value: string };
  issues: Issue[];
  /** Resolved values to mask (client secret, password, refresh token, AWS secret). */
  secrets: string[];
}

/**
 * Resolves the auth kinds that act while sending. Every variable is known
 * to resolve (the caller reported missing ones first); a required field the
 * settings lack is an issue naming it.
 */
export function planAuth(
  spec: EndpointSpec,
  auth: AuthKind,
  project: Pick<ProjectConfig, "oauth2" | "apiKey" | "aws">,
  lookup: Lookup,
): PlannedAuth {
  const fill = (text: string) => substitute(text, lookup).text;
  if (!authApplies(spec, auth, project)) return { issues: [], secrets: [] };
  switch (auth) {
    case "digest":
      return {
        plan: { kind: "digest", username: lookup("username")!, password: lookup("password")! },
        issues: [],
        secrets: [lookup("password")!],
      };
    case "apikey": {
      const settings = merged("apiKey", spec, project);
      const value = lookup("apiKey")!;
      return {
        apiKey: {
          in: settings.in ?? DEFAULT_API_KEY.in,
          name: fill(settings.name ?? DEFAULT_API_KEY.name),
          value,
        },
        issues: [],
        secrets: [value],
      };
    }
    case "aws-sigv4": {
      const aws = merged("aws", spec, project);
      const issues = missingFields("aws", { region: aws.region, service: aws.service }, spec);
      if (issues.length > 0) return { issues, secrets: [] };
      const secret = lookup("awsSecretAccessKey")!;
      const sessionToken = lookup("awsSessionToken");
      return {
        plan: {
          kind: "aws-sigv4",
          region: fill(aws.region!),
          service: fill(aws.service!),
          accessKeyId: lookup("awsAccessKeyId")!,
          secretAccessKey: secret,
          ...(sessionToken ? { sessionToken } : {}),
        },
        issues: [],
        secrets: [secret, ...(sessionToken ? [sessionToken] : [])],
      };
    }
    case "oauth2":
      return planOAuth2(spec, project, fill, lookup);
    default:
      return { issues: [], secrets: [] };
  }
}

function planOAuth2(
  spec: EndpointSpec,
  project: AuthFields,
  fill: (text: string) => string,
  lookup: Lookup,
): PlannedAuth {
  const raw = mergedOAuth2(spec, project);
  const grant = raw.grant ?? "client_credentials";
  const required: Record<string, string | undefined> = { tokenUrl: raw.tokenUrl };
  if (grant === "password") {
    Object.assign(required, { username: raw.username, password: raw.password });
  }
  if (grant === "authorization_code") {
    Object.assign(required, { authUrl: raw.authUrl, clientId: raw.clientId });
  }
  const issues = missingFields("oauth2", required, spec);
  if (issues.length > 0) return { issues, secrets: [] };
  const optional = (value: string | undefined) => value === undefined ? undefined : fill(value);
  const oauth2: ResolvedOAuth2 = {
    grant,
    tokenUrl: fill(raw.tokenUrl!),
    params: Object.fromEntries(Object.entries(raw.params ?? {}).map(([k, v]) => [k, fill(v)])),
    clientAuth: raw.clientAuth ?? "basic",
  };
  const fields = ["clientId", "clientSecret", "scope", "username", "password", "authUrl"] as const;
  for (const key of fields) {
    const value = optional(raw[key]);
    if (value !== undefined && value !== "") oauth2[key] = value;
  }
  if (grant === "refresh_token") {
    oauth2.refreshToken = raw.refreshToken === undefined
      ? lookup("refreshToken")
      : fill(raw.refreshToken);
  }
  try {
    const url = new URL(oauth2.tokenUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    return {
      issues: [
        issue("VALIDATION_ERROR", `oauth2.tokenUrl "${oauth2.tokenUrl}" is not an http(s) URL`, {
          file: spec.file,
          fix: "Set `tokenUrl:` under oauth2: in api-docs/project.md (or the frontmatter) to the " +
            "token endpoint, e.g. https://auth.example.com/oauth/token",
        }),
      ],
      secrets: [],
    };
  }
  const secrets = [oauth2.clientSecret, oauth2.password, oauth2.refreshToken].filter(
    (s): s is string => s !== undefined,
  );
  return { plan: { kind: "oauth2", oauth2 }, issues: [], secrets };
}

function missingFields(
  block: string,
  fields: Record<string, string | undefined>,
  spec: EndpointSpec,
): Issue[] {
  return Object.entries(fields).filter(([, value]) => value === undefined).map(([name]) =>
    issue("VALIDATION_ERROR", `auth: ${spec.auth ?? "(project default)"} needs ${block}.${name}`, {
      file: spec.file,
      fix:
        `Add \`${name}:\` under \`${block}:\` in api-docs/project.md, or in this endpoint's frontmatter`,
    })
  );
}
