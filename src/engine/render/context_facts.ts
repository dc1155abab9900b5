/**
 * The facts context is made of, read from a parsed endpoint: body fields with
 * their JSON types, error contracts, rules and the commands that verify it.
 * Pure and shared by the text and JSON renderings.
 */
import type { EndpointSpec, ResponseBlock } from "../model.ts";

export interface Field {
  /** `body.name`, `body.items[].id`, `headers.location`. */
  name: string;
  type: string;
}

const PLACEHOLDER_SENTINEL = "\u0000placeholder";

/** A JSON value's type name as a schema would say it. */
function typeOf(value: unknown): string {
  if (value === PLACEHOLDER_SENTINEL) return "any";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}

/** Parses a JSON body that may hold bare `{{placeholders}}` (typed "any"). */
function parseBody(body: string): { ok: true; value: unknown } | { ok: false } {
  if (body.trim() === "") return { ok: false };
  const text = body.replace(
    /("(?:[^"\\]|\\.)*")|\{\{\s*[A-Za-z_][\w.-]*\s*\}\}/g,
    (_match, quoted) => quoted ?? JSON.stringify(PLACEHOLDER_SENTINEL),
  );
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Fields of a JSON value, breadth first (top level, then nested), two levels deep. */
function jsonFields(value: unknown, prefix: string): Field[] {
  const fields: Field[] = [];
  let level: { path: string; value: unknown }[] = [{ path: prefix, value }];
  for (let depth = 0; depth < 2 && level.length > 0; depth++) {
    const next: typeof level = [];
    for (const { path, value: current } of level) {
      const target = Array.isArray(current) ? current[0] : current;
      const base = Array.isArray(current) ? `${path}[]` : path;
      if (!target || typeof target !== "object" || Array.isArray(target)) continue;
      for (const [key, child] of Object.entries(target)) {
        fields.push({ name: `${base}.${key}`, type: typeOf(child) });
        if (child && typeof child === "object") next.push({ path: `${base}.${key}`, value: child });
      }
    }
    level = next;
  }
  if (fields.length === 0 && Array.isArray(value)) {
    fields.push({ name: `${prefix}[]`, type: typeOf(value[0]) });
  }
  return fields;
}

/** Fields from a JSON schema's properties (one level of nesting), for `match: schema`. */
function schemaFields(schema: unknown, prefix: string): Field[] {
  const node = schema as { type?: unknown; properties?: Record<string, unknown>; items?: unknown };
  if (!node || typeof node !== "object") return [];
  if (node.type === "array" && node.items) return schemaFields(node.items, `${prefix}[]`);
  const fields: Field[] = [];
  const nested: Field[] = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const type = (child as { type?: unknown })?.type;
    fields.push({
      name: `${prefix}.${key}`,
      type: Array.isArray(type) ? type.join("|") : String(type ?? "any"),
    });
    if (!prefix.includes(".") && (child as { properties?: unknown })?.properties) {
      nested.push(
        ...schemaFields(child, `${prefix}.${key}`).filter((f) => f.name.split(".").length <= 3),
      );
    }
  }
  return [...fields, ...nested];
}

export function requestFields(spec: EndpointSpec): Field[] {
  const parsed = parseBody(spec.request.body);
  return parsed.ok ? jsonFields(parsed.value, "body") : [];
}

/** Response fields: documented headers beyond Content-Type, then body fields. */
export function responseFields(spec: EndpointSpec): Field[] {
  const headers = spec.expected.headers
    .filter((h) => h.name.toLowerCase() !== "content-type")
    .map((h) => ({ name: `headers.${h.name.toLowerCase()}`, type: "string" }));
  if (spec.match === "schema" && spec.schema) {
    return [...headers, ...schemaFields(spec.schema.value, "body")];
  }
  const parsed = parseBody(spec.expected.body);
  return [...headers, ...(parsed.ok ? jsonFields(parsed.value, "body") : [])];
}

/** `body.name:string` items, at most `max`, with a count of the rest. */
export function fieldList(fields: Field[], max: number): string {
  const shown = fields.slice(0, max).map((f) => `${f.name}:${f.type}`);
  if (fields.length > max) shown.push(`(+${fields.length - max} more)`);
  return shown.join(", ");
}

/** What a documented error is called: its `error`/`code` field, else the reason phrase. */
export function errorLabel(block: ResponseBlock): string {
  const parsed = parseBody(block.body);
  if (parsed.ok && parsed.value && typeof parsed.value === "object") {
    const value = parsed.value as Record<string, unknown>;
    for (const key of ["error", "code", "type", "title"]) {
      if (typeof value[key] === "string") return value[key] as string;
    }
  }
  return block.reason;
}

export function bodyKind(body: string): string {
  if (body.trim() === "") return "";
  return parseBody(body).ok ? "json" : `text, ${body.split("\n").length} lines`;
}

/** Non-default rules that change how a run behaves. */
export function rules(spec: EndpointSpec, auth: string): string[] {
  const out = [`match ${spec.match}`, `auth ${auth}`];
  if (spec.env.length) out.push(`env ${spec.env.join("|")}`);
  if (spec.timeout) out.push(`timeout ${spec.timeout} ms`);
  if (spec.retry.attempts) {
    out.push(`retry ${spec.retry.attempts} ${spec.retry.backoff ?? "fixed"}`);
  }
  if (spec.ignore.length) out.push(`ignore ${spec.ignore.join(" ")}`);
  if (spec.protocol !== "http") out.push(`protocol ${spec.protocol}`);
  return out;
}

/** The message blocks as written, for verbose context. */
export function requestBlockText(spec: EndpointSpec): string {
  const r = spec.request;
  const lines = [`${r.method} ${r.target}`, ...r.headers.map((h) => `${h.name}: ${h.value}`)];
  if (r.body.trim()) lines.push("", r.body.trimEnd());
  return lines.join("\n");
}

export function responseBlockText(block: ResponseBlock): string {
  const lines = [
    `HTTP/1.1 ${block.status} ${block.reason}`.trimEnd(),
    ...block.headers.map((h) => `${h.name}: ${h.value}`),
  ];
  if (block.body.trim()) lines.push("", block.body.trimEnd());
  return lines.join("\n");
}
