// The bundle's exports, as much of them as src/engine/examples/ uses (scripts/vendor.ts).
export declare class RandExp {
  constructor(source: string, flags?: string);
  /** Repetitions up to `min + max` for unbounded quantifiers. */
  max: number;
  /** The tokens ret parsed the pattern into. */
  tokens: unknown;
  randInt(from: number, to: number): number;
  gen(): string;
}
/** ret's token types: ROOT 0, GROUP 1, POSITION 2, SET 3, RANGE 4, REPETITION 5, REFERENCE 6, CHAR 7. */
export declare const tokenTypes: Record<string, number>;
