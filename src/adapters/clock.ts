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

/** Waits `ms` on the clock, or less when `interrupt` (Ctrl-C) fires meanwhile; not at all once it has. */
export async function sleepUnless(
  clock: Clock,
  ms: number,
  interrupt: AbortSignal | undefined,
): Promise<void> {
  if (!interrupt) return await clock.sleep(ms);
  if (interrupt.aborted) return;
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => stop = resolve);
  interrupt.addEventListener("abort", stop, { once: true });
  try {
    await Promise.race([clock.sleep(ms), stopped]);
  } finally {
    interrupt.removeEventListener("abort", stop);
  }
}
