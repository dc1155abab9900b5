/**
 * The server of streams_bench.ts, in its own process: `GET /sse?n=N` streams N
 * events (as an LLM API does: JSON chunks, then `data: [DONE]`), and a
 * WebSocket on `/ws` answers `many N` with N messages, then `END`. Prints its
 * URL on stdout.
 */
const encoder = new TextEncoder();

function events(count: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let batch = "";
  for (let n = 0; n < count; n++) {
    batch +=
      `data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"content":"token ${n}"}}]}\n\n`;
    if (n % 100 === 99) {
      chunks.push(encoder.encode(batch));
      batch = "";
    }
  }
  chunks.push(encoder.encode(batch + "data: [DONE]\n\n"));
  return chunks;
}

const cache = new Map<number, Uint8Array[]>();
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
  const url = new URL(request.url);
  if (url.pathname === "/ws") {
    const { socket, response } = Deno.upgradeWebSocket(request);
    socket.onmessage = (event) => {
      const count = Number(String(event.data).slice("many ".length));
      for (let n = 0; n < count; n++) {
        socket.send(`{"type":"tick","n":${n},"text":"token ${n}"}`);
      }
      socket.send("END");
    };
    return response;
  }
  const count = Number(url.searchParams.get("n") ?? 10_000);
  let chunks = cache.get(count);
  if (!chunks) cache.set(count, chunks = events(count));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks!) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
});
console.log(`http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`);
