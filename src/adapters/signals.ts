/** Waiting for Ctrl-C (SIGINT) or SIGTERM, for commands that serve until stopped. */

/** Resolves with the signal's name; the listeners are removed once it fires or `stop` is called. */
export function untilSignal(): { done: Promise<string>; stop(): void } {
  const signals: Deno.Signal[] = Deno.build.os === "windows"
    ? ["SIGINT", "SIGBREAK"]
    : ["SIGINT", "SIGTERM"];
  let resolveDone!: (signal: string) => void;
  const done = new Promise<string>((resolve) => (resolveDone = resolve));
  const listeners = signals.map((signal) => {
    const listener = () => {
      stop();
      resolveDone(signal);
    };
    Deno.addSignalListener(signal, listener);
    return [signal, listener] as const;
  });
  function stop() {
    for (const [signal, listener] of listeners) {
      try {
        Deno.removeSignalListener(signal, listener);
      } catch { /* already removed */ }
    }
  }
  return { done, stop };
}

export interface Interrupt {
  /** Aborted by the first Ctrl-C (or SIGTERM): the run stops sending and reports. */
  signal: AbortSignal;
  /** The exit code of the signal received (130 for SIGINT, 143 for SIGTERM), once one was. */
  exitCode(): number | undefined;
  stop(): void;
}

const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGBREAK: 149 };

/**
 * Ctrl-C for a run (`flow`, `check`): the first one aborts `signal`, so the
 * run sends nothing new, runs its `Always` steps and prints what ran. The
 * listeners are then removed: a second Ctrl-C ends the process at once, as
 * it would without apispec.
 */
export function interruptOnSignal(): Interrupt {
  const controller = new AbortController();
  let received: string | undefined;
  const waiting = untilSignal();
  waiting.done.then((signal) => {
    received = signal;
    controller.abort(new DOMException(`interrupted by ${signal}`, "AbortError"));
  });
  return {
    signal: controller.signal,
    exitCode: () => received === undefined ? undefined : SIGNAL_EXIT[received] ?? 130,
    stop: () => waiting.stop(),
  };
}
