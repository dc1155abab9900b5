/**
 * Expected statuses: a status line may name alternatives, `HTTP/1.1 200|201`,
 * and ranges as OpenAPI writes them, `HTTP/1.1 2XX`. The block keeps the
 * first concrete status (`2XX` → 200) as `status`, the one the mock answers
 * with and exports name first; `statuses` holds what was written.
 */
import type { ResponseBlock } from "../model.ts";

/** `200`, `2XX` (any case of x), or several joined by `|`. */
export const STATUS_ALTERNATIVES = /^(?:\d{3}|[1-5][xX]{2})(?:\|(?:\d{3}|[1-5][xX]{2}))*$/;

/** The alternatives of a status text, upper case: `200|2xx` → `["200", "2XX"]`. */
export function statusAlternatives(text: string): string[] {
  return text.split("|").map((s) => s.toUpperCase());
}

/** The status an alternative stands for first: `201` → 201, `2XX` → 200. */
export function concreteStatus(alternative: string): number {
  return Number(alternative.replace(/X/gi, "0"));
}

/** Whether an alternative (`201`, `2XX`) covers a status. */
export function coversStatus(alternative: string, status: number): boolean {
  return /X/i.test(alternative)
    ? Math.floor(status / 100) === Number(alternative[0])
    : Number(alternative) === status;
}

/** Whether the actual status is one the block expects. */
export function statusMatches(block: Pick<ResponseBlock, "status" | "statuses">, actual: number) {
  return block.statuses
    ? block.statuses.some((alternative) => coversStatus(alternative, actual))
    : block.status === actual;
}

/**
 * The expected status as written: `200`, `200|201`, `2XX`.
 *
 * @example
 * ```ts
 * import { statusText } from "./status.ts";
 * statusText({ status: 200, statuses: ["200", "201"] }); // "200|201"
 * ```
 */
export function statusText(block: Pick<ResponseBlock, "status" | "statuses">): string {
  return block.statuses ? block.statuses.join("|") : String(block.status);
}
