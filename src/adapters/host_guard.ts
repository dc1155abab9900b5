/**
 * Which Host and Origin a local server answers, shared by the preview server
 * and the proxy. A page that rebinds its DNS name to 127.0.0.1 reaches a
 * loopback server with its own name in Host; a page on another site sends its
 * Origin (or `Sec-Fetch-Site: cross-site`). Both are refused, so no web page
 * reads what a local server answers, nor makes it act.
 */

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

/** `0.0.0.0` and `::`: every interface. */
export function isWildcard(host: string): boolean {
  return host === "0.0.0.0" || host === "::" || host === "[::]";
}

/** The machine's own names and addresses: what a server bound to a wildcard is reached by. */
export function machineNames(): string[] {
  try {
    return [Deno.hostname(), ...Deno.networkInterfaces().map((i) => i.address)];
  } catch {
    return []; // no permission to ask: loopback only
  }
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
  // Clients send the same Host again and again: each distinct one is judged once (the mock
  // asks on every request). Bounded, so a stream of made-up Hosts cannot grow it.
  const judged = new Map<string, boolean>();
  return (host) => {
    if (!host) return false;
    const known = judged.get(host);
    if (known !== undefined) return known;
    const name = hostnameOf(host);
    // `*.localhost` resolves to loopback in browsers (RFC 6761); no page can rebind it.
    const allowed = isLoopback(name) || name.endsWith(".localhost") || names.has(name);
    if (judged.size < 64) judged.set(host, allowed);
    return allowed;
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

/**
 * Why a request comes from a page of another site, or undefined when it does
 * not: an Origin whose host this server does not answer to (any port: a
 * front end on `localhost:3000` is the same site), an opaque `null` origin, or
 * the browser's own `Sec-Fetch-Site: cross-site`. Requests without these
 * headers (curl, scripts, servers) are not from a page.
 */
export function crossSite(
  headers: Headers,
  hostAllowed: (host: string | null) => boolean,
): string | undefined {
  if (headers.get("sec-fetch-site")?.toLowerCase() === "cross-site") {
    return "the browser marks it cross-site";
  }
  const origin = headers.get("origin");
  if (origin === null) return undefined;
  try {
    const url = new URL(origin);
    if ((url.protocol === "http:" || url.protocol === "https:") && hostAllowed(url.host)) {
      return undefined;
    }
  } catch { /* "null" and other opaque origins */ }
  return `Origin ${JSON.stringify(origin.slice(0, 200))} is another site`;
}
