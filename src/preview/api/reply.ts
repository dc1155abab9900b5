/**
 * Response helpers for the preview API: JSON bodies, the one error shape
 * (`{error: {code, message, fix}, issues?}`), streamed JSON lines, and
 * reading a JSON request body with a size limit.
 */
import type { Issue } from "../../engine/issue.ts";
import { readTextBounded } from "../../adapters/bounded.ts";

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

export function problem(
  status: number,
  code: string,
  message: string,
  fix: string,
  issues?: Issue[],
): Response {
  return json({ error: { code, message, fix }, ...(issues ? { issues } : {}) }, status);
}

/** The last line of a stream that failed. */
export interface StreamError {
  type: "error";
  error: { code: string; message: string; fix: string };
}

/**
 * A run's events as JSON lines, sent as they happen. An exception becomes a
 * last `error` line with `fix`. A browser that leaves is not an error: the
 * run goes on and lands in the history.
 */
export function jsonLines<T>(
  run: (send: (event: T) => void) => Promise<void>,
  fix: string,
): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: T | StreamError) => {
        try {
          controller.enqueue(encoder.encode(JSON.stringify(event) + "\n"));
        } catch { /* the browser left */ }
      };
      try {
        await run(send);
      } catch (error) {
        send({
          type: "error",
          error: { code: "ENGINE_ERROR", message: (error as Error).message, fix },
        });
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
  });
}

export class BadRequest extends Error {
  constructor(message: string, readonly fix: string, readonly status = 400) {
    super(message);
  }
}

/** The JSON object of a request body; a `BadRequest` when it is missing, too big or not an object. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  // Reading stops at the limit: a client sending gigabytes costs 5 MB of memory, no more.
  const text = await readTextBounded(request.body, MAX_BODY_BYTES);
  if (text === undefined) {
    throw new BadRequest("The request body is larger than 5 MB", "Send a smaller body", 413);
  }
  let value: unknown;
  try {
    value = JSON.parse(text || "{}");
  } catch {
    throw new BadRequest(
      "The request body is not valid JSON",
      'Send a JSON object, e.g. {"path": "..."}',
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new BadRequest("The request body must be a JSON object", 'Send {"path": "..."}');
  }
  return value as Record<string, unknown>;
}

/** A string field, or a `BadRequest` naming it. */
export function stringField(
  body: Record<string, unknown>,
  name: string,
  required = true,
): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) {
    if (required) throw new BadRequest(`Field "${name}" is required`, `Send "${name}" as a string`);
    return undefined;
  }
  if (typeof value !== "string") {
    throw new BadRequest(`Field "${name}" must be a string`, `Send "${name}" as a string`);
  }
  return value;
}

/** A `{name: value}` map of strings (numbers and booleans are taken as their text). */
export function varsField(body: Record<string, unknown>, name: string): Record<string, string> {
  const value = body[name];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new BadRequest(
      `Field "${name}" must be an object of names to values`,
      `Send {"${name}": {"userId": "2"}}`,
    );
  }
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!/^[A-Za-z_][\w.-]*$/.test(key)) {
      throw new BadRequest(
        `Variable name "${key}" is not valid`,
        "Use letters, digits and _ (e.g. userId)",
      );
    }
    out[key] = typeof v === "string" ? v : JSON.stringify(v);
  }
  return out;
}
