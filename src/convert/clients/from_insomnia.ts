/**
 * `apispec import desktopclient`: an Insomnia export, v4 (`__export_format:
 * 4`, JSON or YAML: a flat `resources` list linked by `parentId`) or v5
 * (`type: collection.insomnia.rest/5.0`: a nested `collection`). Request
 * groups become tags, environments the env template (the base environment
 * under each sub-environment), `{{ _.name }}` becomes `{{name}}`.
 */
import { type Conversion, type ConvertOutcome, emptyConversion, failure } from "../endpoint.ts";
import { asArray, asString, isRecord } from "../data.ts";
import { type ClientAuth, clientDraft, extractBaseUrl, safeEnvironment } from "./client_request.ts";
import { multipartBody, urlencodedBody } from "../form_body.ts";

type Obj = Record<string, unknown>;

/** Insomnia's Nunjucks references `{{ _.name }}` → `{{name}}`. */
export function plainTemplates(text: string): string {
  return text.replace(/\{\{\s*_\.([\w.$-]+)\s*\}\}/g, "{{$1}}")
    .replace(/\{\{\s*_\[\s*['"]([^'"]+)['"]\s*\]\s*\}\}/g, "{{$1}}");
}

function pairs(list: unknown, key = "name"): [string, string][] {
  return asArray(list).filter(isRecord).filter((p) => p.disabled !== true)
    .map((p) =>
      [plainTemplates(String(p[key] ?? "")), plainTemplates(asString(p.value) ?? "")] as [
        string,
        string,
      ]
    )
    .filter(([k]) => k !== "");
}

function authOf(auth: unknown): ClientAuth | undefined {
  if (!isRecord(auth) || typeof auth.type !== "string" || auth.disabled === true) return undefined;
  const text = (value: unknown) => plainTemplates(asString(value) ?? "");
  switch (auth.type) {
    case "none":
      return { kind: "none" };
    case "bearer":
      return { kind: "bearer", token: text(auth.token) };
    case "basic":
      return { kind: "basic", username: text(auth.username), password: text(auth.password) };
    case "apikey":
      return {
        kind: "apikey",
        key: text(auth.key) || "X-API-Key",
        value: text(auth.value),
        in: auth.addTo === "queryParams" ? "query" : "header",
      };
    case "oauth2":
      return {
        kind: "oauth2",
        grant: text(auth.grantType),
        tokenUrl: text(auth.accessTokenUrl),
        authUrl: text(auth.authorizationUrl),
        clientId: text(auth.clientId),
        clientSecret: text(auth.clientSecret),
        scope: text(auth.scope),
        username: text(auth.username),
        password: text(auth.password),
        inBody: auth.credentialsInBody === true || auth.credentialsInBody === "true",
      };
    case "digest":
      return { kind: "digest", username: text(auth.username), password: text(auth.password) };
    case "iam":
      return {
        kind: "aws",
        region: text(auth.region),
        service: text(auth.service),
        accessKeyId: text(auth.accessKeyId),
        secretAccessKey: text(auth.secretAccessKey),
        sessionToken: text(auth.sessionToken),
      };
    default:
      return { kind: "other", type: auth.type };
  }
}

function bodyOf(body: unknown, headers: [string, string][]): string | undefined {
  if (!isRecord(body)) return undefined;
  const mime = asString(body.mimeType) ?? "";
  const setType = (type: string) => {
    const index = headers.findIndex(([n]) => /^content-type$/i.test(n));
    if (index >= 0) headers.splice(index, 1);
    headers.push(["Content-Type", type]);
  };
  if (mime === "application/x-www-form-urlencoded") {
    setType(mime);
    return urlencodedBody(pairs(body.params));
  }
  if (mime === "multipart/form-data") {
    const parts = asArray(body.params).filter(isRecord).filter((p) => p.disabled !== true).map((
      p,
    ) =>
      p.type === "file"
        ? { name: String(p.name ?? ""), value: "", file: asString(p.fileName) ?? "file" }
        : { name: String(p.name ?? ""), value: plainTemplates(asString(p.value) ?? "") }
    );
    const multipart = multipartBody(parts);
    setType(multipart.contentType);
    return multipart.body;
  }
  const text = asString(body.text);
  if (!text) return undefined;
  if (mime === "application/graphql") {
    setType("application/json");
    try {
      const parsed = JSON.parse(text);
      return JSON.stringify(parsed, null, 2);
    } catch {
      return JSON.stringify({ query: text }, null, 2);
    }
  }
  if (mime && !headers.some(([n]) => /^content-type$/i.test(n))) {
    headers.push(["Content-Type", mime]);
  }
  return plainTemplates(text);
}

function addRequest(request: Obj, folders: string[], conversion: Conversion) {
  const headers = pairs(request.headers);
  const draft = clientDraft({
    name: asString(request.name) ?? "",
    method: asString(request.method) ?? "GET",
    url: plainTemplates(asString(request.url) ?? ""),
    headers,
    body: bodyOf(request.body, headers),
    auth: authOf(request.authentication),
    folders,
    description: asString(request.description) ??
      (isRecord(request.meta) ? asString(request.meta.description) : undefined),
  }, conversion);
  if (draft) conversion.endpoints.push(draft);
}

/** Nested objects become dotted names, as `{{ _.a.b }}` refers to them. */
function flatten(
  data: unknown,
  prefix = "",
  out: Record<string, string> = {},
): Record<string, string> {
  if (!isRecord(data)) return out;
  for (const [key, value] of Object.entries(data)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isRecord(value)) flatten(value, name, out);
    else out[name] = typeof value === "string" ? plainTemplates(value) : JSON.stringify(value);
  }
  return out;
}

function envName(name: string): string {
  return name.trim().replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "env";
}

function addEnvironments(base: Obj | undefined, subs: Obj[], conversion: Conversion) {
  const baseVars = flatten(base?.data);
  if (subs.length === 0) {
    safeEnvironment("dev", baseVars, conversion);
    return;
  }
  for (const sub of subs) {
    safeEnvironment(
      envName(asString(sub.name) ?? "env"),
      { ...baseVars, ...flatten(sub.data) },
      conversion,
    );
  }
}

function fromV4(doc: Obj): Conversion {
  const resources = asArray(doc.resources).filter(isRecord);
  const byId = new Map(resources.map((r) => [String(r._id), r]));
  const workspace = resources.find((r) => r._type === "workspace");
  const conversion = emptyConversion(asString(workspace?.name));
  const foldersOf = (parentId: unknown): string[] => {
    const names: string[] = [];
    for (
      let parent = byId.get(String(parentId));
      parent?._type === "request_group";
      parent = byId.get(String(parent.parentId))
    ) {
      names.unshift(asString(parent.name) ?? "");
    }
    return names;
  };
  for (const resource of resources) {
    if (resource._type === "request") {
      addRequest(resource, foldersOf(resource.parentId), conversion);
    } else if (resource._type === "grpc_request" || resource._type === "websocket_request") {
      conversion.warnings.push(
        `"${resource.name}" is a ${
          String(resource._type).replace("_request", "")
        } request; only HTTP requests are imported`,
      );
    }
  }
  const environments = resources.filter((r) => r._type === "environment");
  const base = environments.find((r) => byId.get(String(r.parentId))?._type === "workspace");
  addEnvironments(
    base,
    environments.filter((r) => r !== base && r.parentId === base?._id),
    conversion,
  );
  return conversion;
}

function fromV5(doc: Obj): Conversion {
  const conversion = emptyConversion(asString(doc.name));
  const walk = (items: unknown[], folders: string[]) => {
    for (const item of items.filter(isRecord)) {
      if (Array.isArray(item.children)) {
        walk(item.children, [...folders, asString(item.name) ?? ""]);
      } else if (typeof item.url === "string") addRequest(item, folders, conversion);
    }
  };
  walk(asArray(doc.collection), []);
  const environments = isRecord(doc.environments) ? doc.environments : undefined;
  addEnvironments(
    environments,
    asArray(environments?.subEnvironments).filter(isRecord),
    conversion,
  );
  return conversion;
}

/**
 * @example
 * ```ts
 * import { fromInsomnia } from "./from_insomnia.ts";
 * const outcome = fromInsomnia({ __export_format: 4, resources: [
 *   { _id: "wrk_1", _type: "workspace", name: "Demo" },
 *   { _id: "req_1", _type: "request", parentId: "wrk_1", name: "Health", method: "GET", url: "{{ _.baseUrl }}/health" },
 * ] });
 * outcome.ok && outcome.conversion.endpoints[0].request.target; // "{{baseUrl}}/health"
 * ```
 */
export function fromInsomnia(doc: unknown): ConvertOutcome {
  if (!isRecord(doc)) {
    return failure(
      "The file is not an Insomnia export",
      "Export from Insomnia: Application > Export Data (v4 JSON/YAML) or a v5 collection YAML",
    );
  }
  let conversion: Conversion;
  if (typeof doc.type === "string" && doc.type.startsWith("collection.insomnia.rest/5")) {
    conversion = fromV5(doc);
  } else if (doc.__export_format === 4 && Array.isArray(doc.resources)) {
    conversion = fromV4(doc);
  } else if (doc.__export_format !== undefined) {
    return failure(
      `Insomnia export format ${String(doc.__export_format)} is not supported`,
      "Export again from a current Insomnia (format 4 or the v5 collection YAML)",
      1,
    );
  } else {
    return failure(
      "The file is not an Insomnia export (no `__export_format` or v5 `type`)",
      "Export from Insomnia: Application > Export Data (v4 JSON/YAML) or a v5 collection YAML",
      1,
    );
  }
  extractBaseUrl(conversion);
  return { ok: true, conversion };
}
