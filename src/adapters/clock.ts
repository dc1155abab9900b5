/** Time, behind a small interface so output that holds timestamps can be tested with a fixed clock. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** A monotonic reading in milliseconds, for durations. */
  monotonic(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
