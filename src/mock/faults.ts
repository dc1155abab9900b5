/**
 * Latency and faults for the mock: `--latency <ms>` or `<min>-<max>`, a
 * per-request `Prefer: delay=<ms>`, and `--error-rate`, which answers a share
 * of requests with a 5xx response the endpoint file documents.
 */
import type { EndpointRoute } from "../engine/routes/route_table.ts";
import { compileBlock, fillBlock } from "./compiled.ts";
import { injectedFault } from "./problems.ts";

export interface LatencyRange {
  min: number;
  max: number;
}

/** The longest delay a request may ask for with `Prefer: delay=`: a client cannot park the mock. */
export const MAX_PREFERRED_DELAY_MS = 60_000;

/** `250` or `100-500` (milliseconds); undefined when the text is neither. */
export function parseLatency(text: string): LatencyRange | undefined {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return max >= min ? { min, max } : undefined;
}

/** `Prefer: delay=300` → 300, capped at MAX_PREFERRED_DELAY_MS; undefined without one. */
export function preferredDelay(prefer: string): number | undefined {
  const match = /(?:^|[,;\s])delay=(\d{1,9})\b/.exec(prefer);
  return match ? Math.min(Number(match[1]), MAX_PREFERRED_DELAY_MS) : undefined;
}

/** A delay within the range (whole milliseconds). */
export function pickDelay(range: LatencyRange, random: () => number): number {
  return range.min + Math.floor(random() * (range.max - range.min + 1));
}

/**
 * The response of an injected fault: one of the endpoint's documented 5xx
 * blocks (picked at random when it documents several), else a generic 500.
 */
export function faultResponse(
  route: EndpointRoute,
  values: Record<string, string>,
  random: () => number,
): Response {
  const documented = route.spec.errorResponses.filter((b) => b.status >= 500 && b.status <= 599);
  if (documented.length === 0) return injectedFault(route.file);
  const block = compileBlock(documented[Math.floor(random() * documented.length)]);
  const { headers, body } = block.templated ? fillBlock(block, values) : block;
  return new Response(body || null, { status: block.status, headers });
}
