/**
 * A case's values on the wire: path and query parameters encoded into the
 * request target (OpenAPI's default styles: `simple` in the path, `form` in
 * the query and cookies), header values, and the body as JSON, a form or
 * text. A value that cannot travel as itself (an empty path segment, a header
 * outside printable ASCII) makes the case unsendable rather than changed.
 */
import type { FuzzCase, FuzzOperation, FuzzParameter } from "./model.ts";

export interface CaseRequest {
  /** The path with its query, from `/`: `/users/42?limit=3`. */
  target: string;
  /** Parameter headers, cookies and the body's Content-Type, in that order. */
  headers: [string, string][];
  body?: string;
}

export type Built = { ok: true; request: CaseRequest } | { ok: false; reason: string };

function scalarText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** `simple` style: arrays and objects as comma lists (`explode` writes `k=v` pairs). */
function simpleText(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(scalarText).join(",");
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).map(([k, v]) =>
      explode ? `${k}=${scalarText(v)}` : `${k},${scalarText(v)}`
    ).join(",");
  }
  return scalarText(value);
}

/** `form` style pairs of one query parameter. */
function formPairs(param: FuzzParameter, value: unknown): [string, string][] {
  if (Array.isArray(value)) {
    return param.explode
      ? value.map((v) => [param.name, scalarText(v)])
      : [[param.name, value.map(scalarText).join(",")]];
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => [k, scalarText(v)] as [string, string]);
    return param.explode ? entries : [[param.name, entries.flat().join(",")]];
  }
  return [[param.name, scalarText(value)]];
}

/** Header values are visible ASCII; spaces inside but not at the ends (a parser would trim them). */
const HEADER_VALUE = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)$/;

/** Text holding `{{` would be read as a placeholder by the endpoint file that reproduces it. */
const PLACEHOLDER_OPEN = "{{";

/** A JSON text without `{{`: inside strings the second brace is written as `\u007b`. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replaceAll("{{", "{\\u007b");
}

function bodyText(mediaType: string, value: unknown): string | undefined {
  if (/x-www-form-urlencoded/i.test(mediaType)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const pairs: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      for (const item of Array.isArray(v) ? v : [v]) {
        pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(scalarText(item))}`);
      }
    }
    return pairs.join("&");
  }
  if (/^text\//i.test(mediaType)) {
    const text = scalarText(value);
    return text.includes(PLACEHOLDER_OPEN) || text !== text.trim() ? undefined : text;
  }
  return jsonText(value);
}

/**
 * The request of one case, or why it cannot be sent as generated.
 *
 * @example
 * ```ts
 * import { buildRequest } from "./request.ts";
 * const op = {
 *   method: "GET" as const, path: "/users/{id}", responses: [],
 *   parameters: [
 *     { name: "id", in: "path" as const, required: true, schema: {}, explode: false },
 *     { name: "tag", in: "query" as const, required: false, schema: {}, explode: true },
 *   ],
 * };
 * buildRequest(op, { path: { id: "a b" }, query: { tag: ["x", "y"] }, header: {}, cookie: {} });
 * // { ok: true, request: { target: "/users/a%20b?tag=x&tag=y", headers: [] } }
 * ```
 */
export function buildRequest(op: FuzzOperation, values: FuzzCase): Built {
  let path = op.path;
  const query: string[] = [];
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  for (const param of op.parameters) {
    const value = values[param.in][param.name];
    if (value === undefined) {
      if (param.in === "path") return { ok: false, reason: `path parameter ${param.name} missing` };
      continue;
    }
    if (param.in === "path") {
      const text = simpleText(value, param.explode);
      // An empty, `.` or `..` segment would reach another route.
      if (text === "" || text === "." || text === "..") {
        return { ok: false, reason: `path parameter ${param.name} is "${text}"` };
      }
      path = path.replaceAll(`{${param.name}}`, encodeURIComponent(text));
    } else if (param.in === "query") {
      for (const [name, text] of formPairs(param, value)) {
        query.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
      }
    } else if (param.in === "header") {
      const text = simpleText(value, param.explode);
      if (!HEADER_VALUE.test(text) || text.includes(PLACEHOLDER_OPEN)) {
        return { ok: false, reason: `header ${param.name} cannot carry ${JSON.stringify(text)}` };
      }
      headers.push([param.name, text]);
    } else {
      const text = encodeURIComponent(simpleText(value, false));
      cookies.push(`${param.name}=${text}`);
    }
  }
  if (cookies.length) headers.push(["Cookie", cookies.join("; ")]);
  const request: CaseRequest = {
    target: path + (query.length ? `?${query.join("&")}` : ""),
    headers,
  };
  if (values.body && op.body && op.method !== "GET" && op.method !== "HEAD") {
    const body = bodyText(op.body.mediaType, values.body.value);
    if (body === undefined) return { ok: false, reason: `the body cannot be ${op.body.mediaType}` };
    headers.push(["Content-Type", op.body.mediaType]);
    request.body = body;
  }
  return { ok: true, request };
}

/**
 * What a server reads back from a parameter's value as sent: nothing (an
 * empty list or object sends no query pair), else by the schema's type a
 * number, a boolean, a list of texts, or the text. A negative case is kept
 * only when what arrives is still invalid.
 */
/**
 * A form body (`application/x-www-form-urlencoded`) as a server may read it
 * back, field `key` read every way it can be: every field arrives as text,
 * which a server reads by its schema (`12345` a number, `true` a boolean,
 * else the text); a list arrives as one pair per item (none when empty: no
 * field), an object as its JSON text.
 */
export function formBodyReadings(
  body: Record<string, unknown>,
  key: string,
): Record<string, unknown>[] {
  const value = body[key];
  if (value === undefined) return [];
  const textReadings = (text: string): unknown[] => {
    const out: unknown[] = [text];
    if (text.trim() !== "" && Number.isFinite(Number(text))) out.push(Number(text));
    if (text === "true" || text === "false") out.push(text === "true");
    return out;
  };
  let readings: unknown[];
  if (Array.isArray(value)) {
    if (value.length === 0) {
      const { [key]: _gone, ...rest } = body;
      return [rest];
    }
    const texts = value.map(scalarText);
    readings = [texts, ...(texts.length === 1 ? textReadings(texts[0]) : [])];
  } else readings = textReadings(scalarText(value));
  return readings.map((reading) => ({ ...body, [key]: reading }));
}

export function wireValue(
  param: FuzzParameter,
  schemaType: string | undefined,
  value: unknown,
): { missing: true } | { missing: false; value: unknown } {
  const texts = param.in === "query"
    ? formPairs(param, value).map(([, text]) => text)
    : [simpleText(value, param.explode)];
  if (texts.length === 0) return { missing: true };
  const read = (text: string): unknown => {
    if (schemaType === "integer" || schemaType === "number") {
      return text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
    }
    if (schemaType === "boolean") return text === "true" ? true : text === "false" ? false : text;
    return text;
  };
  if (schemaType === "array") return { missing: false, value: texts.flatMap((t) => t.split(",")) };
  if (texts.length > 1) return { missing: false, value: texts.map(read) };
  return { missing: false, value: read(texts[0]) };
}
