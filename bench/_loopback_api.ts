/**
 * The API the batch and check benchmarks run against, in its own process so
 * client and server do not share an event loop. An optional argument delays
 * every answer by that many milliseconds, as a real API's work would.
 */
const delayMs = Number(Deno.args[0] ?? 0);
const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  async (request) => {
    const id = Number(new URL(request.url).pathname.split("/").pop());
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return new Response(JSON.stringify({ id, name: `item ${id}`, price: id * 3 }), {
      headers: { "content-type": "application/json" },
    });
  },
);
console.log((server.addr as Deno.NetAddr).port);
