/** One OpenAPI operation as an endpoint draft. */
import type { AuthKind, HttpMethod } from "../../engine/model.ts";
import type { DraftMessage, EndpointDraft } from "../../engine/render/spec_md.ts";
import {
  colonPath,
  type Conversion,
  encodeTargetPart,
  resourceFor,
  uniqueTags,
  variableName,
} from "../endpoint.ts";
import { asArray, isRecord } from "../data.ts";
import { deref } from "./refs.ts";
import type { SchemaConverter } from "./schema.ts";
import type { ExampleGenerator, ExampleResult, SchemaError } from "../../engine/examples/mod.ts";
import { pointerPath } from "../../engine/contract/body.ts";
import { multipartBody, urlencodedBody } from "../form_body.ts";
import { camelFromHeader, hasBodyCredential, safeBody, safeJson } from "../credentials.ts";
import { securityDraft } from "./security.ts";
import type { AuthFields } from "../../engine/auth/types.ts";

type Obj = Record<string, unknown>;

/**
 * The largest response schema copied into an endpoint file as `## Schema`
 * (its JSON, `$defs` included). Every file holds its own copy of everything
 * its schema reaches: a document whose schemas all reach each other wrote
 * 1.1 GB of endpoint files from 1 MB, which every later command then read.
 */
const MAX_SCHEMA_COPY = 256 * 1024;

export interface OperationInput {
  doc: Obj;
  path: string;
  method: string;
  item: Obj;
  operation: Obj;
  schemas: SchemaConverter;
  conversion: Conversion;
  /**
   * Safe JSON texts of examples found to hold no credential, by the example,
   * for one conversion: operations share examples (a generated one per schema,
   * the document's own), and one without credentials reads the same everywhere.
   */
  safeTexts?: WeakMap<object, string>;
  /**
   * Checks the document's examples and generates missing or failing ones;
   * absent when the document has no body schemas. `shared` converts schemas
   * with refs to the generator's shared definitions.
   */
  examples?: ExampleTools;
}

/** The example generator, the converter whose refs name its definitions, and what it made. */
export interface ExampleTools {
  generator: ExampleGenerator;
  shared: SchemaConverter;
  /**
   * Generated examples by shared root and direction: operations share response
   * objects (GitHub's 1,223 operations ask for about 290 distinct examples
   * 2,000 times), and without a seed the generator gives the same value each time.
   */
  made: WeakMap<object, Partial<Record<"request" | "response", ExampleResult>>>;
}

/** The generator's example for `schema` (a converted root), made once per root and direction. */
function generatedExample(
  tools: ExampleTools,
  schema: unknown,
  direction: "request" | "response",
  label: string,
): ExampleResult {
  if (typeof schema !== "object" || schema === null) {
    return tools.generator.example(schema, { mode: direction }, label);
  }
  let made = tools.made.get(schema);
  if (!made) tools.made.set(schema, made = {});
  return made[direction] ??= tools.generator.example(schema, { mode: direction }, label);
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  example?: unknown;
  schema?: unknown;
}

function parameters(doc: Obj, item: Obj, operation: Obj): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const raw of [...asArray(item.parameters), ...asArray(operation.parameters)]) {
    const p = deref(doc, raw);
    if (!p || typeof p.name !== "string" || typeof p.in !== "string") continue;
    const examples = isRecord(p.examples) ? Object.values(p.examples) : [];
    const firstExample = examples.length ? deref(doc, examples[0])?.value : undefined;
    byKey.set(`${p.in}:${p.name}`, {
      name: p.name,
      in: p.in,
      required: p.required === true || p.in === "path",
      description: typeof p.description === "string" ? p.description : undefined,
      example: p.example ?? firstExample ?? deref(doc, p.schema)?.example ??
        deref(doc, p.schema)?.default ?? (deref(doc, p.schema)?.enum as unknown[] | undefined)?.[0],
      schema: p.schema,
    });
  }
  return [...byKey.values()];
}

function text(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** Media type to use: JSON first, then forms, then anything. */
function pickMedia(content: unknown): [string, Obj] | undefined {
  if (!isRecord(content)) return undefined;
  const entries = Object.entries(content).filter((e): e is [string, Obj] => isRecord(e[1]));
  return entries.find(([type]) => /[/+]json\b/i.test(type)) ??
    entries.find(([type]) => isFormType(type)) ??
    entries[0];
}

/** The media type's own example, else its first named example (JSON text read as JSON). */
function documentExample(doc: Obj, type: string, media: Obj): unknown {
  let value: unknown = media.example;
  if (value === undefined && isRecord(media.examples)) {
    for (const example of Object.values(media.examples)) {
      value = deref(doc, example)?.value;
      if (value !== undefined) break;
    }
  }
  if (typeof value === "string" && isJsonType(type) && /^\s*[[{"]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch { /* a string example after all */ }
  }
  return value;
}

function isJsonType(type: string): boolean {
  return /[/+]json\b/i.test(type);
}

function isFormType(type: string): boolean {
  return /x-www-form-urlencoded|multipart\/form-data/i.test(type);
}

/** Bodies whose examples are values of the schema (JSON, forms), not text in another syntax. */
function isSchemaValue(type: string): boolean {
  return isJsonType(type) || isFormType(type);
}

/** At most three of a check's errors, as `body.id: must be integer`. */
function errorsText(errors: SchemaError[]): string {
  const named = errors.slice(0, 3).map((e) => `${pointerPath("body", e.pointer)}: ${e.message}`);
  return named.join("; ") + (errors.length > 3 ? ` (and ${errors.length - 3} more)` : "");
}

/**
 * The example a body is written with: the document's own when it validates
 * against the schema, else one generated from the schema (and a warning naming
 * `label`, the operation and status, and the failing path).
 */
function mediaExample(
  input: OperationInput,
  [type, media]: [string, Obj],
  direction: "request" | "response",
  label: string,
): unknown {
  const documented = documentExample(input.doc, type, media);
  if (media.schema === undefined || !input.examples) return documented;
  if (documented !== undefined && !isSchemaValue(type)) return documented;
  const { generator, shared } = input.examples;
  const schema = shared.shared(media.schema, label);
  const generate = () => generatedExample(input.examples!, schema, direction, label);
  const warnings = input.conversion.warnings;
  if (documented !== undefined) {
    const errors = generator.check(schema, documented, direction, label);
    if (errors.length === 0) return documented;
    const generated = generate();
    if (generated.ok) {
      warnings.push(
        `${label}: the document's example does not match its schema (${errorsText(errors)}); ` +
          "a generated example is written instead",
      );
      return generated.value;
    }
    warnings.push(
      `${label}: the document's example does not match its schema (${errorsText(errors)}), ` +
        "and no example that does could be generated; the document's is written",
    );
    return documented;
  }
  const generated = generate();
  if (generated.ok) return generated.value;
  // A request needs a body to be sent; an expected response is better without a wrong one.
  warnings.push(
    `${label}: the schema admits no value apispec could find (${errorsText(generated.errors)}); ` +
      (direction === "request" ? "the closest one is written" : "no example body is written"),
  );
  return direction === "request" ? generated.value : undefined;
}

function bodyText(type: string, value: unknown): { body: string; contentType: string } {
  if (/x-www-form-urlencoded/i.test(type) && isRecord(value)) {
    return {
      body: urlencodedBody(Object.entries(value).map(([k, v]) => [k, text(v)])),
      contentType: type,
    };
  }
  if (/multipart\/form-data/i.test(type) && isRecord(value)) {
    const parts = Object.entries(value).map(([name, v]) =>
      v === "" ? { name, value: "", file: name } : { name, value: text(v) }
    );
    const multipart = multipartBody(parts);
    return { body: multipart.body, contentType: multipart.contentType };
  }
  if (typeof value === "string" && !isJsonType(type)) return { body: value, contentType: type };
  return { body: JSON.stringify(value, null, 2), contentType: type };
}

/**
 * An example as body text with credentials under secret-named keys made
 * placeholders. A JSON value is made safe before it is written (safeBody would
 * parse the text back, which for GitHub's examples is a tenth of an import).
 */
function safeExampleBody(
  input: OperationInput,
  type: string,
  value: unknown,
  where: string,
  body?: string,
): string {
  const secrets = input.conversion.secrets;
  if (typeof value === "object" && value !== null && !isFormType(type)) {
    // `bodyText` writes it as JSON. One with credentials is judged again at each place,
    // so each is reported where it is.
    const known = input.safeTexts?.get(value);
    if (known !== undefined) return known;
    if (!hasBodyCredential(value)) {
      const text = body ?? JSON.stringify(value, null, 2); // what `bodyText` wrote
      input.safeTexts?.set(value, text);
      return text;
    }
    return JSON.stringify(safeJson(value, where, secrets), null, 2);
  }
  const text = body ?? bodyText(type, value).body;
  const json = typeof value === "object" && value !== null && /^[[{]/.test(text);
  return json
    ? JSON.stringify(safeJson(value, where, secrets), null, 2)
    : safeBody(text, where, secrets);
}

function authFor(
  input: OperationInput,
  headers: [string, string][],
  query: [string, string][],
): { auth?: AuthKind; fields?: AuthFields } {
  const requirements = input.operation.security ?? input.doc.security;
  if (!Array.isArray(requirements)) return {};
  if (requirements.length === 0) return { auth: "none" };
  const first = requirements.find(isRecord);
  if (!first) return {};
  const names = Object.keys(first);
  if (names.length === 0) return { auth: "none" };
  const components = isRecord(input.doc.components) ? input.doc.components : {};
  const schemes = isRecord(components.securitySchemes) ? components.securitySchemes : {};
  const scheme = deref(input.doc, schemes[names[0]]);
  if (!scheme) return {};
  const scopes = asArray(first[names[0]]).filter((s): s is string => typeof s === "string");
  const mapped = securityDraft(scheme, scopes);
  if (mapped) return mapped;
  if (scheme.type === "apiKey" && typeof scheme.name === "string") {
    const placeholder = `{{${camelFromHeader(scheme.name)}}}`;
    if (scheme.in === "header") headers.push([scheme.name, placeholder]);
    else if (scheme.in === "query") query.push([scheme.name, placeholder]);
    else if (scheme.in === "cookie") headers.push(["Cookie", `${scheme.name}=${placeholder}`]);
  }
  return { auth: "custom" };
}

function statusOf(code: string): number | undefined {
  if (/^[1-5]\d\d$/.test(code)) return Number(code);
  if (/^[1-5]XX$/i.test(code)) return Number(code[0]) * 100;
  return undefined;
}

function humanize(id: string): string {
  const words = id.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_\-/.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** Headings inside a description would open sections of their own; they become bold lines. */
function safeMarkdown(text: unknown): string | undefined {
  if (typeof text !== "string" || !text.trim()) return undefined;
  return text.replace(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/gm, "**$1**").trim();
}

function parameterNotes(params: Parameter[]): string | undefined {
  if (params.length === 0) return undefined;
  const rows = params.map((p) => {
    const schema = isRecord(p.schema) ? p.schema : {};
    const type = typeof schema.type === "string" ? schema.type : "";
    const description = (p.description ?? "").replace(/\s+/g, " ").replace(/\|/g, "\\|").slice(
      0,
      200,
    );
    return `| \`${p.name}\` | ${p.in} | ${p.required ? "yes" : "no"} | ${type} | ${description} |`;
  });
  return [
    "Parameters:",
    "",
    "| Name | In | Required | Type | Description |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

export function operationDraft(input: OperationInput): EndpointDraft {
  const { doc, operation } = input;
  const { path, params: pathNames } = colonPath(input.path);
  const method = input.method as HttpMethod;
  const where = `${method} ${path}`;
  // Warnings name the operation as the document writes it.
  const operationName = `${method} ${input.path}`;
  const params = parameters(doc, input.item, operation);
  const vars: Record<string, string> = {};
  const headers: [string, string][] = [];
  const query: [string, string][] = [];
  const auth = authFor(input, headers, query);
  for (const param of params) {
    const placeholder = `{{${variableName(param.name)}}}`;
    const value = param.example !== undefined ? text(param.example) : undefined;
    if (param.in === "path") {
      const name = [...pathNames].find(([, raw]) => raw === param.name)?.[0];
      if (name && value !== undefined) vars[name] = value;
    } else if (param.in === "query" && param.required) {
      query.push([param.name, value ?? placeholder]);
    } else if (param.in === "header" && param.required) {
      if (!/^(accept|content-type|authorization)$/i.test(param.name)) {
        headers.push([param.name, value ?? placeholder]);
      }
    } else if (param.in === "cookie" && param.required) {
      headers.push(["Cookie", `${param.name}=${value ?? placeholder}`]);
    }
  }
  const queryText = query.length
    ? "?" + query.map(([k, v]) => `${encodeTargetPart(k)}=${encodeTargetPart(v)}`).join("&")
    : "";
  const request: DraftMessage & { target: string } = {
    target: `{{baseUrl}}${encodeTargetPart(path)}${queryText}`,
    headers,
  };
  const requestBody = deref(doc, operation.requestBody);
  const requestMedia = requestBody ? pickMedia(requestBody.content) : undefined;
  if (requestMedia) {
    let value = mediaExample(input, requestMedia, "request", `${operationName} request body`);
    // A required body the schema does not constrain: an empty JSON object, not nothing.
    if (value === undefined && requestBody?.required === true && isJsonType(requestMedia[0])) {
      value = {};
    }
    if (value !== undefined) {
      const { body, contentType } = bodyText(requestMedia[0], value);
      headers.push(["Content-Type", contentType]);
      request.body = safeExampleBody(input, requestMedia[0], value, where, body);
    } else headers.push(["Content-Type", requestMedia[0]]);
  }
  const responses = isRecord(operation.responses) ? operation.responses : {};
  const codes = Object.keys(responses).filter((c) => statusOf(c) !== undefined)
    .sort((a, b) => statusOf(a)! - statusOf(b)!);
  const successCode = codes.find((c) => statusOf(c)! >= 200 && statusOf(c)! < 300);
  const chosen = successCode ?? codes[0] ?? ("default" in responses ? "default" : undefined);
  const draft: EndpointDraft = {
    title: typeof operation.summary === "string" && operation.summary.trim()
      ? operation.summary.trim()
      : typeof operation.operationId === "string"
      ? humanize(operation.operationId)
      : `${method} ${path}`,
    description: safeMarkdown(operation.description),
    resource: resourceFor(path, uniqueTags(asArray(operation.tags))),
    method,
    path,
    tags: uniqueTags(asArray(operation.tags)),
    ...(auth.auth ? { auth: auth.auth } : {}),
    ...(auth.fields ? { authFields: auth.fields } : {}),
    ...(Object.keys(vars).length ? { vars } : {}),
    request,
    expected: { status: chosen ? statusOf(chosen) ?? 200 : 200, headers: [] },
  };
  let schemaLeftOut: string | undefined;
  if (chosen) {
    const response = deref(doc, responses[chosen]);
    const media = response ? pickMedia(response.content) : undefined;
    if (media) {
      draft.expected.headers.push(["Content-Type", media[0]]);
      const value = mediaExample(input, media, "response", `${operationName} response ${chosen}`);
      if (value !== undefined) {
        draft.expected.body = safeExampleBody(input, media[0], value, `${where} response`);
      }
      if (media[1].schema !== undefined && /json/i.test(media[0])) {
        const schema = input.schemas.standaloneUpTo(
          media[1].schema,
          "response",
          `${operationName} response ${chosen}`,
          MAX_SCHEMA_COPY,
        );
        if (typeof schema === "object") {
          draft.schema = schema;
          draft.match = "schema";
        } else if (typeof schema === "number") {
          const limit = `${MAX_SCHEMA_COPY / 1024} KiB`;
          schemaLeftOut = `The ${chosen} response schema (over ${limit} as JSON, with everything ` +
            "it refers to) is not copied into this file: `apispec drift` checks bodies against " +
            "the OpenAPI document itself.";
          input.conversion.warnings.push(
            `${operationName}: the response schema is over ${limit} with what it refers to; ` +
              "it is not copied into the endpoint file (drift checks bodies against the document)",
          );
        }
      }
    }
  }
  const errors = codes.filter((c) => c !== chosen).map((code) => {
    const response = deref(doc, responses[code]);
    const media = response ? pickMedia(response.content) : undefined;
    const value = media
      ? mediaExample(input, media, "response", `${operationName} response ${code}`)
      : undefined;
    return {
      status: statusOf(code)!,
      description: typeof response?.description === "string"
        ? response.description.replace(/\s+/g, " ").trim()
        : undefined,
      headers: media ? [["Content-Type", media[0]] as [string, string]] : [],
      body: value !== undefined && media
        ? safeExampleBody(input, media[0], value, `${operationName} response ${code}`)
        : undefined,
    };
  });
  if (errors.length) draft.errorResponses = errors;
  const notes = [
    schemaLeftOut ?? "",
    operation.deprecated === true ? "**Deprecated** in the OpenAPI document." : "",
    typeof operation.operationId === "string"
      ? `OpenAPI operationId: \`${operation.operationId}\``
      : "",
    parameterNotes(params) ?? "",
  ].filter(Boolean);
  if (notes.length) draft.notes = notes.join("\n\n");
  return draft;
}
