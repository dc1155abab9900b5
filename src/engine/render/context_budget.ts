/**
 * Fitting text into a token budget. Tokens are estimated as characters / 4
 * (rounded up), the usual rule of thumb for English and code. Content comes
 * in units of whole lines; a unit either fits or is left out, so no line or
 * character is ever cut in half.
 */

/** Approximate tokens of a text. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Whole lines that stand or fall together; `tier` 0 is kept first. */
export interface Unit {
  lines: string[];
  tier: number;
}

export interface Packed {
  text: string;
  /** Lines left out for the budget. */
  omitted: number;
}

const size = (lines: string[]) => lines.reduce((n, line) => n + line.length + 1, 0);

/**
 * Keeps units by tier (then document order) while they fit, prints the kept
 * ones in document order, and ends with a note when anything was left out.
 * The result never exceeds the budget.
 *
 * @example
 * ```ts
 * import { packUnits } from "./context_budget.ts";
 * packUnits([{ lines: ["a"], tier: 0 }, { lines: ["b".repeat(80)], tier: 1 }], 10).text;
 * // "a\n(1 more line over the token budget)"
 * ```
 */
export function packUnits(units: Unit[], budgetTokens: number): Packed {
  const limit = budgetTokens * 4;
  const total = size(units.flatMap((u) => u.lines)) - 1;
  if (total <= limit) return { text: units.flatMap((u) => u.lines).join("\n"), omitted: 0 };
  const note = (n: number) => `(${n} more line${n === 1 ? "" : "s"} over the token budget)`;
  const allLines = units.reduce((n, u) => n + u.lines.length, 0);
  // Reserve room for the longest possible note so adding it can never break the budget.
  let room = limit - (note(allLines).length + 1);
  const keep = new Set<number>();
  const byTier = units.map((unit, index) => ({ unit, index }))
    .sort((a, b) => a.unit.tier - b.unit.tier || a.index - b.index);
  for (const { unit, index } of byTier) {
    const cost = size(unit.lines);
    if (cost <= room) {
      keep.add(index);
      room -= cost;
    }
  }
  const lines = units.filter((_, i) => keep.has(i)).flatMap((u) => u.lines);
  const omitted = allLines - lines.length;
  const noteLine = note(omitted);
  if (limit < noteLine.length) return { text: "", omitted };
  return { text: [...lines, noteLine].join("\n"), omitted };
}

/**
 * Shrinks a JSON document until its compact text fits: `shrink` removes the
 * least important piece and returns false when nothing is left to remove.
 */
export function fitJson<T>(
  document: T,
  budgetTokens: number,
  shrink: (document: T) => boolean,
): { text: string; value: T } {
  let text = JSON.stringify(document);
  while (text.length > budgetTokens * 4 && shrink(document)) text = JSON.stringify(document);
  return { text, value: document };
}
