/**
 * The endpoint and flow index the UI lists, kept in memory and updated file
 * by file as the watcher reports changes, so a collection of thousands of
 * specs is parsed once, not on every request.
 */
import { join } from "../adapters/path.ts";
import type { HttpMethod } from "../engine/model.ts";
import { parseEndpoint } from "../engine/parse/spec.ts";
import { parseFlow } from "../engine/parse/flow.ts";
import { listMarkdown, readText } from "../adapters/fs.ts";
import { kindOf } from "../ops/collection/validate.ts";

export interface EndpointEntry {
  file: string;
  title: string;
  method: HttpMethod;
  path: string;
  resource: string;
  tags: string[];
  description: string;
}

export interface FlowEntry {
  file: string;
  name: string;
  title: string;
  description: string;
  steps: number;
}

/** A file that does not parse: listed so it can be opened and fixed. */
export interface BrokenEntry {
  file: string;
  kind: "endpoint" | "flow";
  message: string;
  line?: number;
}

type Entry =
  | { type: "endpoint"; value: EndpointEntry }
  | { type: "flow"; value: FlowEntry }
  | { type: "broken"; value: BrokenEntry };

export class CollectionIndex {
  #entries = new Map<string, Entry>();
  constructor(readonly root: string) {}

  /** Reads every file again. */
  async rebuild(): Promise<void> {
    const files = await listMarkdown(this.root);
    const next = new Map<string, Entry>();
    for (const file of files) {
      const entry = await this.#read(file);
      if (entry) next.set(file, entry);
    }
    this.#entries = next;
  }

  /** Re-reads the given files (relative paths); a file that is gone leaves the index. */
  async update(files: string[]): Promise<void> {
    for (const file of files) {
      const entry = await this.#read(file);
      if (entry) this.#entries.set(file, entry);
      else this.#entries.delete(file);
    }
  }

  endpoints(): EndpointEntry[] {
    return this.#values((e) => e.type === "endpoint" ? e.value : undefined);
  }

  flows(): FlowEntry[] {
    return this.#values((e) => e.type === "flow" ? e.value : undefined);
  }

  broken(): BrokenEntry[] {
    return this.#values((e) => e.type === "broken" ? e.value : undefined);
  }

  #values<T extends { file: string }>(pick: (entry: Entry) => T | undefined): T[] {
    const out: T[] = [];
    for (const entry of this.#entries.values()) {
      const value = pick(entry);
      if (value) out.push(value);
    }
    return out.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  }

  async #read(file: string): Promise<Entry | undefined> {
    if (!file.toLowerCase().endsWith(".md")) return undefined;
    const kind = kindOf(file);
    if (kind !== "endpoint" && kind !== "flow") return undefined;
    let text: string;
    try {
      text = await readText(join(this.root, file));
    } catch {
      return undefined;
    }
    if (kind === "flow") {
      const { flow, issues } = parseFlow(text, file);
      if (!flow) return broken(file, kind, issues);
      return {
        type: "flow",
        value: {
          file,
          name: flow.name,
          title: flow.title,
          description: flow.description,
          steps: flow.steps.length,
        },
      };
    }
    const { spec, issues } = parseEndpoint(text, file);
    if (!spec) return broken(file, kind, issues);
    return {
      type: "endpoint",
      value: {
        file,
        title: spec.title,
        method: spec.method,
        path: spec.path,
        resource: spec.resource,
        tags: spec.tags,
        description: spec.description,
      },
    };
  }
}

function broken(
  file: string,
  kind: "endpoint" | "flow",
  issues: { severity: string; message: string; line?: number }[],
): Entry {
  const first = issues.find((i) => i.severity === "error") ?? issues[0];
  return {
    type: "broken",
    value: {
      file,
      kind,
      message: first?.message ?? "Does not parse",
      ...(first?.line ? { line: first.line } : {}),
    },
  };
}
