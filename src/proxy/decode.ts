/**
 * A captured body as text for the comparison: undone `Content-Encoding`
 * (gzip, deflate, br), bounded so that a small compressed body cannot expand
 * without limit, then decoded as UTF-8. The client still gets the bytes as
 * the target sent them.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

export function bodyText(
  bytes: Uint8Array,
  contentEncoding: string | undefined,
  limit: number,
): { text: string; complete: boolean } {
  const encoding = (contentEncoding ?? "identity").trim().toLowerCase();
  let plain: Uint8Array = bytes;
  try {
    if (encoding === "gzip" || encoding === "x-gzip") {
      plain = gunzipSync(bytes, { maxOutputLength: limit });
    } else if (encoding === "deflate") plain = inflateSync(bytes, { maxOutputLength: limit });
    else if (encoding === "br") plain = brotliDecompressSync(bytes, { maxOutputLength: limit });
    else if (encoding !== "identity" && encoding !== "") return { text: "", complete: false };
  } catch {
    // Too large once expanded, or not what the header says: the body is not compared.
    return { text: "", complete: false };
  }
  return { text: new TextDecoder().decode(plain), complete: true };
}
