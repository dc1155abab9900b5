/**
 * Results of a pure function of a string, kept for the strings that come
 * back again and again in a long run (variable values, header names): a run
 * of thousands of requests asks the same questions of the same few strings.
 */

export interface MemoOptions {
  /** Distinct strings kept; the oldest is dropped first. */
  size: number;
  /** Longer strings are not kept (their results are computed each time). */
  maxLength?: number;
}

/**
 * @example
 * ```ts
 * import { memoByString } from "./memo.ts";
 * const words = memoByString((text) => text.split(" "), { size: 100 });
 * words("a b") === words("a b"); // true: the second call returns the kept result
 * ```
 */
export function memoByString<T>(
  fn: (text: string) => T,
  options: MemoOptions,
): (text: string) => T {
  const kept = new Map<string, T>();
  const maxLength = options.maxLength ?? Infinity;
  return (text) => {
    if (kept.has(text)) return kept.get(text)!;
    const result = fn(text);
    if (text.length <= maxLength) {
      if (kept.size >= options.size) kept.delete(kept.keys().next().value!);
      kept.set(text, result);
    }
    return result;
  };
}
