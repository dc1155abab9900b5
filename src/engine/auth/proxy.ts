/**
 * Which proxy a request goes through. `HTTPS_PROXY`, `HTTP_PROXY` and
 * `NO_PROXY` are honoured by Deno's own client; `proxy:` in project.md is
 * ours, and `NO_PROXY` applies to it the same way: a comma-separated list
 * of host names (a name matches itself and its subdomains, a leading `.` or
 * `*.` is allowed), IP addresses, optional `:port`, or `*` for everything.
 */

/**
 * The proxy URL for a request, or undefined to connect directly.
 *
 * @example
 * ```ts
 * import { proxyFor } from "./proxy.ts";
 * proxyFor("https://api.internal/x", "http://proxy:3128", "localhost,.internal"); // undefined
 * proxyFor("https://api.example.com/x", "http://proxy:3128", "localhost"); // "http://proxy:3128"
 * ```
 */
export function proxyFor(
  url: string,
  proxy: string | undefined,
  noProxy: string | undefined,
): string | undefined {
  if (!proxy) return undefined;
  return noProxy && bypasses(url, noProxy) ? undefined : proxy;
}

/** Whether `NO_PROXY` exempts the request's host. */
export function bypasses(url: string, noProxy: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = parsed.port || (parsed.protocol === "https:" ? "443" : "80");
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === "") continue;
    if (entry === "*") return true;
    const portMatch = /^(.*?)(?::(\d+))?$/.exec(entry.replace(/^\[|\]$/g, ""))!;
    const name = portMatch[1].replace(/^\*?\./, "").replace(/^\[|\]$/g, "");
    if (portMatch[2] && portMatch[2] !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}
