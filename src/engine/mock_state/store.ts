/**
 * One in-memory collection of the stateful mock: items keyed by id, in
 * insertion order, with the rules of BEYOND §3. `POST` keeps a given id, else
 * takes the next integer, or a UUID when the collection's ids are strings;
 * `PUT` replaces and `PATCH` merges (RFC 7396), both keeping the item's id.
 * Every operation runs to completion synchronously, so concurrent requests
 * never lose an update or share an id.
 */
import { isJsonObject, type JsonObject, mergePatch } from "./merge_patch.ts";
import { type ByteBudget, itemBytes } from "./budget.ts";
import { formatBytes } from "../bytes.ts";

export type StoreResult =
  | { ok: true; item: JsonObject }
  | { ok: false; reason: "not-found" | "conflict" | "full" | "invalid"; message: string };

export interface StoreOptions {
  /** The key that holds an item's id, e.g. `id`. */
  idKey: string;
  /** A fresh UUID, for collections whose ids are strings (random numbers stay out of the engine). */
  newUuid: () => string;
  /** The most items the collection holds; an insert beyond it is refused. */
  maxItems: number;
  /** The bytes every collection shares; a write that does not fit is refused. */
  budget?: ByteBudget;
}

export class CollectionStore {
  readonly #items = new Map<string, JsonObject>();
  /** What each item written since the seed costs in the budget (seed items were paid with the store). */
  readonly #bytes = new Map<string, number>();
  readonly #options: StoreOptions;
  #nextInt = 1;
  #stringIds: boolean;
  /** The seed is paid for by whoever creates the store (`MockState`), once for all its items. */
  #seeding = false;

  /** `seed` items are shared, never changed: updates store new objects. */
  constructor(seed: readonly JsonObject[], options: StoreOptions) {
    this.#options = options;
    const ids = seed.map((item) => item[options.idKey]).filter(isId);
    this.#stringIds = ids.length > 0 && ids.every((id) => typeof id === "string");
    this.#seeding = true;
    for (const item of seed) {
      const id = isId(item[options.idKey]) ? item[options.idKey] as string | number : undefined;
      if (id === undefined) this.insert(item);
      else this.#put(id, item);
    }
    this.#seeding = false;
  }

  get size(): number {
    return this.#items.size;
  }

  list(): JsonObject[] {
    return [...this.#items.values()];
  }

  get(id: string): JsonObject | undefined {
    return this.#items.get(id);
  }

  /** Stores a new item; its id is kept when given and free. */
  insert(body: JsonObject): StoreResult {
    const { idKey } = this.#options;
    const given = body[idKey];
    if (given !== undefined && !isId(given)) {
      return invalid(`"${idKey}" must be a string or a number, got ${JSON.stringify(given)}`);
    }
    if (given !== undefined && this.#items.has(String(given))) {
      return { ok: false, reason: "conflict", message: `An item with ${idKey} ${given} exists` };
    }
    if (this.#items.size >= this.#options.maxItems) {
      return {
        ok: false,
        reason: "full",
        message: `The collection holds ${this.#options.maxItems} items, the most it may`,
      };
    }
    const id = given ?? (this.#stringIds ? this.#options.newUuid() : this.#nextInt);
    const item = given === undefined ? { [idKey]: id, ...body } : body;
    if (!this.#pay(String(id), item)) return this.#over();
    this.#put(id as string | number, item);
    return { ok: true, item };
  }

  /** `PUT`: the body replaces the item; the id stays the item's. */
  replace(id: string, body: JsonObject): StoreResult {
    const current = this.#items.get(id);
    if (!current) return notFound(this.#options.idKey, id);
    const item = { ...body, [this.#options.idKey]: current[this.#options.idKey] };
    if (!this.#pay(id, item)) return this.#over();
    this.#items.set(id, item);
    return { ok: true, item };
  }

  /** `PATCH`: the body is merged into the item (RFC 7396); the id stays the item's. */
  merge(id: string, patch: unknown): StoreResult {
    const current = this.#items.get(id);
    if (!current) return notFound(this.#options.idKey, id);
    const merged = mergePatch(current, patch);
    if (!isJsonObject(merged)) return invalid("A PATCH body must be a JSON object");
    const item = { ...merged, [this.#options.idKey]: current[this.#options.idKey] };
    if (!this.#pay(id, item)) return this.#over();
    this.#items.set(id, item);
    return { ok: true, item };
  }

  remove(id: string): StoreResult {
    const current = this.#items.get(id);
    if (!current) return notFound(this.#options.idKey, id);
    this.#items.delete(id);
    this.#options.budget?.take(-(this.#bytes.get(id) ?? 0));
    this.#bytes.delete(id);
    return { ok: true, item: current };
  }

  /** Charges `item` to the budget in place of what the id cost before; false when it does not fit. */
  #pay(id: string, item: JsonObject): boolean {
    const budget = this.#options.budget;
    if (!budget || this.#seeding) return true;
    const bytes = itemBytes(item);
    if (!budget.take(bytes - (this.#bytes.get(id) ?? 0))) return false;
    this.#bytes.set(id, bytes);
    return true;
  }

  #over(): StoreResult {
    const max = this.#options.budget!.max;
    return {
      ok: false,
      reason: "full",
      message: `The mock's state would pass its budget of ${formatBytes(max)} (--max-state)`,
    };
  }

  #put(id: string | number, item: JsonObject): void {
    this.#items.set(String(id), item);
    // Integers keep counting up past every id seen, so a deleted id is never handed out again.
    if (typeof id === "number" && Number.isInteger(id) && id >= this.#nextInt) {
      this.#nextInt = id + 1;
    }
  }
}

function isId(value: unknown): value is string | number {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

function notFound(idKey: string, id: string): StoreResult {
  return { ok: false, reason: "not-found", message: `No item with ${idKey} ${id}` };
}

function invalid(message: string): StoreResult {
  return { ok: false, reason: "invalid", message };
}
