/**
 * A real server-sent events API on 127.0.0.1 that streams as LLM APIs do
 * (OpenAI's chat completions: `data: {chunk}` events, then `data: [DONE]`),
 * plus the hostile kinds: a stream that never ends, one that never sends a
 * newline, one that answers a JSON error instead of a stream.
 */
export interface SseApi extends AsyncDisposable {
  url: string;
  /** Bodies of the POSTs received, parsed. */
  prompts: unknown[];
}

const encoder = new TextEncoder();

function stream(
  write: (send: (text: string) => void, signal: AbortSignal) => Promise<void>,
): Response {
  const abort = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        await write((text) => controller.enqueue(encoder.encode(text)), abort.signal);
        controller.close();
      } catch {
        // The client went away.
      }
    },
    cancel() {
      abort.abort();
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new Error("aborted"));
    const timer = AbortSignal.timeout(ms);
    timer.addEventListener("abort", () => resolve(), { once: true });
    signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
  });

export function startSseApi(): SseApi {
  const prompts: unknown[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/v1/chat/completions") {
      if (req.headers.get("authorization") !== "Bearer sk-test-123456") {
        return Response.json({ error: { message: "Incorrect API key provided" } }, { status: 401 });
      }
      const prompt = await req.json();
      prompts.push(prompt);
      const words = ["Hel", "lo", ", ", "Ada", "!"];
      return stream(async (send, signal) => {
        for (const [i, word] of words.entries()) {
          send(
            `data: ${
              JSON.stringify({
                id: "chatcmpl-1",
                object: "chat.completion.chunk",
                model: prompt.model,
                choices: [{ index: 0, delta: { content: word }, finish_reason: null }],
              })
            }\n\n`,
          );
          if (i === 0) send(": keep-alive\n\n");
          await sleep(5, signal);
        }
        send(
          `data: ${
            JSON.stringify({
              id: "chatcmpl-1",
              choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
            })
          }\n\n`,
        );
        send("data: [DONE]\n\n");
      });
    }
    if (url.pathname === "/named") {
      return stream(async (send) => {
        send('event: start\nid: 1\ndata: {"job": 7}\n\n');
        send('event: progress\nid: 2\ndata: {"percent": 50}\n\n');
        send('event: progress\nid: 3\ndata: {"percent": 100}\n\n');
        send("event: done\nid: 4\ndata: finished\n\n");
        await Promise.resolve();
      });
    }
    if (url.pathname === "/endless") {
      return stream(async (send, signal) => {
        for (let n = 0;; n++) {
          send(`data: {"n": ${n}}\n\n`);
          await sleep(n % 50 === 0 ? 1 : 0, signal);
        }
      });
    }
    if (url.pathname === "/no-newline") {
      const chunk = "x".repeat(1024 * 1024);
      return stream(async (send, signal) => {
        send("data: ");
        for (;;) {
          send(chunk);
          await sleep(0, signal);
        }
      });
    }
    if (url.pathname === "/many") {
      const count = Number(url.searchParams.get("n") ?? 10_000);
      return stream(async (send) => {
        const batch: string[] = [];
        for (let n = 0; n < count; n++) {
          batch.push(`event: tick\nid: ${n}\ndata: {"n": ${n}, "text": "token ${n}"}\n\n`);
          if (batch.length === 500) send(batch.splice(0).join(""));
        }
        send(batch.join(""));
        send("data: [DONE]\n\n");
        await Promise.resolve();
      });
    }
    return new Response("not found", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    prompts,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}
