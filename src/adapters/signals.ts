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
