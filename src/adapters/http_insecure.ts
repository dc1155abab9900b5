/**
 * Requests to an endpoint with `tls.insecure: true` (or `--insecure`): no
 * certificate verification. Deno's fetch has no per-client switch for that
 * (only the process flag `--unsafely-ignore-certificate-errors`), so these
 * requests go through `node:https` with `rejectUnauthorized: false`, loaded
 * only when such an endpoint runs (docs/auth.md has the measurements).
 */
import type { HttpResponse, ResolvedRequest } from "../engine/model.ts";
import type { SendResult } from "./http.ts";
import { INTERRUPTED, MAX_RESPONSE_BYTES } from "./http.ts";

export async function sendInsecure(
  request: ResolvedRequest,
  timeoutMs: number,
  tls: { ca?: string[]; cert?: string; key?: string },
  interrupt?: AbortSignal,
): Promise<SendResult> {
  const { request: httpsRequest } = await import("node:https");
  const { request: httpRequest } = await import("node:http");
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return await new Promise<SendResult>((done) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of request.headers) {
      const known = headers[name];
      headers[name] = known === undefined ? value : [...[known].flat(), value];
    }
    const req = send(url, {
      method: request.method,
      headers,
      rejectUnauthorized: false,
      timeout: timeoutMs,
      ...(interrupt ? { signal: interrupt } : {}),
      ...(tls.ca?.length ? { ca: tls.ca } : {}),
      ...(tls.cert && tls.key ? { cert: tls.cert, key: tls.key } : {}),
    }, (res) => {
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let size = 0;
      res.on("data", (chunk: Uint8Array<ArrayBuffer>) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          res.destroy();
          done({
            failure: { kind: "too_large", message: "the response body is larger than 64 MiB" },
            durationMs: elapsed(),
          });
        } else chunks.push(chunk);
      });
      res.on("end", async () => {
        const response: HttpResponse = {
          status: res.statusCode ?? 0,
          reason: res.statusMessage ?? "",
          headers: Object.entries(res.headers).flatMap(([name, value]) =>
            [value ?? []].flat().map((v) => [name, String(v)] as [string, string])
          ),
          body: await new Blob(chunks).text(),
        };
        done({ response, durationMs: elapsed() });
      });
    });
    req.on("timeout", () => {
      req.destroy();
      done({ failure: { kind: "timeout", message: "request timed out" }, durationMs: elapsed() });
    });
    req.on("error", (error: Error & { code?: string }) => {
      if (interrupt?.aborted) return done({ failure: INTERRUPTED, durationMs: elapsed() });
      const message = `${error.code ?? ""} ${error.message}`.trim();
      const kind = /ECONNREFUSED/.test(message)
        ? "refused"
        : /ENOTFOUND|EAI_AGAIN/.test(message)
        ? "dns"
        : /ECONNRESET|socket hang up/.test(message)
        ? "reset"
        : /cert|tls|ssl|alert/i.test(message)
        ? "tls"
        : "other";
      done({ failure: { kind, message }, durationMs: elapsed() });
    });
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}
