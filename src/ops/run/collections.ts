/**
 * Collections of a run, found and loaded once each, with a history buffer per
 * collection: a run of a thousand specs takes the history lock once per
 * collection instead of once per spec.
 */
import { dirname } from "../../adapters/path.ts";
import type { Issue } from "../../engine/issue.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { bufferedHistory } from "./history.ts";
import { type Collection, findCollectionRoot, loadCollection } from "../collection/load.ts";

export interface LoadedCollection {
  collection: Collection;
  history: ReturnType<typeof bufferedHistory>;
}

export interface CollectionCache {
  /** The collection of an endpoint or flow file (absolute path). */
  of(path: string): Promise<LoadedCollection>;
  /** Writes every buffered history entry; problems are warnings. */
  flush(): Promise<Issue[]>;
}

export function collectionCache(config: string | undefined, ctx: OpsContext): CollectionCache {
  // Files of one folder share a collection root; each root is loaded once.
  const roots = new Map<string, Promise<string>>();
  const collections = new Map<string, Promise<LoadedCollection>>();
  return {
    of: async (path) => {
      const dir = dirname(path);
      if (!roots.has(dir)) roots.set(dir, findCollectionRoot({ config, near: path }, ctx));
      const root = await roots.get(dir)!;
      if (!collections.has(root)) {
        collections.set(
          root,
          loadCollection(root, ctx, config).then((collection) => ({
            collection,
            history: bufferedHistory(collection),
          })),
        );
      }
      return await collections.get(root)!;
    },
    flush: async () => {
      const issues: Issue[] = [];
      for (const loaded of collections.values()) issues.push(...(await loaded).history.flush());
      return issues;
    },
  };
}
