/**
 * How a running proxy lets the preview UI find it: `.apispec/proxy.json` in
 * the project's state folder (beside `history/`), written atomically once the
 * proxy listens and removed when it stops cleanly. A proxy that was killed
 * leaves the file behind; whoever reads it must expect nobody to answer.
 */
import { dirname, join } from "../adapters/path.ts";
import { readTextIfExists } from "../adapters/jsonl.ts";
import { writeInside } from "../adapters/contain.ts";

/**
 * The proxy's own routes (its counts, and `/exchanges` for the latest
 * exchanges): defined here, where readers find the proxy, so that they do not
 * load the proxy itself (its decoders bring Deno's Node layer).
 */
export const CONTROL_PATH = "/__apispec/proxy";

export interface ProxyAnnouncement {
  /** Where the proxy answers on this machine, e.g. `http://127.0.0.1:4002`. */
  url: string;
  /** The API it forwards to, without credentials. */
  target: string;
  /** The collection it compares with (absolute). */
  collection: string;
  /** `--report`'s file (absolute), or null. */
  report: string | null;
  pid: number;
  started_at: string;
}

/** The announcement file of the project that holds `collection`. */
export function announcementPath(projectRoot: string): string {
  return join(projectRoot, ".apispec", "proxy.json");
}

/** A URL this machine reaches the proxy at: a wildcard bind is reached on loopback. */
export function reachableUrl(hostname: string, port: number): string {
  if (hostname === "0.0.0.0" || hostname === "localhost") return `http://127.0.0.1:${port}`;
  if (hostname === "::") return `http://[::1]:${port}`;
  return `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
}

/** Writes the announcement; the function returned withdraws it (only if it is still ours). */
export async function announceProxy(
  announcement: ProxyAnnouncement,
): Promise<() => Promise<void>> {
  const project = dirname(announcement.collection);
  const file = announcementPath(project);
  await writeInside(project, file, JSON.stringify(announcement, null, 2) + "\n");
  return async () => {
    // Another proxy may have started for the same project since: its file stays.
    const current = await readAnnouncement(file).catch(() => undefined);
    if (current?.url !== announcement.url || current.pid !== announcement.pid) return;
    await Deno.remove(file).catch(() => {});
  };
}

/** The announcement in a file, or undefined when there is none or it is not one. */
export async function readAnnouncement(file: string): Promise<ProxyAnnouncement | undefined> {
  const text = await readTextIfExists(file);
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text);
    return typeof value?.url === "string" && typeof value?.collection === "string"
      ? value as ProxyAnnouncement
      : undefined;
  } catch {
    return undefined; // half-written by hand, or not ours: as good as none
  }
}

/** The target as announced: origin and base path, never `user:password@`. */
export function publicTarget(target: URL): string {
  const shown = new URL(target.href);
  shown.username = "";
  shown.password = "";
  return shown.href.replace(/\/$/, "");
}
