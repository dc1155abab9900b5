/**
 * Requests to an endpoint with `tls.insecure: true` (or `--insecure`): no
 * certificate verification. Deno's clients have no switch for that (only the
 * process flag `--unsafely-ignore-certificate-errors`), so such a request is
 * sent as plain HTTP to a bridge on 127.0.0.1 in this process, which carries
 * its bytes to the server over TLS without verification (`node:tls`), through
 * the proxy when there is one (HTTP CONNECT). Everything else is Deno's own
 * fetch or WebSocket with a client whose transport is the bridge: file and
 * multipart bodies, event streams, WebSocket scripts, limits and answers work
 * as for any request. Loaded only when such an endpoint runs (docs/auth.md).
 *
 * The bridge listens on loopback, where any local process could reach it and
 * borrow the run's client certificate and proxy credentials: each bridge has
 * a random token, every request of the run carries it in a header the bridge
 * removes, and a connection without it is answered 403 before anything is
 * sent to the server.
 */
import type { ResolvedRequest } from "../engine/model.ts";
import type { NetworkFailure } from "../engine/diagnose/classify.ts";
import { describeFailure } from "./http.ts";
import { sameToken } from "../engine/text/same_token.ts";

/** How the bridge reaches the server. */
export interface InsecureRoute {
  /** PEM texts of a client certificate (mTLS) and its key. */
  cert?: string;
  key?: string;
  /** `http://` or `https://` proxy URL (credentials in it become Proxy-Authorization). */
  proxy?: string;
}

/** The header that carries a bridge's token from the run's client to the bridge (never beyond). */
export const BRIDGE_TOKEN_HEADER = "x-apispec-bridge";

interface Bridge {
  listener: Deno.Listener;
  /** Proves a connection comes from this run's client. */
  token: string;
  client: Deno.HttpClient;
  /** Connections in flight, closed with the bridge. */
  open: Set<{ close(): void }>;
  /** Upstream failures so far, and the latest: a request that failed reports its cause. */
  failures: number;
  lastFailure?: NetworkFailure;
}

/**
 * The request as it goes to the bridge at `port`: `https://h/x?q` →
 * `http://127.0.0.1:<port>/x?q` (`wss` → `ws`), with the server's name in
 * `Host` and the bridge's token. The URL names the bridge itself, so that
 * `NO_PROXY`, which Deno applies to every client, cannot send it elsewhere.
 */
export function plainRequest(
  request: ResolvedRequest,
  port: number,
  token: string,
): ResolvedRequest {
  const url = new URL(request.url);
  const scheme = url.protocol === "wss:" ? "ws:" : "http:";
  const hasHost = request.headers.some(([name]) => name.toLowerCase() === "host");
  const headers: [string, string][] = hasHost
    ? [...request.headers]
    : [...request.headers, ["Host", url.host]];
  headers.push([BRIDGE_TOKEN_HEADER, token]);
  return { ...request, url: `${scheme}//127.0.0.1:${port}${url.pathname}${url.search}`, headers };
}

/**
 * A request head as the bridge forwards it: the request line in the origin
 * form and the token's header removed; undefined when the token is missing
 * or wrong. Bytes are kept as they are (one character per byte).
 */
export function forwardedHead(head: Uint8Array, token: string): Uint8Array | undefined {
  let text = "";
  for (let i = 0; i < head.length; i += 8192) {
    text += String.fromCharCode(...head.subarray(i, i + 8192));
  }
  const lines = text.split("\r\n");
  const kept = [originForm(lines[0])];
  let proven = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === BRIDGE_TOKEN_HEADER) {
      proven ||= sameToken(line.slice(colon + 1).trim(), token);
      continue;
    }
    kept.push(line);
  }
  if (!proven) return undefined;
  const out = kept.join("\r\n");
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i);
  return bytes;
}

/**
 * `GET http://127.0.0.1:<port>/x HTTP/1.1` → `GET /x HTTP/1.1`: Deno writes the
 * absolute form to a proxy transport, and the server expects the origin form.
 */
export function originForm(requestLine: string): string {
  const absolute = /^(\S+) [a-z][a-z0-9+.-]*:\/\/[^/\s?]*([/?]\S*)? (HTTP\/\d\.\d)$/i.exec(
    requestLine,
  );
  if (!absolute) return requestLine;
  const target = absolute[2] ?? "/";
  return `${absolute[1]} ${target.startsWith("?") ? `/${target}` : target} ${absolute[3]}`;
}

/** The most a request head may hold before the bridge gives up on it. */
const MAX_HEAD = 256 * 1024;

/** One bridge per server (and certificate and proxy) for a run; `close()` ends them all. */
export class InsecureBridges {
  #bridges = new Map<string, Bridge>();

  /**
   * Sends `request` (an `https:` or `wss:` URL) with `send` over the bridge
   * to its server; a failure of the TLS side is reported as its own cause
   * (refused, unknown host, handshake), not as a closed connection.
   */
  async send<T extends { failure?: NetworkFailure }>(
    request: ResolvedRequest,
    route: InsecureRoute,
    send: (request: ResolvedRequest, client: Deno.HttpClient) => Promise<T>,
  ): Promise<T> {
    const url = new URL(request.url);
    const hostname = url.hostname.replace(/^\[|\]$/g, "");
    const port = Number(url.port || 443);
    const bridge = this.#bridge(hostname, port, route);
    const failures = bridge.failures;
    const result = await send(
      plainRequest(request, (bridge.listener.addr as Deno.NetAddr).port, bridge.token),
      bridge.client,
    );
    if (result.failure && result.failure.kind !== "timeout" && bridge.failures !== failures) {
      return { ...result, failure: bridge.lastFailure };
    }
    return result;
  }

  #bridge(hostname: string, port: number, route: InsecureRoute): Bridge {
    const key = JSON.stringify([hostname, port, route.cert, route.key, route.proxy]);
    let bridge = this.#bridges.get(key);
    if (bridge) return bridge;
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    // Neither the bridge nor its connections keep a finished process alive.
    listener.unref();
    const client = Deno.createHttpClient({
      // The bridge's own address as the transport: before any proxy of the environment.
      proxy: {
        transport: "tcp",
        hostname: "127.0.0.1",
        port: (listener.addr as Deno.NetAddr).port,
      },
      // One request per connection, so the bridge rewrites one request line per connection.
      poolMaxIdlePerHost: 0,
      // The bridge speaks HTTP/1.1 to the server (ALPN), so this side does too; the Host
      // header is the server's name, as the request's URL had it.
      http2: false,
      allowHost: true,
    });
    bridge = { listener, token: crypto.randomUUID(), client, open: new Set(), failures: 0 };
    this.#bridges.set(key, bridge);
    void this.#accept(bridge, hostname, port, route);
    return bridge;
  }

  async #accept(bridge: Bridge, hostname: string, port: number, route: InsecureRoute) {
    try {
      for await (const conn of bridge.listener) {
        conn.unref();
        void this.#carry(bridge, conn, hostname, port, route);
      }
    } catch {
      // Closed with the run.
    }
  }

  /** Carries one plain connection's bytes to the server over unverified TLS, and back. */
  async #carry(
    bridge: Bridge,
    conn: Deno.Conn,
    hostname: string,
    port: number,
    route: InsecureRoute,
  ): Promise<void> {
    bridge.open.add(conn);
    const upstream = { close: () => {} };
    try {
      // The head first: a connection that is not the run's own never reaches the server.
      const head = await readHead(conn.readable, bridge.token);
      if (!head) {
        await conn.write(FORBIDDEN).catch(() => {});
        return;
      }
      const socket = await connectTls(hostname, port, route);
      upstream.close = () => socket.destroy();
      bridge.open.add(upstream);
      const { Duplex } = await import("node:stream");
      const server = Duplex.toWeb(socket) as {
        readable: ReadableStream<Uint8Array>;
        writable: WritableStream<Uint8Array>;
      };
      const response = server.readable.pipeTo(conn.writable);
      const writer = server.writable.getWriter();
      await writer.write(head);
      writer.releaseLock();
      await conn.readable.pipeTo(server.writable).catch(() => {});
      await Promise.allSettled([response]);
      socket.destroy();
    } catch (error) {
      bridge.failures++;
      bridge.lastFailure = describeFailure(error);
    } finally {
      bridge.open.delete(conn);
      bridge.open.delete(upstream);
      try {
        conn.close();
      } catch {
        // Closed already.
      }
    }
  }

  close(): void {
    for (const bridge of this.#bridges.values()) {
      bridge.listener.close();
      for (const open of bridge.open) {
        try {
          open.close();
        } catch {
          // Closed already.
        }
      }
      bridge.client.close();
    }
    this.#bridges.clear();
  }
}

const FORBIDDEN = new TextEncoder().encode(
  "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
);

/**
 * Reads a connection's request head (up to the blank line, at most
 * `MAX_HEAD` bytes) and returns it as forwarded, with whatever body bytes
 * came with it; undefined for a head without the token, too long, or cut off.
 */
async function readHead(
  from: ReadableStream<Uint8Array>,
  token: string,
): Promise<Uint8Array | undefined> {
  const reader = from.getReader();
  try {
    let bytes: Uint8Array = new Uint8Array(0);
    let searched = 0;
    while (true) {
      const end = headEnd(bytes, searched);
      searched = Math.max(0, bytes.length - 3);
      if (end >= 0) {
        const head = forwardedHead(bytes.subarray(0, end), token);
        return head && concat(head, bytes.subarray(end));
      }
      if (bytes.length > MAX_HEAD) return undefined;
      const { value, done } = await reader.read();
      if (done) return undefined;
      bytes = concat(bytes, value);
    }
  } finally {
    reader.releaseLock();
  }
}

/** Where the blank line after the headers starts (its `\r\n\r\n` stays with the body), or -1. */
function headEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 3 < bytes.length; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) {
      return i;
    }
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

type TlsSocket = import("node:tls").TLSSocket;

/** An unverified TLS connection to the server, through the proxy's CONNECT tunnel when there is one. */
async function connectTls(
  hostname: string,
  port: number,
  route: InsecureRoute,
): Promise<TlsSocket> {
  const { connect } = await import("node:tls");
  const tunnel = route.proxy ? await proxyTunnel(route.proxy, hostname, port) : undefined;
  const isIp = /^[\d.]+$|:/.test(hostname);
  return await new Promise<TlsSocket>((done, fail) => {
    const socket = connect({
      ...(tunnel ? { socket: tunnel } : { host: hostname, port }),
      ...(isIp ? {} : { servername: hostname }),
      rejectUnauthorized: false,
      ALPNProtocols: ["http/1.1"],
      ...(route.cert && route.key ? { cert: route.cert, key: route.key } : {}),
    }, () => {
      socket.off("error", fail);
      socket.unref();
      done(socket);
    });
    socket.once("error", fail);
  });
}

/** A socket to `hostname:port` through an HTTP(S) proxy's CONNECT. */
async function proxyTunnel(
  proxy: string,
  hostname: string,
  port: number,
): Promise<import("node:stream").Duplex> {
  const url = new URL(proxy);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(
      `proxy ${url.protocol}// is not supported for tls.insecure: use http:// or https://`,
    );
  }
  const { request } = url.protocol === "https:"
    ? await import("node:https")
    : await import("node:http");
  const target = `${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
  const headers: Record<string, string> = { host: target };
  if (url.username) {
    const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers["proxy-authorization"] = `Basic ${btoa(user)}`;
  }
  return await new Promise((done, fail) => {
    const connect = request({
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
      method: "CONNECT",
      path: target,
      headers,
    });
    connect.once("connect", (response, socket) => {
      if (response.statusCode === 200) return done(socket);
      socket.destroy();
      fail(new Error(`the proxy answered ${response.statusCode} to CONNECT ${target}`));
    });
    connect.once("error", fail);
    connect.end();
  });
}
