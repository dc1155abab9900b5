/**
 * A real WebSocket API on 127.0.0.1, served by the `ws` package (the Node
 * ecosystem's WebSocket server) through Deno's npm support: a bearer token
 * checked at the handshake, a subprotocol, a welcome message, subscriptions
 * that push prices, an echo, a close on request (and on unsubscribe, with 1000), and the hostile kinds (a huge
 * message, a flood).
 */
import { WebSocketServer } from "ws";

export interface WsApi extends AsyncDisposable {
  url: string;
  /** Text of every message received, in order. */
  received: string[];
  /** Handshakes seen: the headers the client sent. */
  handshakes: Record<string, string | string[] | undefined>[];
}

export const WS_TOKEN = "ws-t0k3n-5ecret";

// deno-lint-ignore no-explicit-any
type Socket = any;

export async function startWsApi(): Promise<WsApi> {
  const received: string[] = [];
  const handshakes: WsApi["handshakes"] = [];
  const server = new WebSocketServer({
    host: "127.0.0.1",
    port: 0,
    verifyClient: (
      info: { req: { headers: Record<string, string> } },
      done: (ok: boolean, code?: number, message?: string) => void,
    ) => {
      handshakes.push({ ...info.req.headers });
      const ok = info.req.headers.authorization === `Bearer ${WS_TOKEN}`;
      done(ok, ok ? undefined : 401, ok ? undefined : "Unauthorized");
    },
    handleProtocols: (protocols: Set<string>) => protocols.has("prices.v1") ? "prices.v1" : false,
  });
  await new Promise((resolve) => server.on("listening", resolve));
  const port = (server.address() as { port: number }).port;
  server.on("connection", (socket: Socket) => {
    let stop = false;
    socket.on("close", () => stop = true);
    socket.send(JSON.stringify({ type: "welcome", user: "ada", protocol: socket.protocol }));
    socket.on("message", (raw: { toString(): string }) => {
      const text = raw.toString();
      received.push(text);
      let message: { type?: string; channel?: string } = {};
      try {
        message = JSON.parse(text);
      } catch { /* text commands below */ }
      if (message.type === "subscribe") {
        socket.send(JSON.stringify({ type: "subscribed", channel: message.channel }));
        [101.5, 102.25, 99.75].forEach((price, i) =>
          socket.send(JSON.stringify({ type: "price", symbol: "BTC", price, seq: i + 1 }))
        );
      } else if (message.type === "unsubscribe") socket.close(1000, "unsubscribed");
      else if (message.type === "ping") socket.send(JSON.stringify({ type: "pong" }));
      else if (text === "bye") socket.close(4000, "bye");
      else if (text === "huge") socket.send("x".repeat(17 * 1024 * 1024));
      else if (text === "flood") {
        const push = (n: number) => {
          if (stop) return;
          socket.send(JSON.stringify({ type: "tick", n }));
          setTimeout(() => push(n + 1), n % 20 === 0 ? 1 : 0);
        };
        push(0);
      } else if (text.startsWith("many ")) {
        const count = Number(text.slice(5));
        for (let n = 0; n < count; n++) socket.send(`{"type":"tick","n":${n}}`);
        socket.send('{"type":"end"}');
      } else if (text === "silence") { /* answers nothing */ }
      else socket.send(`echo: ${text}`);
    });
  });
  return {
    url: `ws://127.0.0.1:${port}`,
    received,
    handshakes,
    [Symbol.asyncDispose]: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
