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

/**
 * The candidate a mistyped name most likely meant: the nearest within edit
 * distance 2 (1 for names of three letters or fewer, which are within 2 of
 * too much), compared without case; undefined when none is that near.
 *
 * @example
 * ```ts
 * import { nearMiss } from "./edit_distance.ts";
 * nearMiss("standalon", ["resource", "standalone"]); // "standalone"
 * ```
 */
export function nearMiss(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    const limit = candidate.length <= 3 ? 1 : 2;
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
