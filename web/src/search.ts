/**
 * Endpoint search and grouping for the sidebar. Pure, so the benchmark and
 * unit tests run it as the browser does. A query is words matched against
 * method, path, title, file and tags; `method:get`, `tag:users` and
 * `resource:orders` narrow by field; a bare method word (`post`) matches the
 * method.
 */
import type { EndpointEntry } from "./types.ts";

const METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

export interface Query {
  words: string[];
  method?: string;
  tag?: string;
  resource?: string;
}

export function parseQuery(text: string): Query {
  const query: Query = { words: [] };
  for (const token of text.toLowerCase().split(/\s+/).filter(Boolean)) {
    const [key, value] = token.includes(":")
      ? [token.slice(0, token.indexOf(":")), token.slice(token.indexOf(":") + 1)]
      : ["", token];
    if (key === "method" && value) query.method = value;
    else if (key === "tag" && value) query.tag = value;
    else if (key === "resource" && value) query.resource = value;
    else if (!key && METHODS.has(value) && !query.method) query.method = value;
    else query.words.push(token);
  }
  return query;
}

/** Lower-case text searched for each entry, computed once per index. */
export function searchKey(entry: EndpointEntry): string {
  return `${entry.method} ${entry.path} ${entry.title} ${entry.file} ${entry.tags.join(" ")}`
    .toLowerCase();
}

export function filterEndpoints(
  entries: EndpointEntry[],
  keys: string[],
  text: string,
): EndpointEntry[] {
  const query = parseQuery(text);
  if (!query.method && !query.tag && !query.resource && query.words.length === 0) return entries;
  const out: EndpointEntry[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (query.method && entry.method.toLowerCase() !== query.method) continue;
    if (query.tag && !entry.tags.some((t) => t.toLowerCase().includes(query.tag!))) continue;
    if (query.resource && !entry.resource.toLowerCase().includes(query.resource)) continue;
    const key = keys[i];
    if (query.words.every((w) => key.includes(w))) out.push(entry);
  }
  return out;
}

export type Row =
  | { kind: "group"; resource: string; count: number; collapsed: boolean }
  | { kind: "endpoint"; entry: EndpointEntry };

/** Rows of the virtual list: a header per resource, then its endpoints (unless collapsed). */
export function groupRows(entries: EndpointEntry[], collapsed: Set<string>): Row[] {
  const groups = new Map<string, EndpointEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.resource);
    if (list) list.push(entry);
    else groups.set(entry.resource, [entry]);
  }
  const rows: Row[] = [];
  for (const resource of [...groups.keys()].sort()) {
    const list = groups.get(resource)!;
    const isCollapsed = collapsed.has(resource);
    rows.push({ kind: "group", resource, count: list.length, collapsed: isCollapsed });
    if (!isCollapsed) { for (const entry of list) rows.push({ kind: "endpoint", entry }); }
  }
  return rows;
}
