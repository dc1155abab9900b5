/**
 * Retry decisions, kept pure: the caller sleeps the delay this returns.
 * Retries only follow a network error, a timeout, a 5xx or a 429.
 */
import type { RetryPolicy } from "./model.ts";

export function isRetryable(result: { status?: number; failed?: boolean }): boolean {
  if (result.failed) return true;
  const status = result.status ?? 0;
  return status === 429 || status >= 500;
}

/**
 * Delay before retry number `attempt` (0 for the first retry): `fixed` waits
 * 250 ms, `exponential` 100 ms × 2^attempt plus up to 50% jitter. A
 * `Retry-After` header (seconds or an HTTP date) wins, capped at the timeout.
 *
 * @example
 * ```ts
 * import { retryDelay } from "./retry.ts";
 * retryDelay({ attempts: 3, backoff: "exponential" }, 2, { random: 0, now: 0, timeoutMs: 5000 }); // 400
 * ```
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  context: { random: number; now: number; timeoutMs: number; retryAfter?: string },
): number {
  const after = context.retryAfter === undefined
    ? undefined
    : parseRetryAfter(context.retryAfter, context.now);
  if (after !== undefined) return Math.min(after, context.timeoutMs);
  if (policy.backoff === "fixed") return 250;
  const base = 100 * 2 ** attempt;
  return Math.round(base + base * 0.5 * context.random);
}

function parseRetryAfter(value: string, now: number): number | undefined {
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
