/** The API the batch benchmark runs against, in its own process so client and server do not share an event loop. */
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
  const id = Number(new URL(request.url).pathname.split("/").pop());
  return new Response(JSON.stringify({ id, name: `item ${id}`, price: id * 3 }), {
    headers: { "content-type": "application/json" },
  });
});
console.log((server.addr as Deno.NetAddr).port);
