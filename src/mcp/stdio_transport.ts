/**
 * The stdio transport of `apispec mcp`, replacing the SDK's read side: lines
 * are split by LineReader with a cap, and a message over it is answered with
 * a JSON-RPC error (`-32600`, naming the limit) while the server keeps
 * serving. Writes go to stdout one message at a time; nothing else does.
 */
// @ts-types="@modelcontextprotocol/sdk/types.d.ts"
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { idFromEdges, LineReader } from "./line_reader.ts";

/** The largest JSON-RPC message the server reads: 4 MiB (a spec for apispec_author is kilobytes). */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

const INVALID_REQUEST = -32600;

export class BoundedStdioTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Resolves when stdin ends or the transport is closed. */
  readonly closed: Promise<void>;
  #closed!: () => void;
  #reader?: ReadableStreamDefaultReader<Uint8Array>;
  #writes: Promise<void> = Promise.resolve();
  #encoder = new TextEncoder();

  constructor(
    readonly input: ReadableStream<Uint8Array> = Deno.stdin.readable,
    readonly output: { write(bytes: Uint8Array): Promise<number> } = Deno.stdout,
    readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {
    this.closed = new Promise((resolve) => this.#closed = resolve);
  }

  start(): Promise<void> {
    this.#reader = this.input.getReader();
    this.#pump().catch((error) => this.onerror?.(error as Error)).finally(() => this.close());
    return Promise.resolve();
  }

  async #pump(): Promise<void> {
    const lines = new LineReader(this.maxBytes);
    for (let next = await this.#reader!.read(); !next.done; next = await this.#reader!.read()) {
      for (const event of lines.push(next.value)) {
        if (event.kind === "oversize") {
          const id = idFromEdges(event.head, event.tail);
          const message = `Message of ${event.bytes} bytes is larger than the ${
            this.maxBytes / 1024 / 1024
          } MiB apispec reads; send smaller arguments`;
          this.onerror?.(new Error(message));
          if (id !== null) {
            await this.send({ jsonrpc: "2.0", id, error: { code: INVALID_REQUEST, message } });
          }
        } else if (event.text.trim() !== "") {
          this.#deliver(event.text);
        }
      }
    }
  }

  #deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const bytes = this.#encoder.encode(JSON.stringify(message) + "\n");
    this.#writes = this.#writes.then(async () => {
      for (let at = 0; at < bytes.length;) at += await this.output.write(bytes.subarray(at));
    });
    return this.#writes;
  }

  async close(): Promise<void> {
    if (!this.#reader) return;
    const reader = this.#reader;
    this.#reader = undefined;
    await reader.cancel().catch(() => {});
    this.onclose?.();
    this.#closed();
  }
}
