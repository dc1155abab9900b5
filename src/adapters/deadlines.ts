/**
 * Request timeouts from one shared timer. A timer per request costs about a
 * third of a bare loopback request's instructions with setTimeout and
 * clearTimeout, and `AbortSignal.timeout` per request leaves a timer pending
 * for every request of the last 30 s (measured with callgrind: 6-12% of a
 * bare request more than this). Here each request in flight registers its
 * deadline and one timer is armed for the earliest; a request that ends in
 * time just leaves the set. When the timer fires it aborts every overdue
 * request and re-arms for the next deadline, so each request is still aborted
 * as soon as its own time is up, whatever the others' timeouts. Ctrl-C works
 * the same way: one listener on the run's interrupt signal aborts every
 * request in flight (`abortAfterOr`).
 */

interface Deadline {
  /** `performance.now()` at which the request is overdue. */
  at: number;
  controller: AbortController;
}

/** The longest delay a timer takes; a longer deadline is reached by re-arming. */
const MAX_DELAY_MS = 2 ** 31 - 1;

const pending = new Set<Deadline>();
let timer: AbortSignal | undefined;
let armedFor = Infinity;
const onTimer = () => fire();

// AbortSignal.timeout rather than setTimeout: Deno's setTimeout is Node's, whose first use
// costs a cold start dearly. Its timer keeps the process alive only while it has a listener,
// so the listener is there only while a request waits.
function arm(at: number): void {
  timer?.removeEventListener("abort", onTimer);
  timer = AbortSignal.timeout(Math.min(MAX_DELAY_MS, Math.max(0, at - performance.now())));
  armedFor = at;
  timer.addEventListener("abort", onTimer);
}

function fire(): void {
  timer = undefined;
  armedFor = Infinity;
  const now = performance.now();
  let next = Infinity;
  for (const deadline of pending) {
    if (deadline.at <= now) {
      pending.delete(deadline);
      deadline.controller.abort(new DOMException("timed out", "TimeoutError"));
    } else if (deadline.at < next) next = deadline.at;
  }
  if (next !== Infinity) arm(next);
}

export interface RequestDeadline {
  signal: AbortSignal;
  done(): void;
}

/** A signal that aborts with a `TimeoutError` after `ms`, unless `done()` is called first. */
export function abortAfter(ms: number): RequestDeadline & { controller: AbortController } {
  const deadline = { at: performance.now() + ms, controller: new AbortController() };
  pending.add(deadline);
  // A timer that went off while nothing waited was heard by no one: arm a new one.
  if (deadline.at < armedFor || timer?.aborted) arm(deadline.at);
  else if (pending.size === 1) timer?.addEventListener("abort", onTimer);
  return {
    signal: deadline.controller.signal,
    controller: deadline.controller,
    done: () => {
      if (pending.delete(deadline) && pending.size === 0) {
        timer?.removeEventListener("abort", onTimer);
      }
    },
  };
}

/**
 * The requests in flight that each interrupt signal (Ctrl-C) aborts: one
 * listener per signal rather than one per request (or an `AbortSignal.any`
 * per request), for the same reason as the shared timer above.
 */
const interruptible = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * Also aborts the request when `interrupt` fires (at once when it already
 * has); `done()` stops both.
 */
export function abortAfterOr(ms: number, interrupt: AbortSignal | undefined): RequestDeadline {
  const deadline = abortAfter(ms);
  if (!interrupt) return deadline;
  if (interrupt.aborted) {
    deadline.controller.abort(interrupt.reason);
    return deadline;
  }
  let waiting = interruptible.get(interrupt);
  if (!waiting) {
    const set = waiting = new Set();
    interruptible.set(interrupt, set);
    interrupt.addEventListener("abort", () => {
      for (const controller of set) controller.abort(interrupt.reason);
      set.clear();
    }, { once: true });
  }
  waiting.add(deadline.controller);
  return {
    signal: deadline.signal,
    done: () => {
      waiting.delete(deadline.controller);
      deadline.done();
    },
  };
}
