/**
 * The safe order of a `check` run against a real API: the items (specs and
 * flows) of one resource run one at a time, reads first (GET, HEAD, OPTIONS,
 * then POST, PUT, PATCH, DELETE, then flows); items of different resources
 * run side by side. A flow belongs to every resource its steps touch, so it
 * never runs beside a spec or another flow of any of them.
 */

/** One thing to run: an endpoint spec or a flow. */
export interface RunItem {
  /** Stable identity (the file path); ties between equal ranks are broken by it. */
  id: string;
  /** The resources it touches; empty when it sends nothing (invalid, skipped). */
  resources: string[];
  /** Position in the per-resource order: `methodRank` for specs, `FLOW_RANK` for flows. */
  rank: number;
}

const METHOD_RANKS: Record<string, number> = {
  GET: 0,
  HEAD: 0,
  OPTIONS: 0,
  POST: 1,
  PUT: 2,
  PATCH: 3,
  DELETE: 4,
};

/** Flows come after every spec of their resources: they usually create and delete. */
export const FLOW_RANK = 5;

/** Reads first, then creates, replaces, updates, deletes; an unknown method counts as a write. */
export function methodRank(method: string): number {
  return METHOD_RANKS[method.toUpperCase()] ?? FLOW_RANK - 1;
}

/** Indexes of `items` in plan order: by rank, then by id. The same for every run of the same items. */
export function planOrder(items: RunItem[]): number[] {
  return items.map((_, index) => index).sort((a, b) =>
    items[a].rank - items[b].rank ||
    (items[a].id < items[b].id ? -1 : items[a].id > items[b].id ? 1 : a - b)
  );
}

/**
 * Hands out items so that each resource has at most one item running and
 * its items start in plan order. Every resource queue follows the same plan
 * order, so the earliest unfinished item is always at the head of all its
 * queues: the schedule never deadlocks, whatever flows span.
 */
export class ResourceSchedule {
  /** Plan position → item index. */
  readonly order: number[];
  private readonly position: number[];
  private readonly queues = new Map<string, number[]>();
  private readonly heads = new Map<string, number>();
  /** Items that touch no resource, in plan order, and the next one to hand out. */
  private readonly free: number[] = [];
  private freeNext = 0;
  private readonly started: boolean[];
  private pending: number;
  private finished = 0;

  constructor(private readonly items: RunItem[]) {
    this.order = planOrder(items);
    this.position = new Array(items.length);
    this.order.forEach((item, position) => this.position[item] = position);
    for (const item of this.order) {
      if (items[item].resources.length === 0) this.free.push(item);
      for (const resource of new Set(items[item].resources)) {
        if (!this.queues.has(resource)) {
          this.queues.set(resource, []);
          this.heads.set(resource, 0);
        }
        this.queues.get(resource)!.push(item);
      }
    }
    this.started = new Array(items.length).fill(false);
    this.pending = items.length;
  }

  /** The earliest item in plan order that may start now, marked as started; undefined when none may. */
  take(): number | undefined {
    let best: number | undefined;
    const consider = (item: number) => {
      if (this.started[item] || !this.isHeadEverywhere(item)) return;
      if (best === undefined || this.position[item] < this.position[best]) best = item;
    };
    // Items that touch no resource wait for nothing.
    if (this.freeNext < this.free.length) consider(this.free[this.freeNext]);
    for (const [resource, queue] of this.queues) {
      const head = queue[this.heads.get(resource)!];
      if (head !== undefined) consider(head);
    }
    if (best !== undefined) {
      if (this.free[this.freeNext] === best) this.freeNext++;
      this.started[best] = true;
      this.pending--;
    }
    return best;
  }

  /** Frees the item's resources for the next item in their queues. */
  finish(item: number): void {
    for (const resource of new Set(this.items[item].resources)) {
      const queue = this.queues.get(resource)!;
      const head = this.heads.get(resource)!;
      if (queue[head] !== item) throw new Error(`item ${item} is not running on ${resource}`);
      this.heads.set(resource, head + 1);
    }
    this.finished++;
  }

  /** Items not started yet. */
  get waiting(): number {
    return this.pending;
  }

  get done(): boolean {
    return this.finished === this.items.length;
  }

  private isHeadEverywhere(item: number): boolean {
    for (const resource of this.items[item].resources) {
      const queue = this.queues.get(resource)!;
      if (queue[this.heads.get(resource)!] !== item) return false;
    }
    return true;
  }
}
