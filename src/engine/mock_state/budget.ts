/**
 * The stateful mock's memory budget in bytes, shared by every collection: an
 * item costs the UTF-8 size of its JSON, a store its seed, so the state stays
 * bounded whatever mix of collections and item sizes the clients send (a
 * count of items alone let 3,000 POSTs of 1 MiB take 3 GB).
 */
import type { JsonObject } from "./merge_patch.ts";

const encoder = new TextEncoder();

/** What one item costs: the UTF-8 bytes of its JSON. */
export function itemBytes(item: JsonObject): number {
  return encoder.encode(JSON.stringify(item)).length;
}

export class ByteBudget {
  #used = 0;

  constructor(readonly max: number) {}

  get used(): number {
    return this.#used;
  }

  /** Takes `bytes` (negative gives some back); false, taking nothing, when they do not fit. */
  take(bytes: number): boolean {
    if (bytes > 0 && this.#used + bytes > this.max) return false;
    this.#used = Math.max(0, this.#used + bytes);
    return true;
  }

  clear(): void {
    this.#used = 0;
  }
}
