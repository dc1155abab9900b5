/**
 * The demo API for trying things by hand, e.g. the examples of docs/flows.md:
 * writes the demo collection to a folder (default ./demo), pointed at the
 * demo API it starts on a loopback port, and serves until Ctrl-C.
 *
 *   deno run -A scripts/demo-api.ts [dir] [--port=4010]
 */
import { startDemoApi } from "../src/demo/api.ts";
import { writeDemoCollection } from "../src/demo/collection.ts";

const dir = Deno.args.find((a) => !a.startsWith("--")) ?? "demo";
const port = Number(
  /^--port=(\d+)$/.exec(Deno.args.find((a) => a.startsWith("--port=")) ?? "")?.[1] ?? 4010,
);
// A fixed token, so the line below can be pasted; it opens only this throwaway local API.
const api = startDemoApi({ port, token: "demo-token" });
await Deno.mkdir(dir, { recursive: true });
const root = await writeDemoCollection(await Deno.realPath(dir), api.url);
console.log(`demo API at ${api.url}, collection in ${root}`);
console.log(`  cd ${dir} && export APISPEC_AUTH_TOKEN=${api.token}`);
console.log("Ctrl-C stops it.");
Deno.addSignalListener("SIGINT", async () => {
  await api.close();
  Deno.exit(0);
});
