/**
 * Smaller versions of a JSON value, biggest steps first, for fast-check's
 * shrinking (`engine/fuzz/arbitrary.ts` keeps those the schema still
 * accepts): an object without one property, a shorter list, a shorter string
 * (cut from the end, then from the start, so a character that matters
 * survives), a number nearer zero, `false`. fast-check starts again from the
 * first one that still fails, so each list only halves the distance to its
 * goal: a 200-character string that must stay over 64 shrinks in about 30
 * requests, not 135.
 */

/** Steps from `from` towards `to`: `to`, then halfway, three quarters... up to one short of `from`. */
function* towards(from: number, to: number): Generator<number> {
  let gap = from - to;
  const seen = new Set<number>([from]);
  yield* once(to);
  while (Math.abs(gap) >= 1) {
    gap = Math.trunc(gap / 2);
    yield* once(from - gap);
  }
  function* once(n: number) {
    if (!seen.has(n)) {
      seen.add(n);
      yield n;
    }
  }
}

function* shorterStrings(text: string): Generator<string> {
  const chars = [...text];
  for (const length of towards(chars.length, 0)) {
    if (length < chars.length) yield chars.slice(0, length).join("");
  }
  for (const length of towards(chars.length, 0)) {
    if (length > 0 && length < chars.length) yield chars.slice(chars.length - length).join("");
  }
}

function* smallerNumbers(value: number): Generator<number> {
  if (!Number.isFinite(value) || value === 0) return;
  if (Number.isInteger(value)) {
    for (const n of towards(value, 0)) if (n !== value) yield n;
    return;
  }
  yield 0;
  yield Math.trunc(value);
}

/**
 * Candidates smaller than `value`, lazily.
 *
 * @example
 * ```ts
 * import { shrinkValue } from "./shrink.ts";
 * [...shrinkValue({ name: "abcd", age: 40 })].slice(0, 3);
 * // [{ age: 40 }, { name: "abcd" }, { name: "", age: 40 }]
 * ```
 */
export function* shrinkValue(value: unknown): Generator<unknown> {
  if (typeof value === "string") {
    yield* shorterStrings(value);
  } else if (typeof value === "number") {
    yield* smallerNumbers(value);
  } else if (value === true) {
    yield false;
  } else if (Array.isArray(value)) {
    for (const length of towards(value.length, 0)) {
      if (length < value.length) yield value.slice(0, length);
    }
    for (let i = 0; i < value.length; i++) {
      for (const smaller of shrinkValue(value[i])) {
        yield value.map((item, j) => (j === i ? smaller : item));
      }
    }
  } else if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    for (const [name] of entries) {
      yield Object.fromEntries(entries.filter(([other]) => other !== name));
    }
    for (const [name, inner] of entries) {
      for (const smaller of shrinkValue(inner)) yield { ...value, [name]: smaller };
    }
  }
}
