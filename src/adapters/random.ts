/** Randomness, behind a small interface like the clock, so runs that generate values can be tested. */
export interface Random {
  uuid(): string;
  /** A number in [0, 1). */
  next(): number;
}

export const systemRandom: Random = {
  uuid: () => crypto.randomUUID(),
  next: () => Math.random(),
};
