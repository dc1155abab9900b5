/**
 * The preview server's guards: which Host a request may name (DNS
 * rebinding), which Origin may write, the write-session cookie, and keeping
 * every path inside the workspace (including through symlinks, with the
 * shared helper in adapters/contain.ts).
 */
export const WRITE_COOKIE = "apispec_write_token";
export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// Host and Origin checks are shared with the proxy.
export { allowedHosts, hostnameOf, isLoopback, originAllowed } from "../adapters/host_guard.ts";

export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export { sameToken } from "../engine/text/same_token.ts";

export function writeCookie(token: string): string {
  return `${WRITE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

// Path containment (symlinks included) is shared with MCP and the importers.
export { type Contained, containedPath } from "../adapters/contain.ts";
