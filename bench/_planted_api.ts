/**
 * The planted-bug API of the fuzz tests (tests/fuzz_cmd/planted_app.ts) in
 * its own process, for bench/fuzz_bench.ts: prints its port, keeps every
 * request whole, and hands them over (and forgets them) at `GET /__received`.
 */
import { plantedHandler } from "../tests/fuzz_cmd/planted_app.ts";

const app = plantedHandler(true);
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
  if (new URL(request.url).pathname !== "/__received") return app.handle(request);
  const received = app.received.splice(0);
  return new Response(JSON.stringify(received), {
    headers: { "content-type": "application/json" },
  });
});
console.log((server.addr as Deno.NetAddr).port);
