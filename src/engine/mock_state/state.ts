/**
 * The stateful mock's memory: one store per collection, created from the
 * seed on first use. A nested collection (`/users/:userId/posts`) has one
 * store per parent (`/users/1/posts`, `/users/2/posts`), each seeded alike.
 * Bounded: at most `maxCollections` stores, each at most `maxItems` items.
 */
import type { CollectionDef } from "./resources.ts";
import { CollectionStore } from "./store.ts";

export interface StateLimits {
  maxItems: number;
  maxCollections: number;
}

export interface StateOptions extends StateLimits {
  newUuid: () => string;
}

export class MockState {
  readonly #stores = new Map<string, CollectionStore>();
  readonly #options: StateOptions;

  constructor(options: StateOptions) {
    this.#options = options;
  }

  /** The store of `def` at `concretePath` (its parameters filled); undefined past the limit. */
  store(def: CollectionDef, concretePath: string): CollectionStore | undefined {
    const key = `${def.path} ${concretePath}`;
    let store = this.#stores.get(key);
    if (!store) {
      if (this.#stores.size >= this.#options.maxCollections) return undefined;
      store = new CollectionStore(def.seed, {
        idKey: def.idKey,
        newUuid: this.#options.newUuid,
        maxItems: this.#options.maxItems,
      });
      this.#stores.set(key, store);
    }
    return store;
  }

  /** Forgets every change: each store starts again from its seed on next use. */
  reset(): number {
    const count = this.#stores.size;
    this.#stores.clear();
    return count;
  }
}
