/**
 * The auth of an imported request (Postman, Insomnia, Bruno, OpenAPI
 * `securitySchemes`) as apispec's settings (BEYOND.md §8): `auth:` with its
 * `oauth2:`, `apiKey:` or `aws:` block. Secrets never stay: a literal
 * client secret, password or key becomes the variable apispec reads, and
 * is reported so the import says where to set it.
 */
import type { AuthKind } from "../engine/model.ts";
import type { AuthFields, OAuth2Grant } from "../engine/auth/types.ts";
import type { SecretFinding } from "./endpoint.ts";
import { isPlaceholder } from "./credentials.ts";

export interface AuthDraft {
  auth: AuthKind;
  fields?: AuthFields;
  /** Plain values the variables need (a digest user name): the endpoint's `vars:`. */
  vars?: Record<string, string>;
  warnings?: string[];
}

/** The grant names of Postman, Insomnia and Bruno, as RFC 6749 names them. */
export function grantOf(name: string | undefined): OAuth2Grant | undefined {
  switch ((name ?? "").toLowerCase().replace(/[\s-]/g, "_")) {
    case "client_credentials":
      return "client_credentials";
    case "password":
    case "password_credentials":
    case "resource_owner_password":
      return "password";
    case "authorization_code":
    case "authorization_code_with_pkce":
      return "authorization_code";
    case "refresh_token":
      return "refresh_token";
    default:
      return undefined;
  }
}

export interface OAuth2Source {
  grant?: string;
  tokenUrl?: string;
  authUrl?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  username?: string;
  password?: string;
  /** Client credentials in the form body instead of HTTP Basic. */
  inBody?: boolean;
}

/** A secret-bearing value: kept when it is a placeholder, else the variable (reported). */
function secretField(
  value: string | undefined,
  variable: string,
  where: string,
  secrets: SecretFinding[],
): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  if (isPlaceholder(value.trim())) return value.trim();
  secrets.push({ where, variable });
  return `{{${variable}}}`;
}

/**
 * @example
 * ```ts
 * import { oauth2Draft } from "./auth_drafts.ts";
 * const secrets: { where: string; variable: string }[] = [];
 * oauth2Draft({ grant: "client_credentials", tokenUrl: "https://id/token", clientId: "app", clientSecret: "s3cr3t-value" }, "GET /x", secrets)
 *   .fields?.oauth2?.clientSecret; // "{{clientSecret}}"
 * ```
 */
export function oauth2Draft(
  source: OAuth2Source,
  where: string,
  secrets: SecretFinding[],
): AuthDraft {
  const grant = grantOf(source.grant);
  if (!grant) {
    return {
      auth: "bearer",
      warnings: [
        `${where}: the OAuth 2.0 ${source.grant ?? "(no grant)"} grant is not supported ` +
        "(client_credentials, password, authorization_code, refresh_token are); the request " +
        "sends {{authToken}} as a bearer token instead",
      ],
    };
  }
  const oauth2: NonNullable<AuthFields["oauth2"]> = { grant };
  if (source.tokenUrl?.trim()) oauth2.tokenUrl = source.tokenUrl.trim();
  if (grant === "authorization_code" && source.authUrl?.trim()) {
    oauth2.authUrl = source.authUrl.trim();
  }
  if (source.clientId?.trim()) oauth2.clientId = source.clientId.trim();
  const secret = secretField(
    source.clientSecret,
    "clientSecret",
    `${where} OAuth 2.0 client secret`,
    secrets,
  );
  if (secret) oauth2.clientSecret = secret;
  if (source.scope?.trim()) oauth2.scope = source.scope.trim();
  if (grant === "password") {
    oauth2.username = source.username?.trim() || "{{username}}";
    oauth2.password =
      secretField(source.password, "password", `${where} OAuth 2.0 password`, secrets) ??
        "{{password}}";
  }
  if (source.inBody) oauth2.clientAuth = "body";
  const warnings = oauth2.tokenUrl ? [] : [
    `${where}: the OAuth 2.0 settings have no token URL; add oauth2.tokenUrl to the endpoint`,
  ];
  return { auth: "oauth2", fields: { oauth2 }, warnings };
}

/** Digest reads `{{username}}` and `{{password}}`: a literal user name goes to `vars:`. */
export function digestDraft(
  source: { username?: string; password?: string },
  where: string,
  secrets: SecretFinding[],
): AuthDraft {
  const warnings: string[] = [];
  const vars: Record<string, string> = {};
  const user = source.username?.trim();
  if (user && !isPlaceholder(user)) vars.username = user;
  else if (user && user !== "{{username}}") {
    warnings.push(`${where}: digest reads {{username}}; define it as ${user}'s value`);
  }
  const password = source.password?.trim();
  if (password && !isPlaceholder(password)) {
    secrets.push({ where: `${where} digest password`, variable: "password" });
  } else if (password && password !== "{{password}}") {
    warnings.push(`${where}: digest reads {{password}}; define it as ${password}'s value`);
  }
  return { auth: "digest", ...(Object.keys(vars).length ? { vars } : {}), warnings };
}

/** AWS SigV4: region and service are settings; the keys are variables (or AWS_*). */
export function awsDraft(
  source: {
    region?: string;
    service?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    sessionToken?: string;
  },
  where: string,
  secrets: SecretFinding[],
): AuthDraft {
  const aws: NonNullable<AuthFields["aws"]> = {};
  if (source.region?.trim()) aws.region = source.region.trim();
  if (source.service?.trim()) aws.service = source.service.trim();
  const warnings: string[] = [];
  for (
    const [value, variable] of [
      [source.accessKeyId, "awsAccessKeyId"],
      [source.secretAccessKey, "awsSecretAccessKey"],
      [source.sessionToken, "awsSessionToken"],
    ] as const
  ) {
    const text = value?.trim();
    if (!text) continue;
    if (!isPlaceholder(text)) secrets.push({ where: `${where} AWS ${variable}`, variable });
    else if (text !== `{{${variable}}}`) {
      warnings.push(
        `${where}: AWS SigV4 reads {{${variable}}} (or AWS_*); define it as ${text}'s value`,
      );
    }
  }
  if (!aws.region || !aws.service) {
    warnings.push(`${where}: add aws.region and aws.service for AWS SigV4`);
  }
  return { auth: "aws-sigv4", fields: { aws }, warnings };
}

/**
 * An API key sent as `{{apiKey}}`: the key's literal value is reported as
 * that variable. A key that was another placeholder stays a plain header
 * or query parameter (`auth: custom`), since values resolve in one pass.
 */
export function apiKeyDraft(
  source: { name: string; value?: string; in: "header" | "query" | "cookie" },
  where: string,
  secrets: SecretFinding[],
): AuthDraft | undefined {
  const value = source.value?.trim() ?? "";
  if (isPlaceholder(value) && value !== "{{apiKey}}") return undefined;
  if (value && !isPlaceholder(value)) {
    secrets.push({ where: `${where} API key`, variable: "apiKey" });
  }
  return { auth: "apikey", fields: { apiKey: { in: source.in, name: source.name } } };
}
