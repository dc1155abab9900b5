/**
 * Server-Sent Events to connected browsers: `change` when files change,
 * `workspace` when another workspace is opened. A comment line every 15 s
 * keeps idle connections open through proxies.
 */
const encoder = new TextEncoder();
const KEEPALIVE_MS = 15_000;

export class EventHub {
  #clients = new Set<ReadableStreamDefaultController<Uint8Array>>();

  get size(): number {
    return this.#clients.size;
  }

  /** A `text/event-stream` response that receives every later event until the client leaves (the stream is cancelled). */
  connect(): Response {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let timer: ReturnType<typeof setInterval> | undefined;
    const leave = () => {
      clearInterval(timer);
      this.#clients.delete(controller);
    };
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
        this.#clients.add(c);
        c.enqueue(encoder.encode("retry: 1000\nevent: hello\ndata: {}\n\n"));
        timer = setInterval(() => this.#send(c, ": keepalive\n\n"), KEEPALIVE_MS);
      },
      cancel: leave,
    });
    return new Response(stream, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      },
    });
  }

  broadcast(event: string, data: unknown): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of this.#clients) this.#send(client, frame);
  }

  /** Ends every stream, so the server can shut down without waiting for browsers. */
  close(): void {
    for (const client of this.#clients) {
      try {
        client.close();
      } catch { /* already closed */ }
    }
    this.#clients.clear();
  }

  #send(client: ReadableStreamDefaultController<Uint8Array>, frame: string) {
    try {
      client.enqueue(encoder.encode(frame));
    } catch {
      this.#clients.delete(client);
    }
  }
}
