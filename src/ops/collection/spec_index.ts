/**
 * An in-memory index of a collection's endpoint and flow files, built at
 * first use and kept current by file-change notices: a changed file is read
 * again on the next query, a changed folder makes the next query rescan. The
 * tool server keeps one per collection so a search over ten thousand specs
 * does not read ten thousand files.
 */
import { join, relative } from "../../adapters/path.ts";
import { type SpecSummary, summarizeFile } from "../../engine/parse/summary.ts";
import { listMarkdown, readText, toSlash } from "../../adapters/fs.ts";
import { type Watcher, watchTree } from "../../adapters/watch.ts";
import { kindOf } from "./file_kind.ts";

export type { SpecSummary };

export class SpecIndex {
  #entries?: Map<string, SpecSummary>;
  #stale = new Set<string>();
  #rescan = false;
  #watcher?: Watcher;

  /** `watch: false` for one-shot use (the CLI), where nothing changes during the run. */
  constructor(readonly root: string, private readonly options: { watch: boolean }) {}

  /** Every endpoint and flow that could be read, sorted by file. */
  async entries(): Promise<SpecSummary[]> {
    if (!this.#entries || this.#rescan) await this.#build();
    else if (this.#stale.size > 0) await this.#refresh();
    return [...this.#entries!.values()];
  }

  /** Marks a file (absolute, or relative to the root) stale; without one, everything. */
  invalidate(path?: string): void {
    if (path === undefined) this.#rescan = true;
    else this.#stale.add(path.startsWith("/") ? path : join(this.root, path));
  }

  close(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  async #build(): Promise<void> {
    // Start watching before reading, so an edit made while reading is not lost.
    if (this.options.watch && !this.#watcher) {
      this.#watcher = watchTree(this.root, (paths) => paths.forEach((p) => this.#stale.add(p)));
    }
    this.#rescan = false;
    this.#stale.clear();
    const entries = new Map<string, SpecSummary>();
    for (const rel of await listMarkdown(this.root)) {
      const summary = await this.#read(rel);
      if (summary) entries.set(rel, summary);
    }
    this.#entries = entries;
  }

  async #refresh(): Promise<void> {
    const stale = [...this.#stale];
    this.#stale.clear();
    for (const path of stale) {
      const rel = toSlash(relative(this.root, path));
      if (rel.startsWith("..")) continue;
      if (!rel.toLowerCase().endsWith(".md")) {
        // A folder was added, removed or renamed: its files are unknown, so rescan.
        return await this.#build();
      }
      const summary = await this.#read(rel);
      if (summary) this.#entries!.set(rel, summary);
      else this.#entries!.delete(rel);
    }
    this.#entries = new Map([...this.#entries!].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
  }

  async #read(rel: string): Promise<SpecSummary | undefined> {
    const kind = kindOf(rel);
    if (kind !== "endpoint" && kind !== "flow") return undefined;
    if (rel.split("/").some((part) => part.startsWith("."))) return undefined;
    try {
      return summarizeFile(await readText(join(this.root, rel)), rel, kind);
    } catch {
      return undefined;
    }
  }
}

/** One index per collection root, shared by every tool of a server. */
export class SpecIndexCache {
  #indexes = new Map<string, SpecIndex>();

  constructor(private readonly options: { watch: boolean }) {}

  get(root: string): SpecIndex {
    let index = this.#indexes.get(root);
    if (!index) {
      index = new SpecIndex(root, this.options);
      this.#indexes.set(root, index);
    }
    return index;
  }

  close(): void {
    for (const index of this.#indexes.values()) index.close();
    this.#indexes.clear();
  }
}
