/**
 * `apispec import hostedclient`: a Postman collection (v2.1, and v2.0 whose
 * differences are small: auth as objects, string headers). Folders become
 * tags, collection variables the `dev` environment, saved responses the
 * expected and error responses, test scripts instructions for agents.
 */
import { type Conversion, type ConvertOutcome, emptyConversion, failure } from "../endpoint.ts";
import { asArray, asString, isRecord } from "../data.ts";
import {
  type ClientAuth,
  clientDraft,
  type ClientExample,
  type ClientRequest,
  extractBaseUrl,
  safeEnvironment,
} from "./client_request.ts";
import { multipartBody, urlencodedBody } from "../form_body.ts";

type Obj = Record<string, unknown>;

function keyValues(list: unknown): [string, string][] {
  if (typeof list === "string") {
    // v2.0 may write headers as one "Name: value\n" string.
    return list.split("\n").map((line) => line.split(/:(.*)/s)).filter((p) => p[0]?.trim())
      .map((p) => [p[0].trim(), (p[1] ?? "").trim()]);
  }
  return asArray(list).filter(isRecord).filter((kv) => kv.disabled !== true)
    .map((kv) => [String(kv.key ?? ""), asString(kv.value) ?? ""] as [string, string])
    .filter(([k]) => k !== "");
}

/** v2.1 writes auth parameters as `[{key, value}]`, v2.0 as an object. */
function authParams(value: unknown): Record<string, string> {
  if (Array.isArray(value)) return Object.fromEntries(keyValues(value));
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asString(v) ?? ""]));
  }
  return {};
}

function authOf(auth: unknown): ClientAuth | undefined {
  if (!isRecord(auth) || typeof auth.type !== "string") return undefined;
  const params = authParams(auth[auth.type]);
  switch (auth.type) {
    case "noauth":
      return { kind: "none" };
    case "bearer":
      return { kind: "bearer", token: params.token };
    case "basic":
      return { kind: "basic", username: params.username, password: params.password };
    case "apikey":
      return {
        kind: "apikey",
        key: params.key || "X-API-Key",
        value: params.value,
        in: params.in === "query" ? "query" : params.in === "cookie" ? "cookie" : "header",
      };
    case "oauth2":
      return {
        kind: "oauth2",
        grant: params.grant_type ?? "authorization_code",
        tokenUrl: params.accessTokenUrl,
        authUrl: params.authUrl,
        clientId: params.clientId,
        clientSecret: params.clientSecret,
        scope: params.scope,
        username: params.username,
        password: params.password,
        inBody: params.client_authentication === "body",
      };
    case "digest":
      return { kind: "digest", username: params.username, password: params.password };
    case "awsv4":
      return {
        kind: "aws",
        region: params.region,
        service: params.service,
        accessKeyId: params.accessKey,
        secretAccessKey: params.secretKey,
        sessionToken: params.sessionToken,
      };
    default:
      return { kind: "other", type: auth.type };
  }
}

function urlOf(url: unknown): { raw: string; vars: Record<string, string> } {
  if (typeof url === "string") return { raw: url, vars: {} };
  if (!isRecord(url)) return { raw: "", vars: {} };
  let raw = asString(url.raw);
  if (!raw) {
    const host = Array.isArray(url.host) ? url.host.join(".") : asString(url.host) ?? "";
    const path = Array.isArray(url.path)
      ? url.path.map((p) => asString(p) ?? "").join("/")
      : asString(url.path) ?? "";
    const protocol = asString(url.protocol);
    raw = `${protocol ? `${protocol}://` : ""}${host}${path ? `/${path.replace(/^\//, "")}` : ""}`;
    const query = keyValues(url.query);
    if (query.length) raw += "?" + query.map(([k, v]) => `${k}=${v}`).join("&");
  }
  const vars = Object.fromEntries(
    keyValues(url.variable).filter(([, v]) => v !== ""),
  );
  return { raw, vars };
}

function bodyOf(body: unknown, headers: [string, string][]): string | undefined {
  if (!isRecord(body) || body.disabled === true) return undefined;
  const setType = (type: string) => {
    if (!headers.some(([n]) => /^content-type$/i.test(n))) headers.push(["Content-Type", type]);
  };
  switch (body.mode) {
    case "raw": {
      const raw = asString(body.raw) ?? "";
      const language = isRecord(body.options) && isRecord(body.options.raw)
        ? body.options.raw.language
        : undefined;
      if (raw && language === "json") setType("application/json");
      return raw || undefined;
    }
    case "urlencoded":
      setType("application/x-www-form-urlencoded");
      return urlencodedBody(keyValues(body.urlencoded));
    case "formdata": {
      const parts = asArray(body.formdata).filter(isRecord).filter((p) => p.disabled !== true).map((
        p,
      ) =>
        p.type === "file"
          ? {
            name: String(p.key ?? ""),
            value: "",
            file: String(asString(p.src) ?? p.key ?? "file"),
          }
          : { name: String(p.key ?? ""), value: asString(p.value) ?? "" }
      );
      const multipart = multipartBody(parts);
      const index = headers.findIndex(([n]) => /^content-type$/i.test(n));
      if (index >= 0) headers.splice(index, 1);
      headers.push(["Content-Type", multipart.contentType]);
      return multipart.body;
    }
    case "graphql": {
      const graphql = isRecord(body.graphql) ? body.graphql : {};
      setType("application/json");
      let variables: unknown = {};
      try {
        variables = typeof graphql.variables === "string" && graphql.variables.trim()
          ? JSON.parse(graphql.variables)
          : {};
      } catch { /* keep empty */ }
      return JSON.stringify({ query: graphql.query ?? "", variables }, null, 2);
    }
    default:
      return undefined;
  }
}

function scriptOf(events: unknown, listen: string): string | undefined {
  const lines: string[] = [];
  for (const event of asArray(events).filter(isRecord)) {
    if (event.listen !== listen || !isRecord(event.script)) continue;
    const exec = event.script.exec;
    lines.push(Array.isArray(exec) ? exec.join("\n") : asString(exec) ?? "");
  }
  const text = lines.join("\n").trim();
  return text ? `\`\`\`js\n${text}\n\`\`\`` : undefined;
}

function exampleOf(response: Obj): ClientExample | undefined {
  const status = Number(response.code ?? 0);
  if (!(status >= 100 && status <= 599)) return undefined;
  return {
    name: asString(response.name),
    status,
    reason: asString(response.status),
    headers: keyValues(response.header),
    body: asString(response.body),
  };
}

function description(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (isRecord(value)) return asString(value.content);
  return undefined;
}

function walk(
  items: unknown[],
  folders: string[],
  inheritedAuth: ClientAuth | undefined,
  conversion: Conversion,
) {
  for (const item of items.filter(isRecord)) {
    const name = asString(item.name) ?? "";
    const auth = authOf(item.auth) ?? inheritedAuth;
    if (Array.isArray(item.item)) {
      walk(item.item, [...folders, name], auth, conversion);
      continue;
    }
    if (item.request === undefined) continue;
    const request: Obj = typeof item.request === "string"
      ? { url: item.request }
      : isRecord(item.request)
      ? item.request
      : {};
    const headers = keyValues(request.header);
    const url = urlOf(request.url);
    const client: ClientRequest = {
      name,
      method: asString(request.method) ?? "GET",
      url: url.raw,
      headers,
      body: bodyOf(request.body, headers),
      auth: authOf(request.auth) ?? auth,
      folders,
      description: description(request.description) ?? description(item.description),
      tests: scriptOf(item.event, "test"),
      examples: asArray(item.response).filter(isRecord).map(exampleOf).filter((
        e,
      ): e is ClientExample => !!e),
      vars: url.vars,
    };
    const draft = clientDraft(client, conversion);
    if (draft) conversion.endpoints.push(draft);
  }
}

/**
 * @example
 * ```ts
 * import { fromPostman } from "./from_postman.ts";
 * const outcome = fromPostman({
 *   info: { name: "Demo", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
 *   item: [{ name: "List users", request: { method: "GET", url: "https://api.example.com/users" } }],
 * });
 * outcome.ok && outcome.conversion.endpoints[0].request.target; // "{{baseUrl}}/users"
 * ```
 */
export function fromPostman(collection: unknown): ConvertOutcome {
  if (!isRecord(collection) || !Array.isArray(collection.item)) {
    if (isRecord(collection) && Array.isArray(collection.requests)) {
      return failure(
        "Postman v1 collections are not imported",
        "Export the collection again as v2.1 from Postman",
      );
    }
    return failure(
      "The file is not a Postman collection (no `item` list)",
      "Export the collection from Postman as Collection v2.1 JSON",
    );
  }
  const info = isRecord(collection.info) ? collection.info : {};
  const schema = asString(info.schema) ?? "";
  if (schema && !/v2\.[01]\.\d/.test(schema)) {
    return failure(
      `Postman collection schema ${schema} is not supported`,
      "Export the collection as v2.1 JSON",
    );
  }
  const conversion = emptyConversion(asString(info.name));
  const variables = Object.fromEntries(keyValues(collection.variable));
  walk(collection.item, [], authOf(collection.auth), conversion);
  safeEnvironment("dev", variables, conversion);
  extractBaseUrl(conversion);
  return { ok: true, conversion };
}
