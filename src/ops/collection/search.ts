/**
 * `apispec_search`: endpoints whose title or description hold every word of
 * `q`, filtered by method, path substring and tag. Reads the collection's
 * in-memory index, so a query costs a scan of summaries, not of files.
 */
import { join } from "../../adapters/path.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath } from "./load.ts";
import type { SpecIndexCache, SpecSummary } from "./spec_index.ts";

export interface SearchQuery {
  q?: string;
  method?: string;
  path?: string;
  tag?: string;
}

/** What an agent needs to pick a file; the rest comes through `apispec_context` (BEYOND §11). */
export interface SearchHit {
  method: string;
  path: string;
  title: string;
  file: string;
}

export interface SearchResult {
  /** Every match; `results` holds at most `SEARCH_LIMIT` of them, best first. */
  count: number;
  results: SearchHit[];
}

/** 20 hits stay under 4,000 characters with titles cut at `TITLE_LIMIT` (tests/mcp/budgets_test.ts). */
export const SEARCH_LIMIT = 20;
export const TITLE_LIMIT = 80;

function shortTitle(title: string): string {
  return title.length <= TITLE_LIMIT ? title : `${title.slice(0, TITLE_LIMIT - 1)}…`;
}

/** Lower-cased text of each summary, computed once per summary object rather than per query. */
const folded = new WeakMap<
  SpecSummary,
  { title: string; description: string; path: string; tags: string[] }
>();

function foldedOf(entry: SpecSummary) {
  let text = folded.get(entry);
  if (!text) {
    text = {
      title: entry.title.toLowerCase(),
      description: entry.description.toLowerCase(),
      path: entry.path.toLowerCase(),
      tags: entry.tags.map((t) => t.toLowerCase()),
    };
    folded.set(entry, text);
  }
  return text;
}

/** Ranks endpoints against a query: all `q` words must match; title words weigh double. */
export function matchSpecs(entries: SpecSummary[], query: SearchQuery): {
  entry: SpecSummary;
  score: number;
}[] {
  const words = (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const method = query.method?.toUpperCase();
  const path = query.path?.toLowerCase();
  const tag = query.tag?.toLowerCase();
  const matches = [];
  for (const entry of entries) {
    if (entry.kind !== "endpoint") continue;
    if (method && entry.method !== method) continue;
    const text = foldedOf(entry);
    if (path && !text.path.includes(path)) continue;
    if (tag && !text.tags.includes(tag)) continue;
    let score = 0;
    let all = true;
    for (const word of words) {
      if (text.title.includes(word)) score += 2;
      else if (text.description.includes(word)) score += 1;
      else {
        all = false;
        break;
      }
    }
    if (all) matches.push({ entry, score });
  }
  return matches.sort((a, b) =>
    b.score - a.score || (a.entry.file < b.entry.file ? -1 : a.entry.file > b.entry.file ? 1 : 0)
  );
}

/** Searches the collection at `root` (an `api-docs` folder) through its index. */
export async function searchSpecs(
  query: SearchQuery,
  root: string,
  ctx: OpsContext,
  indexes: SpecIndexCache,
): Promise<SearchResult> {
  const matches = matchSpecs(await indexes.get(root).entries(), query);
  return {
    count: matches.length,
    results: matches.slice(0, SEARCH_LIMIT).map(({ entry }) => ({
      method: entry.method,
      path: entry.path,
      title: shortTitle(entry.title),
      file: displayPath(join(root, entry.file), ctx.cwd),
    })),
  };
}
