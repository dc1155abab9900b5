/**
 * The shared intermediate form of every importer: `EndpointDraft`s (rendered by
 * `engine/render/spec_md.ts`), environment values for the env template, and
 * what was left out or made safe. Converters build drafts with the helpers
 * here so resources, paths, file names and credentials are handled one way.
 */
import type { EndpointDraft } from "../engine/render/spec_md.ts";
import { slugify, specFileName } from "../engine/render/spec_md.ts";
import { HTTP_METHODS, type HttpMethod } from "../engine/model.ts";
import { percentEncoded } from "../engine/text/percent.ts";

export type { EndpointDraft };

/** One environment's variables, merged into `_shared/env.template.md`. */
export interface EnvDraft {
  name: string;
  vars: Record<string, string>;
}

/** A credential found in the input and replaced by a `{{variable}}`. */
export interface SecretFinding {
  /** Where it was found, e.g. `GET /users header Authorization` or `environment dev`. */
  where: string;
  variable: string;
}

export interface Conversion {
  /** Title of the collection or API, used as the project name of a new collection. */
  title?: string;
  endpoints: EndpointDraft[];
  environments: EnvDraft[];
  secrets: SecretFinding[];
  /** Things not imported (unsupported methods, GraphQL...), one sentence each. */
  warnings: string[];
}

/** Input the importer cannot read: the reason, and the line when known. */
export interface ConvertError {
  message: string;
  line?: number;
  fix: string;
}

export type ConvertOutcome = { ok: true; conversion: Conversion } | {
  ok: false;
  error: ConvertError;
};

export function emptyConversion(title?: string): Conversion {
  return { title, endpoints: [], environments: [], secrets: [], warnings: [] };
}

export function failure(message: string, fix: string, line?: number): ConvertOutcome {
  return { ok: false, error: { message, fix, ...(line ? { line } : {}) } };
}

/**
 * Commands default to the `dev` environment; when an input names others
 * only, `dev` starts as a copy of the first so the collection runs at once.
 */
export function ensureDevEnvironment(conversion: Conversion): void {
  const envs = conversion.environments.filter((e) => Object.keys(e.vars).length > 0);
  if (envs.length === 0 || envs.some((e) => e.name === "dev")) return;
  conversion.environments.unshift({ name: "dev", vars: { ...envs[0].vars } });
}

/** The method in upper case when apispec can run it. */
export function httpMethod(method: unknown): HttpMethod | undefined {
  const upper = String(method ?? "").toUpperCase();
  return (HTTP_METHODS as readonly string[]).includes(upper) ? upper as HttpMethod : undefined;
}

const VERSION_SEGMENT = /^v\d+(\.\d+)*$|^\d+(\.\d+)*$/i;

/** Resource: the first tag, else the first path segment that is not a version, `api` or a parameter. */
export function resourceFor(path: string, tags: string[] = []): string {
  const tag = tags.map(slugify).find((t) => t);
  if (tag) return tag;
  for (const segment of path.split("/")) {
    if (!segment || VERSION_SEGMENT.test(segment) || /^api$/i.test(segment)) continue;
    if (/^[:{]/.test(segment) || segment.includes("{{")) continue;
    const slug = slugify(segment);
    if (slug) return slug;
  }
  return "root";
}

/** A variable name the engine accepts, in lower camel case: `user-id` → `userId`. */
export function variableName(raw: string): string {
  const words = raw.replace(/[^A-Za-z0-9_]+/g, " ").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "value";
  const name = words.map((w, i) => i === 0 ? w : w[0].toUpperCase() + w.slice(1)).join("");
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

/** `/users/{user-id}` → `/users/:userId`; the map gives each new name its original. */
export function colonPath(path: string): { path: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const converted = path.replace(/\{([^}/]+)\}/g, (_, raw: string) => {
    const name = variableName(raw);
    params.set(name, raw);
    return `:${name}`;
  });
  return { path: converted.startsWith("/") ? converted : `/${converted}`, params };
}

/** Characters a request target may not hold unescaped (it is one whitespace-free token). */
export function encodeTargetPart(value: string): string {
  // `u`: a character outside the BMP is one match, not two halves `encodeURIComponent` rejects;
  // a lone half (text cut mid-character) becomes U+FFFD.
  return value.replace(
    /\{\{\s*([^}]+?)\s*\}\}|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/gu,
    (m, name) => name ? `{{${name}}}` : percentEncoded(m),
  );
}

/** A query string from pairs; values that are placeholders stay readable. */
export function queryString(pairs: [string, string][]): string {
  if (pairs.length === 0) return "";
  return "?" + pairs.map(([k, v]) => `${encodeTargetPart(k)}=${encodeTargetPart(v)}`).join("&");
}

/**
 * Gives each draft its file path `apis/<resource>/<method>-<slug>.md`, adding
 * `-2`, `-3`... when two drafts of one import would share a name.
 */
export function assignFileNames(drafts: EndpointDraft[]): { draft: EndpointDraft; file: string }[] {
  const used = new Set<string>();
  return drafts.map((draft) => {
    const base = `apis/${draft.resource}/${specFileName(draft.method, draft.title, draft.path)}`
      .replace(/\.md$/, "");
    let file = `${base}.md`;
    for (let n = 2; used.has(file); n++) file = `${base}-${n}.md`;
    used.add(file);
    return { draft, file };
  });
}

/** Ordered, de-duplicated tags. */
export function uniqueTags(tags: unknown[]): string[] {
  return [...new Set(tags.filter((t): t is string => typeof t === "string" && t.trim() !== ""))];
}

/** Pretty JSON when the text is JSON, else the text as is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
