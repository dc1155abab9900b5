/**
 * The `stream:` frontmatter of `protocol: sse` and `protocol: ws` files:
 * `{until, max_events, max_ms, exact, every}`. Every limit has a default and
 * a ceiling, so no file can ask apispec to read forever.
 */
import type { FieldReader } from "../parse/frontmatter.ts";
import type { StreamOptions } from "../model.ts";

export const STREAM_KEYS = ["until", "max_events", "max_ms", "exact", "every"] as const;

export const STREAM_DEFAULTS: StreamOptions = {
  maxEvents: 1000,
  maxMs: 30_000,
  exact: false,
  everyMs: 0,
};

/** The most a file may ask for: 100,000 events or messages, 10 minutes. */
export const STREAM_CEILINGS = { maxEvents: 100_000, maxMs: 600_000, everyMs: 60_000 };

/** `250`, `"250ms"`, `"2s"` → milliseconds; undefined when it is none of them. */
export function durationMs(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
  if (typeof value !== "string") return undefined;
  const match = /^\s*(\d+)\s*(ms|s)?\s*$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * (match[2] === "s" ? 1000 : 1);
}

/**
 * Reads `stream:`; issues go to the reader. Defaults fill what the file leaves out.
 *
 * @example
 * ```ts
 * // stream: {until: "data: [DONE]", max_events: 50}
 * readStreamOptions(reader); // {until: "data: [DONE]", maxEvents: 50, maxMs: 30000, exact: false, everyMs: 0}
 * ```
 */
export function readStreamOptions(reader: FieldReader): StreamOptions {
  const raw = reader.raw(["stream"]);
  if (raw === undefined || raw === null) return { ...STREAM_DEFAULTS };
  // Not a map: the endpoint parser's nested-key check says so.
  if (typeof raw !== "object" || Array.isArray(raw)) return { ...STREAM_DEFAULTS };
  const options: StreamOptions = { ...STREAM_DEFAULTS };
  const until = reader.raw(["stream", "until"]);
  if (until !== undefined && until !== null) {
    if (typeof until !== "string" || until.trim() === "") {
      reader.fail(
        ["stream", "until"],
        'Field "stream.until" must be text such as "data: [DONE]"',
        'Quote it: `until: "data: [DONE]"` (or `event: done`, `id: 42`)',
      );
    } else options.until = until.trim();
  }
  const limit = (key: "max_events" | "max_ms", field: "maxEvents" | "maxMs") => {
    const value = reader.integer(["stream", key], false, 1);
    if (value === undefined) return;
    if (value > STREAM_CEILINGS[field]) {
      reader.fail(
        ["stream", key],
        `Field "stream.${key}" is ${value}; apispec reads at most ${STREAM_CEILINGS[field]}`,
        `Write \`${key}: ${STREAM_CEILINGS[field]}\` or less`,
      );
      return;
    }
    options[field] = value;
  };
  limit("max_events", "maxEvents");
  limit("max_ms", "maxMs");
  const exact = reader.boolean(["stream", "exact"], false);
  if (exact !== undefined) options.exact = exact;
  const every = reader.raw(["stream", "every"]);
  if (every !== undefined && every !== null) {
    const ms = durationMs(every);
    if (ms === undefined || ms > STREAM_CEILINGS.everyMs) {
      reader.fail(
        ["stream", "every"],
        `Field "stream.every" must be a pause of at most 60s, got ${JSON.stringify(every)}`,
        "Write `every: 100ms` or `every: 1s` (the mock's pause between events)",
      );
    } else options.everyMs = ms;
  }
  return options;
}
