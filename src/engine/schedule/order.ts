/**
 * The safe order of a `check` run against a real API. Within a resource,
 * items start in plan order (reads first: GET, HEAD, OPTIONS, then POST, PUT,
 * PATCH, DELETE, then flows): reads run side by side, and a write starts only
 * once every earlier item of its resource has finished, and runs alone.
 * Items of different resources run side by side. A flow belongs to every
 * resource its steps touch and holds them all alone, so it never runs beside
 * a spec or another flow of any of them.
 */

/** One thing to run: an endpoint spec or a flow. */
export interface RunItem {
  /** Stable identity (the file path); ties between equal ranks are broken by it. */
  id: string;
  /** The resources it touches; empty when it sends nothing (invalid, skipped). */
  resources: string[];
  /** Position in the per-resource order: `methodRank` for specs, `FLOW_RANK` for flows. */
  rank: number;
  /** A read (GET, HEAD, OPTIONS): may run beside the other reads of its resource. */
  read?: boolean;
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

/** GET, HEAD and OPTIONS change nothing (RFC 9110 safe methods): they may share a resource. */
export function isRead(method: string): boolean {
  return METHOD_RANKS[method.toUpperCase()] === 0;
}

/** Indexes of `items` in plan order: by rank, then by id. The same for every run of the same items. */
export function planOrder(items: RunItem[]): number[] {
  return items.map((_, index) => index).sort((a, b) =>
    items[a].rank - items[b].rank ||
    (items[a].id < items[b].id ? -1 : items[a].id > items[b].id ? 1 : a - b)
  );
}

/** One resource's items in plan order and what of them is running. */
interface Lane {
  queue: number[];
  /** Queue position of the first item not started yet. */
  next: number;
  /** Started and not finished. */
  running: number;
  /** Of those, writes and flows (which run alone). */
  exclusive: number;
}

/**
 * Hands out items so that, on each resource, items start in plan order, reads
 * run together, and a write or flow runs alone once everything before it has
 * finished. Every resource queue follows the same plan order, so the earliest
 * item not started is always next in all its queues and starts as soon as
 * what runs there finishes: the schedule never deadlocks, whatever flows span.
 */
export class ResourceSchedule {
  /** Plan position → item index. */
  readonly order: number[];
  private readonly position: number[];
  private readonly lanes = new Map<string, Lane>();
  /** Items that touch no resource, in plan order, and the next one to hand out. */
  private readonly free: number[] = [];
  private freeNext = 0;
  private readonly started: boolean[];
  private readonly finishedItems: boolean[];
  private pending: number;
  private finished = 0;

  constructor(private readonly items: RunItem[]) {
    this.order = planOrder(items);
    this.position = new Array(items.length);
    this.order.forEach((item, position) => this.position[item] = position);
    for (const item of this.order) {
      if (items[item].resources.length === 0) this.free.push(item);
      for (const resource of new Set(items[item].resources)) {
        let lane = this.lanes.get(resource);
        if (!lane) {
          this.lanes.set(resource, lane = { queue: [], next: 0, running: 0, exclusive: 0 });
        }
        lane.queue.push(item);
      }
    }
    this.started = new Array(items.length).fill(false);
    this.finishedItems = new Array(items.length).fill(false);
    this.pending = items.length;
  }

  /** The earliest item in plan order that may start now, marked as started; undefined when none may. */
  take(): number | undefined {
    let best: number | undefined;
    const consider = (item: number) => {
      if (this.started[item] || !this.mayStart(item)) return;
      if (best === undefined || this.position[item] < this.position[best]) best = item;
    };
    // Items that touch no resource wait for nothing.
    if (this.freeNext < this.free.length) consider(this.free[this.freeNext]);
    for (const lane of this.lanes.values()) {
      const next = lane.queue[lane.next];
      if (next !== undefined) consider(next);
    }
    if (best === undefined) return undefined;
    if (this.free[this.freeNext] === best) this.freeNext++;
    const alone = !this.items[best].read;
    for (const resource of new Set(this.items[best].resources)) {
      const lane = this.lanes.get(resource)!;
      lane.next++;
      lane.running++;
      if (alone) lane.exclusive++;
    }
    this.started[best] = true;
    this.pending--;
    return best;
  }

  /** Frees the item's share of its resources for the next items in their queues. */
  finish(item: number): void {
    if (!this.started[item] || this.finishedItems[item]) {
      throw new Error(`item ${item} is not running`);
    }
    this.finishedItems[item] = true;
    const alone = !this.items[item].read;
    for (const resource of new Set(this.items[item].resources)) {
      const lane = this.lanes.get(resource)!;
      lane.running--;
      if (alone) lane.exclusive--;
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

  /**
   * Next in every queue it is in, and on each of its resources either nothing
   * runs, or it is a read and only reads run.
   */
  private mayStart(item: number): boolean {
    const read = this.items[item].read === true;
    for (const resource of this.items[item].resources) {
      const lane = this.lanes.get(resource)!;
      if (lane.queue[lane.next] !== item) return false;
      if (lane.running > 0 && (!read || lane.exclusive > 0)) return false;
    }
    return true;
  }
}
