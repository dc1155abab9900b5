/**
 * What `apispec proxy` adds to a request: the latency of sequential requests
 * (one connection, kept alive) to a loopback API through the proxy, against
 * the same requests sent to the API directly, in interleaved rounds. The
 * proxy runs as a user would run it: comparing every exchange with its
 * endpoint file, printing a line per exchange and appending to a report file.
 * Target: at most 1 ms added at the median (p50).
 * Run: `deno task bench proxy`.
 */
import { join } from "node:path";
import { loadNote, median } from "./_measure.ts";
import { startServer } from "./_wrk.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const REQUESTS = 1500;
const ROUNDS = 5;
const TARGET_ADDED_MS = 1;

async function writeCollection(dir: string): Promise<void> {
  await Deno.mkdir(join(dir, "api-docs/apis/items"), { recursive: true });
  await Deno.writeTextFile(join(dir, "api-docs/project.md"), "---\nname: bench\nversion: 1\n---\n");
  await Deno.writeTextFile(
    join(dir, "api-docs/apis/items/get-item.md"),
    "---\nresource: items\nprotocol: http\nmethod: GET\npath: /items/:id\nversion: 1\n---\n" +
      "# Get item\n\n## Request\n\n```http\nGET {{baseUrl}}/items/:id\n```\n\n" +
      "## Expected response\n\n```http\nHTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
      '{"id": {{id}}, "name": "item", "price": 3}\n```\n',
  );
}

/** Per-request milliseconds of `count` sequential GETs. */
async function latencies(base: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/items/${i % 100}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${base} answered ${response.status}`);
  }
  return times;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const dir = await Deno.makeTempDir({ prefix: "apispec-proxy-bench-" });
const stops: (() => Promise<void>)[] = [];
try {
  await writeCollection(dir);
  const deno = (args: string[]) => ["run", "-A", "--quiet", `--config=${ROOT}deno.json`, ...args];
  const api = await startServer(Deno.execPath(), deno([`${ROOT}bench/_loopback_api.ts`]), {
    cwd: dir,
    ready: /^(\d+)$/m,
  });
  stops.push(api.stop);
  const apiUrl = `http://127.0.0.1:${api.url}`;
  const report = join(dir, "report.jsonl");
  const proxy = await startServer(
    Deno.execPath(),
    deno([
      `${ROOT}main.ts`,
      "proxy",
      "api-docs",
      `--target=${apiUrl}`,
      "--port=0",
      `--report=${report}`,
    ]),
    { cwd: dir },
  );
  stops.push(proxy.stop);

  await latencies(apiUrl, 300); // warm-up: JIT, connections
  await latencies(proxy.url, 300);
  const direct: number[][] = [];
  const proxied: number[][] = [];
  // Rounds interleave direct and proxied requests so that other work hits both alike.
  for (let round = 0; round < ROUNDS; round++) {
    direct.push(await latencies(apiUrl, REQUESTS));
    proxied.push(await latencies(proxy.url, REQUESTS));
  }
  const added = (p: number) =>
    median(proxied.map((times, i) => percentile(times, p) - percentile(direct[i], p)));
  const at = (rounds: number[][], p: number) => median(rounds.map((t) => percentile(t, p)));
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  console.log(
    `proxy_bench: ${REQUESTS} sequential GETs x${ROUNDS} rounds, direct and through the proxy ` +
      `(comparing, logging, reporting) ${loadNote()}`,
  );
  for (const [name, rounds] of [["direct  ", direct], ["proxied ", proxied]] as const) {
    console.log(
      `  ${name} p50 ${ms(at(rounds, 0.5))}  p90 ${ms(at(rounds, 0.9))}  p99 ${
        ms(at(rounds, 0.99))
      }`,
    );
  }
  const p50 = added(0.5);
  console.log(
    `  added by the proxy: p50 ${ms(p50)} (target <= ${TARGET_ADDED_MS} ms: ${
      p50 <= TARGET_ADDED_MS ? "MET" : "MISSED"
    }), p90 ${ms(added(0.9))}, p99 ${ms(added(0.99))}; median of per-round differences`,
  );
  // Stopping the proxy writes the report lines still waiting in its batch.
  await proxy.stop();
  stops.pop();
  const reported = (await Deno.readTextFile(report)).split("\n").filter((l) => l).length;
  console.log(`  report lines written: ${reported} of ${300 + REQUESTS * ROUNDS} exchanges`);
} finally {
  for (const stop of stops.reverse()) await stop();
  await Deno.remove(dir, { recursive: true });
}
