/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same
 * numbers on every machine and run, so a seeded example or fuzz case can be
 * reproduced from its seed alone.
 */

/** Numbers in [0, 1) from `seed`. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [from, to] (inclusive) from a source of [0, 1). */
export function intBetween(random: () => number, from: number, to: number): number {
  return to <= from ? from : from + Math.floor(random() * (to - from + 1));
}
