/**
 * Splits a byte stream into newline-delimited messages with a size cap. Each
 * chunk is searched once (the SDK's buffer searches and copies everything
 * it holds on every chunk, so 8 MB took seconds), and a line over the cap is
 * skipped as it streams by: only its first and last bytes are kept, to name
 * the request it belonged to.
 */

export type LineEvent =
  | { kind: "line"; text: string }
  | { kind: "oversize"; bytes: number; head: string; tail: string };

const EDGE_BYTES = 4096;

export class LineReader {
  #chunks: Uint8Array[] = [];
  #size = 0;
  #skipping = false;
  #head: Uint8Array = new Uint8Array();
  #tail: Uint8Array = new Uint8Array();
  #decoder = new TextDecoder();

  constructor(readonly maxBytes: number) {}

  /** Feeds a chunk; returns the complete lines (and oversize notices) it finished. */
  push(chunk: Uint8Array): LineEvent[] {
    const events: LineEvent[] = [];
    let from = 0;
    for (let at = chunk.indexOf(10, from); at !== -1; at = chunk.indexOf(10, from)) {
      this.#take(chunk.subarray(from, at));
      events.push(this.#finish());
      from = at + 1;
    }
    if (from < chunk.length) this.#take(chunk.subarray(from));
    return events;
  }

  #take(part: Uint8Array): void {
    if (part.length === 0) return;
    this.#size += part.length;
    if (!this.#skipping && this.#size <= this.maxBytes) {
      this.#chunks.push(part.slice());
      return;
    }
    if (!this.#skipping) {
      // Over the cap: keep the start for the request id, drop the rest as it comes.
      this.#skipping = true;
      this.#head = concat(this.#chunks).subarray(0, EDGE_BYTES).slice();
      this.#chunks = [];
    }
    this.#tail = concat([this.#tail, part.subarray(Math.max(0, part.length - EDGE_BYTES))]);
    this.#tail = this.#tail.subarray(Math.max(0, this.#tail.length - EDGE_BYTES)).slice();
  }

  #finish(): LineEvent {
    const event: LineEvent = this.#skipping
      ? {
        kind: "oversize",
        bytes: this.#size,
        head: this.#decoder.decode(this.#head),
        tail: this.#decoder.decode(this.#tail),
      }
      : { kind: "line", text: this.#decoder.decode(concat(this.#chunks)).replace(/\r$/, "") };
    this.#chunks = [];
    this.#size = 0;
    this.#skipping = false;
    this.#head = new Uint8Array();
    this.#tail = new Uint8Array();
    return event;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The JSON-RPC id of a message seen only by its edges: the SDK writes `id`
 * last (`{"method":…,"params":…,"jsonrpc":"2.0","id":7}`), others first.
 * Null when neither edge names one.
 */
export function idFromEdges(head: string, tail: string): string | number | null {
  const last = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/.exec(tail.trimEnd());
  const first = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/
    .exec(head);
  const found = last?.[1] ?? first?.[1];
  return found === undefined ? null : JSON.parse(found);
}
