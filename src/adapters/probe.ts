/** Short, bounded loopback probes for `import project`: is a port open, and what does a URL return. */
import { readRemoteText } from "./remote.ts";

/** True when something accepts a TCP connection on 127.0.0.1:port within the timeout. */
export async function portOpen(port: number, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const attempt = Deno.connect({ hostname: "127.0.0.1", port }).then((conn) => {
    conn.close();
    return true;
  }, () => false);
  const open = await Promise.race([attempt, timeout]);
  clearTimeout(timer);
  // A connection that lands after the timeout is closed, never leaked.
  if (!open) attempt.then(() => {}, () => {});
  return open;
}

/** The body of a 2xx response, or undefined on any failure, timeout or oversized body. */
export async function fetchText(url: string, timeoutMs: number): Promise<string | undefined> {
  const read = await readRemoteText(url, { timeoutMs });
  return read.ok ? read.text : undefined;
}
