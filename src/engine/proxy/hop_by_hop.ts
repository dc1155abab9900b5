/**
 * Connection-specific header fields, which a proxy must not forward (RFC 9110
 * §7.6.1): `Connection` and every field it names, plus the fields that are
 * connection-specific by definition (`Keep-Alive`, `Proxy-Connection`, `TE`,
 * `Transfer-Encoding`, `Upgrade`), and the proxy's own credentials
 * (`Proxy-Authorization`, `Proxy-Authenticate`, §11.7). The list is the one
 * Go's `httputil.ReverseProxy` strips; `Trailer` goes too, as trailers are not
 * forwarded.
 */

export type HeaderPairs = [string, string][];

const HOP_BY_HOP = new Set([
  "connection",
  "proxy-connection",
  "keep-alive",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "proxy-authorization",
  "proxy-authenticate",
]);

/**
 * The headers to forward: hop-by-hop fields and the fields `Connection`
 * names are dropped; everything else is kept in order, repeats included.
 *
 * @example
 * ```ts
 * import { endToEndHeaders } from "./hop_by_hop.ts";
 * endToEndHeaders([["Connection", "keep-alive, X-Trace"], ["X-Trace", "1"], ["Accept", "text/html"]]);
 * // [["Accept", "text/html"]]
 * ```
 */
export function endToEndHeaders(headers: HeaderPairs): HeaderPairs {
  const named = new Set<string>();
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== "connection") continue;
    for (const option of value.split(",")) named.add(option.trim().toLowerCase());
  }
  return headers.filter(([name]) => {
    const lower = name.toLowerCase();
    return !HOP_BY_HOP.has(lower) && !named.has(lower);
  });
}
