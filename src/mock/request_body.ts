/**
 * Reads a request body up to a size limit, so that a client cannot make the
 * mock hold an unbounded body in memory. A declared `Content-Length` over the
 * limit is refused before reading; a streamed body is cut off once it passes.
 */

export type BodyRead = { ok: true; text: string } | { ok: false; tooLarge: true };

export async function readBodyCapped(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) {
    await request.body?.cancel();
    return { ok: false, tooLarge: true };
  }
  if (!request.body) return { ok: true, text: "" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return { ok: false, tooLarge: true };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, text: new TextDecoder().decode(bytes) };
}
