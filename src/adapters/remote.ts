/**
 * Reads a document the user named by URL (`import openapi <url>`, `import
 * project --url`, `drift <url>`): http(s) only, redirects followed, one
 * deadline for the answer and its body, and at most 64 MiB read, as for files
 * and API responses. A failure is a sentence for the error, never a throw.
 */
import { MAX_RESPONSE_BYTES } from "./http.ts";
import { readTextBounded } from "./bounded.ts";
import { formatBytes } from "../engine/bytes.ts";

/** How long a document may take, body included. */
export const REMOTE_TIMEOUT_MS = 15_000;

export type RemoteRead = { ok: true; text: string } | { ok: false; reason: string };

/** True for the `http://` and `https://` URLs `readRemoteText` reads. */
export function isRemote(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

export async function readRemoteText(
  url: string,
  options: { timeoutMs?: number; limit?: number } = {},
): Promise<RemoteRead> {
  const timeoutMs = options.timeoutMs ?? REMOTE_TIMEOUT_MS;
  const limit = options.limit ?? MAX_RESPONSE_BYTES;
  const tooLarge = `the document is larger than ${formatBytes(limit)}`;
  // fetch() would also read file: and data: URLs; a document named by URL comes from a server.
  if (!isRemote(url)) return { ok: false, reason: "only http:// and https:// URLs are read" };
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/json, application/yaml;q=0.9, */*;q=0.5" },
      redirect: "follow",
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return {
        ok: false,
        reason: `the server answered ${response.status} ${response.statusText}`.trim(),
      };
    }
    const declared = Number(response.headers.get("content-length") ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, reason: tooLarge };
    }
    const text = await readTextBounded(response.body, limit);
    return text === undefined ? { ok: false, reason: tooLarge } : { ok: true, text };
  } catch (error) {
    return { ok: false, reason: failureReason(error, timeoutMs) };
  }
}

function failureReason(error: unknown, timeoutMs: number): string {
  const name = (error as Error)?.name ?? "";
  if (name === "TimeoutError" || name === "AbortError") {
    return `no complete answer within ${timeoutMs / 1000} s`;
  }
  const cause = (error as { cause?: unknown })?.cause;
  const message = [error, cause].filter(Boolean).map((e) => String((e as Error)?.message ?? e))
    .join(": ");
  if (/connection refused|os error 111/i.test(message)) return "connection refused";
  if (/dns error|failed to lookup|name or service not known/i.test(message)) {
    return "host not found";
  }
  if (/certificate|tls|ssl/i.test(message)) return "TLS handshake failed";
  return message.replace(/^(fetch failed: )?error sending request for url \([^)]*\):\s*/, "");
}
