/**
 * `apispec import collection`: a Bruno collection folder (`bruno.json`, one
 * `.bru` file per request, `environments/*.bru`, `collection.bru` for
 * collection-wide headers and auth). Folders become tags; `assert` lines that
 * apispec's grammar can express become assertions, the rest and the test
 * scripts become instructions for agents.
 */
import { parseAssertion } from "../../engine/parse/assertion.ts";
import { type Conversion, type ConvertOutcome, emptyConversion, failure } from "../endpoint.ts";
import { type BruBlock, entriesOf, parseBru } from "./bru.ts";
import { type ClientAuth, clientDraft, extractBaseUrl, safeEnvironment } from "./client_request.ts";
import { multipartBody, urlencodedBody } from "../form_body.ts";

export interface SourceFile {
  /** Path inside the collection folder, with forward slashes. */
  path: string;
  text: string;
}

const METHODS = ["get", "post", "put", "patch", "delete", "head", "options", "trace", "connect"];

function authOf(blocks: BruBlock[], mode: string | undefined): ClientAuth | undefined {
  switch (mode) {
    case undefined:
    case "inherit":
      return undefined;
    case "none":
      return { kind: "none" };
    case "bearer":
      return { kind: "bearer", token: entriesOf(blocks, "auth:bearer").token };
    case "basic": {
      const basic = entriesOf(blocks, "auth:basic");
      return { kind: "basic", username: basic.username, password: basic.password };
    }
    case "apikey": {
      const key = entriesOf(blocks, "auth:apikey");
      return {
        kind: "apikey",
        key: key.key || "X-API-Key",
        value: key.value,
        in: key.placement === "queryparams" ? "query" : "header",
      };
    }
    case "oauth2": {
      const o = entriesOf(blocks, "auth:oauth2");
      return {
        kind: "oauth2",
        grant: o.grant_type,
        tokenUrl: o.access_token_url,
        authUrl: o.authorization_url,
        clientId: o.client_id,
        clientSecret: o.client_secret,
        scope: o.scope,
        username: o.username,
        password: o.password,
        inBody: o.credentials_placement === "body",
      };
    }
    case "digest": {
      const digest = entriesOf(blocks, "auth:digest");
      return { kind: "digest", username: digest.username, password: digest.password };
    }
    case "awsv4": {
      const aws = entriesOf(blocks, "auth:awsv4");
      return {
        kind: "aws",
        region: aws.region,
        service: aws.service,
        accessKeyId: aws.accessKeyId,
        secretAccessKey: aws.secretAccessKey,
        sessionToken: aws.sessionToken,
      };
    }
    default:
      return { kind: "other", type: mode };
  }
}

function bodyOf(blocks: BruBlock[], mode: string | undefined, headers: [string, string][]) {
  const setType = (type: string) => {
    if (!headers.some(([n]) => /^content-type$/i.test(n))) headers.push(["Content-Type", type]);
  };
  const text = (name: string) => blocks.find((b) => b.name === name)?.text;
  switch (mode) {
    case "json":
      setType("application/json");
      return text("body:json");
    case "xml":
      setType("application/xml");
      return text("body:xml");
    case "text":
      return text("body:text");
    case "sparql":
      setType("application/sparql-query");
      return text("body:sparql");
    case "graphql":
      setType("application/json");
      return JSON.stringify(
        { query: text("body:graphql") ?? "", ...graphqlVariables(text("body:graphql:vars")) },
        null,
        2,
      );
    case "formUrlEncoded":
      setType("application/x-www-form-urlencoded");
      return urlencodedBody(Object.entries(entriesOf(blocks, "body:form-urlencoded")));
    case "multipartForm": {
      const parts = Object.entries(entriesOf(blocks, "body:multipart-form")).map(
        ([name, value]) => {
          const file = /^@file\((.*)\)/.exec(value)?.[1];
          return file !== undefined ? { name, value: "", file } : { name, value };
        },
      );
      const multipart = multipartBody(parts);
      headers.push(["Content-Type", multipart.contentType]);
      return multipart.body;
    }
    default:
      return undefined;
  }
}

const OPERATORS: Record<string, string> = {
  eq: "",
  contains: "contains ",
  matches: "matches ",
  in: "in ",
};

/** Bruno `assert` entries that apispec's grammar expresses; the rest are returned as text. */
function assertionsOf(blocks: BruBlock[]): { rules: string[]; rest: string[] } {
  const rules: string[] = [];
  const rest: string[] = [];
  for (const entry of blocks.find((b) => b.name === "assert")?.entries ?? []) {
    if (entry.disabled) continue;
    const path = entry.key.replace(/^res\./, "").replace(/^headers\["?([^"\]]+)"?\]/, "headers.$1");
    const [operator, ...operand] = entry.value.split(/\s+/);
    let rule: string | undefined;
    if (operator === "isDefined") rule = `${path}: exists`;
    else if (operator in OPERATORS) rule = `${path}: ${OPERATORS[operator]}${operand.join(" ")}`;
    else if (
      !/^(neq|gt|gte|lt|lte|notIn|notContains|length|notMatches|startsWith|endsWith|between|is\w+)$/
        .test(operator)
    ) {
      rule = `${path}: ${entry.value}`;
    }
    const plainPath = /^(status|body(\.[\w-]+|\[\d+\])*|headers\.[\w-]+)$/.test(path);
    if (rule && plainPath && !/[{}]/.test(rule) && parseAssertion(rule, "bru", 1).rule) {
      rules.push(rule);
    } else rest.push(`- ${entry.key}: ${entry.value}`);
  }
  return { rules, rest };
}

function addRequest(
  file: SourceFile,
  blocks: BruBlock[],
  collectionAuth: ClientAuth | undefined,
  conversion: Conversion,
) {
  const meta = entriesOf(blocks, "meta");
  if (meta.type && meta.type !== "http") {
    if (meta.type === "graphql" || meta.type === "http-request") { /* handled as HTTP below */ }
    else {
      conversion.warnings.push(
        `${file.path} is a ${meta.type} request; only HTTP requests are imported`,
      );
      return;
    }
  }
  const methodBlock = blocks.find((b) => METHODS.includes(b.name));
  if (!methodBlock) return;
  const request = Object.fromEntries(methodBlock.entries.map((e) => [e.key, e.value]));
  const headers = Object.entries(entriesOf(blocks, "headers"));
  const { rules, rest } = assertionsOf(blocks);
  const tests = [
    rest.length
      ? `Assertions from Bruno that apispec's grammar cannot express:\n\n${rest.join("\n")}`
      : "",
    blocks.find((b) => b.name === "tests")?.text
      ? "```js\n" + blocks.find((b) => b.name === "tests")!.text + "\n```"
      : "",
  ].filter(Boolean).join("\n\n");
  const folders = file.path.split("/").slice(0, -1);
  const draft = clientDraft({
    name: meta.name ?? file.path.replace(/\.bru$/, "").split("/").pop()!,
    method: methodBlock.name,
    url: request.url ?? "",
    headers,
    body: bodyOf(blocks, request.body, headers),
    auth: authOf(blocks, request.auth) ?? (request.auth === "inherit" ? collectionAuth : undefined),
    folders,
    description: blocks.find((b) => b.name === "docs")?.text,
    tests,
    vars: entriesOf(blocks, "vars:pre-request"),
  }, conversion);
  if (!draft) return;
  if (rules.length) draft.assertions = rules;
  conversion.endpoints.push(draft);
}

/**
 * @example
 * ```ts
 * import { fromBruno } from "./from_bruno.ts";
 * const outcome = fromBruno([
 *   { path: "bruno.json", text: '{"name": "demo", "type": "collection"}' },
 *   { path: "users/list.bru", text: "meta {\n  name: List users\n}\n\nget {\n  url: {{host}}/users\n}\n" },
 * ]);
 * outcome.ok && outcome.conversion.endpoints[0].tags; // ["users"]
 * ```
 */
export function fromBruno(files: SourceFile[]): ConvertOutcome {
  const manifest = files.find((f) => f.path === "bruno.json");
  if (!manifest) {
    return failure(
      "The folder has no bruno.json",
      "Pass the root folder of a Bruno collection (the one holding bruno.json)",
    );
  }
  let name: string | undefined;
  try {
    name = JSON.parse(manifest.text).name;
  } catch (error) {
    return failure(
      `Cannot parse bruno.json: ${(error as Error).message}`,
      "Check that bruno.json is valid JSON",
    );
  }
  const conversion = emptyConversion(name);
  const collection = files.find((f) => f.path === "collection.bru");
  const collectionBlocks = collection
    ? parseBru(collection.text)
    : { ok: true as const, blocks: [] };
  const collectionAuth = collectionBlocks.ok
    ? authOf(collectionBlocks.blocks, entriesOf(collectionBlocks.blocks, "auth").mode)
    : undefined;
  for (const file of files) {
    if (
      !file.path.endsWith(".bru") || file.path === "collection.bru" ||
      file.path.endsWith("/folder.bru") || file.path === "folder.bru"
    ) continue;
    const parsed = parseBru(file.text);
    if (!parsed.ok) {
      conversion.warnings.push(`${file.path}:${parsed.line} was left out: ${parsed.message}`);
      continue;
    }
    if (file.path.startsWith("environments/")) {
      const vars = entriesOf(parsed.blocks, "vars");
      const secret = parsed.blocks.find((b) =>
        b.name === "vars:secret"
      )?.entries.map((e) => e.key) ?? [];
      for (const key of secret) {
        conversion.secrets.push({ where: `environment ${file.path}`, variable: key });
      }
      const env = file.path.slice("environments/".length).replace(/\.bru$/, "").replace(
        /[^\w.-]+/g,
        "-",
      );
      safeEnvironment(
        env,
        Object.fromEntries(Object.entries(vars).filter(([k]) => !secret.includes(k))),
        conversion,
      );
      continue;
    }
    addRequest(file, parsed.blocks, collectionAuth, conversion);
  }
  extractBaseUrl(conversion, conversion.environments[0]?.name ?? "dev");
  return { ok: true, conversion };
}

/** Bruno's `body:graphql:vars` block, when it holds a JSON object. */
function graphqlVariables(text: string | undefined): { variables?: unknown } {
  if (!text?.trim()) return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? { variables: value } : {};
  } catch {
    return {};
  }
}
