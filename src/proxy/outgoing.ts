/**
 * What the target receives besides the client's own end-to-end headers: a
 * reverse proxy's forwarding fields, and nothing that belongs to the hop.
 */
import { endToEndHeaders, type HeaderPairs } from "../engine/proxy/hop_by_hop.ts";

/**
 * The request headers the target gets: end-to-end ones only, Host left to the
 * client library (the target's own), and the forwarding fields a reverse proxy
 * adds (`X-Forwarded-*`, and `Via`, which RFC 9110 §7.6.3 asks of a gateway).
 */
export function outgoingHeaders(
  request: Request,
  info: { remoteAddr: Deno.Addr } | undefined,
  via: string,
): HeaderPairs {
  const headers = endToEndHeaders([...request.headers]).filter(([name]) =>
    name.toLowerCase() !== "host"
  );
  const client = info?.remoteAddr && "hostname" in info.remoteAddr
    ? info.remoteAddr.hostname
    : undefined;
  const forwardedFor = request.headers.get("x-forwarded-for");
  const set = (name: string, value: string) => {
    const index = headers.findIndex(([n]) => n.toLowerCase() === name);
    if (index === -1) headers.push([name, value]);
    else headers[index] = [name, value];
  };
  if (client) set("x-forwarded-for", forwardedFor ? `${forwardedFor}, ${client}` : client);
  const host = request.headers.get("host");
  if (host && !request.headers.has("x-forwarded-host")) set("x-forwarded-host", host);
  if (!request.headers.has("x-forwarded-proto")) set("x-forwarded-proto", "http");
  const previous = request.headers.get("via");
  set("via", previous ? `${previous}, ${via}` : via);
  return headers;
}
