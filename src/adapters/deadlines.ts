/**
 * Request timeouts from one shared timer. A timer per request (setTimeout,
 * then clearTimeout) costs about a tenth of a loopback request's CPU in a
 * long run; here each request in flight registers its deadline and a single
 * timer is armed for the earliest one. A request that ends in time just
 * leaves the set. When the timer fires it aborts every overdue request and
 * re-arms for the next deadline, so each request is still aborted as soon as
 * its own time is up, whatever the others' timeouts.
 */

interface Deadline {
  /** `performance.now()` at which the request is overdue. */
  at: number;
  controller: AbortController;
}

/** The longest delay a timer takes; longer ones fire early and re-arm. */
const MAX_DELAY_MS = 2 ** 31 - 1;

const pending = new Set<Deadline>();
let timer: ReturnType<typeof setTimeout> | undefined;
let armedFor = Infinity;

function arm(at: number): void {
  if (timer !== undefined) clearTimeout(timer);
  armedFor = at;
  const armed = setTimeout(fire, Math.min(MAX_DELAY_MS, Math.max(0, at - performance.now())));
  // Requests in flight keep the process alive by themselves; an idle timer must not.
  Deno.unrefTimer(armed);
  timer = armed;
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

/** A signal that aborts with a `TimeoutError` after `ms`, unless `done()` is called first. */
export function abortAfter(ms: number): { signal: AbortSignal; done(): void } {
  const deadline = { at: performance.now() + ms, controller: new AbortController() };
  pending.add(deadline);
  if (deadline.at < armedFor) arm(deadline.at);
  return { signal: deadline.controller.signal, done: () => void pending.delete(deadline) };
}
