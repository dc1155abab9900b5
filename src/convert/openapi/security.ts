/**
 * OpenAPI `securitySchemes` as apispec's auth settings (BEYOND.md §8), both
 * ways: import maps oauth2 flows, apiKey and http basic/bearer/digest to
 * `auth:` with its block; export writes the scheme an endpoint's auth needs.
 * Client ids and secrets are never in a document: they become
 * `{{clientId}}` and `{{clientSecret}}`.
 */
import type { AuthKind, EndpointSpec } from "../../engine/model.ts";
import type { AuthFields, OAuth2Grant } from "../../engine/auth/types.ts";
import { isRecord } from "../data.ts";

type Obj = Record<string, unknown>;

const FLOWS: [string, OAuth2Grant][] = [
  ["clientCredentials", "client_credentials"],
  ["authorizationCode", "authorization_code"],
  ["password", "password"],
];

/**
 * The auth of a security scheme, or undefined for one apispec sends as a
 * plain header (openIdConnect is a bearer token from elsewhere).
 *
 * @example
 * ```ts
 * import { securityDraft } from "./security.ts";
 * securityDraft({ type: "http", scheme: "digest" }, []); // { auth: "digest" }
 * ```
 */
export function securityDraft(
  scheme: Obj,
  scopes: string[],
): { auth: AuthKind; fields?: AuthFields } | undefined {
  if (scheme.type === "http") {
    const name = String(scheme.scheme ?? "").toLowerCase();
    if (name === "basic" || name === "bearer" || name === "digest") return { auth: name };
    return undefined;
  }
  if (scheme.type === "openIdConnect") return { auth: "bearer" };
  if (scheme.type === "apiKey" && typeof scheme.name === "string") {
    const place = scheme.in === "query" || scheme.in === "cookie" ? scheme.in : "header";
    return { auth: "apikey", fields: { apiKey: { in: place, name: scheme.name } } };
  }
  if (scheme.type === "oauth2" && isRecord(scheme.flows)) {
    const flows = scheme.flows as Obj;
    const found = FLOWS.find(([key]) => isRecord(flows[key]));
    if (!found) return { auth: "bearer" };
    const flow = flows[found[0]] as Obj;
    const oauth2: NonNullable<AuthFields["oauth2"]> = { grant: found[1] };
    if (typeof flow.tokenUrl === "string") oauth2.tokenUrl = flow.tokenUrl;
    if (typeof flow.authorizationUrl === "string") oauth2.authUrl = flow.authorizationUrl;
    oauth2.clientId = "{{clientId}}";
    if (found[1] !== "authorization_code") oauth2.clientSecret = "{{clientSecret}}";
    if (found[1] === "password") {
      oauth2.username = "{{username}}";
      oauth2.password = "{{password}}";
    }
    if (scopes.length) oauth2.scope = scopes.join(" ");
    return { auth: "oauth2", fields: { oauth2 } };
  }
  return undefined;
}

/** The scheme name and scheme an endpoint's auth needs in an exported document. */
export function securityScheme(
  spec: Pick<EndpointSpec, "auth" | "oauth2" | "apiKey">,
  project: Pick<EndpointSpec, "oauth2" | "apiKey"> = {},
): { name: string; scheme: Obj; scopes: string[] } | undefined {
  switch (spec.auth) {
    case "bearer":
      return { name: "bearerAuth", scheme: { type: "http", scheme: "bearer" }, scopes: [] };
    case "basic":
      return { name: "basicAuth", scheme: { type: "http", scheme: "basic" }, scopes: [] };
    case "digest":
      return { name: "digestAuth", scheme: { type: "http", scheme: "digest" }, scopes: [] };
    case "apikey": {
      const apiKey = { ...project.apiKey, ...spec.apiKey };
      const name = apiKey.name ?? "X-API-Key";
      return {
        name: `apiKey_${name.replace(/\W+/g, "_")}`,
        scheme: { type: "apiKey", in: apiKey.in ?? "header", name },
        scopes: [],
      };
    }
    case "oauth2": {
      const oauth2 = { ...project.oauth2, ...spec.oauth2 };
      const grant = oauth2.grant ?? "client_credentials";
      const scopes = (oauth2.scope ?? "").split(/\s+/).filter(Boolean);
      const literal = (url?: string) => url && !url.includes("{{") ? url : undefined;
      const tokenUrl = literal(oauth2.tokenUrl) ?? "https://example.invalid/token";
      const flow: Obj = { tokenUrl, scopes: Object.fromEntries(scopes.map((s) => [s, s])) };
      const key = grant === "authorization_code"
        ? "authorizationCode"
        : grant === "password"
        ? "password"
        : "clientCredentials";
      if (key === "authorizationCode") {
        flow.authorizationUrl = literal(oauth2.authUrl) ?? "https://example.invalid/authorize";
      }
      return {
        name: `oauth2_${key}`,
        scheme: { type: "oauth2", flows: { [key]: flow } },
        scopes,
      };
    }
    default:
      return undefined;
  }
}
