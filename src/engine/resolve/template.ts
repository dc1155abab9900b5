/**
 * Placeholders: `{{name}}` anywhere, `:name` as a URL path segment. Resolution
 * is a single pass: a value that itself holds `{{...}}` is refused, never
 * expanded again.
 */
import { percentEncoded } from "../text/percent.ts";

export const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w.$-]*)\s*\}\}/g;
const PATH_PARAM = /\/:([A-Za-z_][\w]*)/g;

export interface Placeholder {
  name: string;
  kind: "template" | "path_param";
}

/** Names of `{{...}}` placeholders in order of first appearance. */
export function templateNames(text: string): string[] {
  if (!text.includes("{{")) return []; // most texts have none; this test is far cheaper than the scan
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]);
  return [...names];
}

/** Names of `:param` segments in the path part of a URL or path. */
export function pathParamNames(target: string): string[] {
  const pathPart = urlPathPart(target);
  const names = new Set<string>();
  for (const match of pathPart.matchAll(PATH_PARAM)) names.add(match[1]);
  return [...names];
}

/** The part of a target that is a path: after scheme and authority, before `?` or `#`. */
function urlPathPart(target: string): string {
  const noQuery = target.split(/[?#]/)[0];
  const afterScheme = noQuery.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "");
  return afterScheme;
}

/** A `{{` not followed by a well-formed placeholder; most text has none, so this test comes first. */
const MAYBE_MALFORMED = /\{\{(?!\s*[A-Za-z_$][\w.$-]*\s*\}\})/;

/** Text of `{{` that do not open a well-formed placeholder, for validation. */
export function malformedPlaceholders(text: string): string[] {
  if (!MAYBE_MALFORMED.test(text)) return [];
  const stripped = text.replace(PLACEHOLDER, "");
  const bad: string[] = [];
  for (const match of stripped.matchAll(/\{\{[^\n]{0,30}/g)) bad.push(match[0]);
  return bad;
}

export type Lookup = (name: string) => string | undefined;

export interface Substitution {
  text: string;
  missing: string[];
  /** Names whose value still holds `{{`; single-pass resolution refuses them. */
  nested: string[];
}

/** Replaces every `{{name}}` once. */
export function substitute(text: string, lookup: Lookup): Substitution {
  // Bodies and headers sent thousands of times in a run mostly hold no placeholder.
  if (!text.includes("{{")) return { text, missing: [], nested: [] };
  const missing: string[] = [];
  const nested: string[] = [];
  const out = text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = lookup(name);
    if (value === undefined) {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    if (value.includes("{{") && !nested.includes(name)) nested.push(name);
    return value;
  });
  return { text: out, missing, nested };
}

/** Replaces `:name` path segments of a target once; query and authority are left alone. */
export function substitutePathParams(target: string, lookup: Lookup): Substitution {
  const missing: string[] = [];
  const nested: string[] = [];
  const cut = target.search(/[?#]/);
  const [head, tail] = cut === -1 ? [target, ""] : [target.slice(0, cut), target.slice(cut)];
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(head)?.[0] ?? "";
  const path = head.slice(authority.length).replace(PATH_PARAM, (whole, name: string) => {
    const value = lookup(name);
    if (value === undefined) {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    if (value.includes("{{") && !nested.includes(name)) nested.push(name);
    return "/" + percentEncoded(value);
  });
  return { text: authority + path + tail, missing, nested };
}
