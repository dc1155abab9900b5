/**
 * Reads a byte stream (a request body, stdin) up to a limit and stops there:
 * the rest is never read into memory. A limit checked after reading
 * everything protects nothing.
 */

export type BoundedRead = { ok: true; bytes: Uint8Array } | { ok: false; limit: number };

/**
 * The stream's bytes, or `{ok: false}` as soon as more than `limit` arrive (the
 * stream is then cancelled).
 */
export async function readBounded(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<BoundedRead> {
  if (!stream) return { ok: true, bytes: new Uint8Array() };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return { ok: false, limit };
      }
      chunks.push(next.value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** The stream as UTF-8 text, or undefined when it holds more than `limit` bytes. */
export async function readTextBounded(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<string | undefined> {
  const read = await readBounded(stream, limit);
  return read.ok ? new TextDecoder().decode(read.bytes) : undefined;
}
