/**
 * The stateful mock's memory: one store per collection, created from the
 * seed on first use. A nested collection (`/users/:userId/posts`) has one
 * store per parent (`/users/1/posts`, `/users/2/posts`), each seeded alike.
 * Bounded: at most `maxCollections` stores, each at most `maxItems` items,
 * and `maxStateBytes` for all of them together (each store's seed, and every
 * item written since).
 */
import type { CollectionDef } from "./resources.ts";
import { CollectionStore } from "./store.ts";
import { ByteBudget, itemBytes } from "./budget.ts";
import { formatBytes } from "../bytes.ts";

export interface StateLimits {
  maxItems: number;
  maxCollections: number;
  /** The bytes of JSON the whole state may hold (`--max-state`). */
  maxStateBytes: number;
}

export interface StateOptions extends StateLimits {
  newUuid: () => string;
}

export class MockState {
  readonly #stores = new Map<string, CollectionStore>();
  readonly #options: StateOptions;
  readonly #budget: ByteBudget;
  /** The bytes of each collection's seed, measured once. */
  readonly #seedBytes = new WeakMap<CollectionDef, number>();

  constructor(options: StateOptions) {
    this.#options = options;
    this.#budget = new ByteBudget(options.maxStateBytes);
  }

  /** Bytes of the budget in use. */
  get usedBytes(): number {
    return this.#budget.used;
  }

  /**
   * The store of `def` at `concretePath` (its parameters filled); a string saying which
   * limit stops it when a new store would pass one.
   */
  store(def: CollectionDef, concretePath: string): CollectionStore | string {
    const key = `${def.path} ${concretePath}`;
    let store = this.#stores.get(key);
    if (!store) {
      if (this.#stores.size >= this.#options.maxCollections) {
        return `The mock holds ${this.#options.maxCollections} collections, the most it may`;
      }
      if (!this.#budget.take(this.#seedCost(def))) {
        return `A new ${def.path} collection would pass the state's budget of ${
          formatBytes(this.#budget.max)
        } (--max-state)`;
      }
      store = new CollectionStore(def.seed, {
        idKey: def.idKey,
        newUuid: this.#options.newUuid,
        maxItems: this.#options.maxItems,
        budget: this.#budget,
      });
      this.#stores.set(key, store);
    }
    return store;
  }

  /** Forgets every change: each store starts again from its seed on next use. */
  reset(): number {
    const count = this.#stores.size;
    this.#stores.clear();
    this.#budget.clear();
    return count;
  }

  #seedCost(def: CollectionDef): number {
    let bytes = this.#seedBytes.get(def);
    if (bytes === undefined) {
      bytes = def.seed.reduce((sum, item) => sum + itemBytes(item), 0);
      this.#seedBytes.set(def, bytes);
    }
    return bytes;
  }
}
