/**
 * The preview server's guards: which Host a request may name (DNS
 * rebinding), which Origin may write, the write-session cookie, and keeping
 * every path inside the workspace (including through symlinks, with the
 * shared helper in adapters/contain.ts).
 */
export const WRITE_COOKIE = "apispec_write_token";
export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The hostname of a Host header, lower case, without port or IPv6 brackets. */
export function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) {
    return value.slice(1, value.indexOf("]") > 0 ? value.indexOf("]") : undefined);
  }
  const colon = value.lastIndexOf(":");
  return colon >= 0 && value.indexOf(":") === colon ? value.slice(0, colon) : value;
}

export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "::1" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Hosts a request may name: the bound address, `localhost` and loopback
 * literals. Bound to a wildcard, the machine's own names and addresses too
 * (the user chose to expose it; a foreign name is still a rebinding attempt).
 */
export function allowedHosts(
  bound: string,
  extra: string[] = [],
): (host: string | null) => boolean {
  const names = new Set([hostnameOf(bound), ...extra.map(hostnameOf)]);
  return (host) => {
    if (!host) return false;
    const name = hostnameOf(host);
    return isLoopback(name) || names.has(name);
  };
}

/** A write from a page must come from this server's own origin; requests without Origin (curl, scripts) pass. */
export function originAllowed(origin: string | null, host: string | null): boolean {
  if (origin === null) return true;
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") &&
      url.host.toLowerCase() === host.trim().toLowerCase();
  } catch {
    return false; // "null" and other opaque origins
  }
}

export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Compares in time independent of where the strings differ. */
export function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined || given.length !== token.length) return false;
  let diff = 0;
  for (let i = 0; i < token.length; i++) diff |= given.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}

export function writeCookie(token: string): string {
  return `${WRITE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

// Path containment (symlinks included) is shared with MCP and the importers.
export { type Contained, containedPath } from "../adapters/contain.ts";
