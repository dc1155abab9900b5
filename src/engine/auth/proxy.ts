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

/**
 * The proxy Deno's own client takes from the environment for a request:
 * `HTTPS_PROXY` for `https:` and `wss:`, `HTTP_PROXY` for the rest (upper or
 * lower case), unless `NO_PROXY` exempts its host. For the requests that do
 * not go through Deno's client (unverified TLS), which must honour them too.
 */
export function environmentProxy(
  url: string,
  env: Record<string, string | undefined>,
): string | undefined {
  const secure = /^(https|wss):/i.test(url);
  const proxy = secure ? env.HTTPS_PROXY ?? env.https_proxy : env.HTTP_PROXY ?? env.http_proxy;
  return proxyFor(url, proxy || undefined, env.NO_PROXY ?? env.no_proxy);
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
