/**
 * Levenshtein distance, behind every "did you mean": unknown flags, commands,
 * assertion operators and flow step keys.
 *
 * @example
 * ```ts
 * import { editDistance } from "./edit_distance.ts";
 * editDistance("exsits", "exists"); // 2
 * ```
 */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}
