/**
 * Generated values, fresh for each request, under the names Postman uses:
 * `{{$guid}}` and `{{$randomUUID}}` (a UUID v4), `{{$timestamp}}` (Unix
 * seconds), `{{$isoTimestamp}}` (ISO 8601, UTC) and `{{$randomInt}}` (0 to
 * 1000). Pure: the clock reading and the random source come in as arguments.
 */
import { nearMiss } from "../text/edit_distance.ts";

export const GENERATED_NAMES = [
  "$guid",
  "$randomUUID",
  "$timestamp",
  "$isoTimestamp",
  "$randomInt",
] as const;

/** What one request's values are made from. */
export interface Entropy {
  /** Milliseconds since the epoch, read once for the request. */
  now: number;
  uuid(): string;
  /** A number in [0, 1). */
  random(): number;
}

export function isGenerated(name: string): boolean {
  return (GENERATED_NAMES as readonly string[]).includes(name);
}

/** A `{{$name}}` apispec does not generate: what it probably meant, for a hint. */
export function unknownGenerated(name: string): string | undefined {
  if (!name.startsWith("$") || isGenerated(name)) return undefined;
  return nearMiss(name, GENERATED_NAMES) ?? "";
}

/**
 * The generated values of one request: each name made once, so `{{$guid}}`
 * in the URL and in the body is the same id. Without entropy (a dry run, an
 * export) each value is its placeholder, shown as written.
 *
 * @example
 * ```ts
 * import { generator } from "./generated.ts";
 * const values = generator({ now: 0, uuid: () => "u-1", random: () => 0.5 });
 * [values("$guid"), values("$timestamp"), values("$randomInt")]; // ["u-1", "0", "500"]
 * ```
 */
export function generator(entropy?: Entropy): (name: string) => string | undefined {
  const made = new Map<string, string>();
  return (name) => {
    if (!isGenerated(name)) return undefined;
    let value = made.get(name);
    if (value === undefined) made.set(name, value = entropy ? make(name, entropy) : `{{${name}}}`);
    return value;
  };
}

function make(name: string, entropy: Entropy): string {
  switch (name) {
    case "$guid":
    case "$randomUUID":
      return entropy.uuid();
    case "$timestamp":
      return String(Math.floor(entropy.now / 1000));
    case "$isoTimestamp":
      return new Date(entropy.now).toISOString();
    default: // $randomInt
      return String(Math.floor(entropy.random() * 1001));
  }
}
