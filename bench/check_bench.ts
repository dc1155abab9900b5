/**
 * `check` at scale, in one run, every figure against a floor measured in the
 * same run (interleaved rounds, medians):
 * - 200 specs over 25 resources (reads and writes) against a loopback API:
 *   default concurrency, and `--concurrency 1`, each against the bare
 *   sequential Deno fetch loop doing the same checks (status, content type,
 *   body shape). Targets ≤ 0.5x and ≤ 1.3x. Beside them, the same bare loop
 *   with 8 requests in flight: on a small machine against an API that answers
 *   at once the client's CPU is the limit, and this row shows how far below
 *   the floor concurrency can go at all here.
 * - The same suite against an API that answers after 1 ms, for context.
 * - One resource (issue 28): 200 `GET /users/<id>` files against an API that
 *   answers after 2 ms. Reads of one resource run side by side: default
 *   concurrency against the bare sequential loop, target ≤ 0.5x.
 * - 2,000 specs and 60 flows split in 4 shards by a timings file: the
 *   largest shard's share of the summed durations. Target ≤ 27%.
 */
import { checkContracts, planShards } from "../src/ops/run/check.ts";
import { systemClock } from "../src/adapters/clock.ts";
import {
  loadNote,
  median,
  type Sample,
  startLoopbackApi,
  timeItAsync,
  verdict,
} from "./_measure.ts";

const SPECS = 200;
const RESOURCES = 25;
const ROUNDS = 9;
const WARM_UP = 3;
const METHODS = ["GET", "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "GET"];

async function collection(dir: string, base: string) {
  await Deno.mkdir(`${dir}/api-docs/_shared`, { recursive: true });
  await Deno.writeTextFile(`${dir}/api-docs/project.md`, "---\nname: bench\nversion: 1\n---\n");
  await Deno.writeTextFile(
    `${dir}/api-docs/_shared/env.template.md`,
    `## dev\n\n\`\`\`yaml\nbaseUrl: ${base}\n\`\`\`\n`,
  );
}

function endpointFile(resource: string, method: string, path: string, expectBody: boolean): string {
  const body = method === "POST" || method === "PUT" || method === "PATCH"
    ? `Content-Type: application/json\n\n{"name": "x"}`
    : "";
  const expected = expectBody
    ? `HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": 1, "name": "x", "price": 3}`
    : "HTTP/1.1 200 OK";
  return `---\nresource: ${resource}\nprotocol: http\nmethod: ${method}\npath: ${path}\nversion: 1\n---\n` +
    `# ${method} ${path}\n\n## Request\n\n\`\`\`http\n${method} {{baseUrl}}${path}\n` +
    `Accept: application/json${body ? "\n" + body : ""}\n\`\`\`\n\n` +
    `## Expected response\n\n\`\`\`http\n${expected}\n\`\`\`\n`;
}

/**
 * The 200-spec suite against an API answering after `delayMs`; rows as ratios
 * to the bare loop. `oneResource`: 200 GETs of one resource instead of reads
 * and writes over 25.
 */
async function suite(
  delayMs: number,
  rounds: number,
  targets: { concurrent?: number; sequential?: number },
  oneResource = false,
) {
  const api = await startLoopbackApi(delayMs);
  const baseUrl = api.baseUrl;
  const dir = await Deno.makeTempDir({ prefix: "apispec-bench-check-" });
  await collection(dir, baseUrl);
  const requests: { method: string; path: string; body: boolean }[] = [];
  for (let i = 0; i < SPECS; i++) {
    const resource = oneResource ? "users" : `r${i % RESOURCES}`;
    const method = oneResource ? "GET" : METHODS[Math.floor(i / RESOURCES) % METHODS.length];
    const path = `/${resource}/${i}`;
    const body = method !== "HEAD";
    await Deno.mkdir(`${dir}/api-docs/apis/${resource}`, { recursive: true });
    await Deno.writeTextFile(
      `${dir}/api-docs/apis/${resource}/${method.toLowerCase()}-${i}.md`,
      endpointFile(resource, method, path, body),
    );
    requests.push({ method, path, body });
  }

  /** The same requests and checks by hand, `lanes` loops at once (1: one after another). */
  const bareLoop = async (lanes = 1): Promise<number> => {
    let passed = 0;
    let next = 0;
    const lane = async () => {
      while (next < requests.length) await one(requests[next++]);
    };
    const one = async ({ method, path, body }: (typeof requests)[number]) => {
      const hasBody = method === "POST" || method === "PUT" || method === "PATCH";
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: hasBody
          ? { accept: "application/json", "content-type": "application/json" }
          : { accept: "application/json" },
        body: hasBody ? '{"name": "x"}' : undefined,
      });
      const text = await response.text();
      if (!body) {
        if (response.status === 200) passed++;
        return;
      }
      const json = JSON.parse(text);
      if (
        response.status === 200 && response.headers.has("content-type") &&
        typeof json.id === "number" && typeof json.name === "string" &&
        typeof json.price === "number"
      ) passed++;
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    return passed;
  };

  const ctx = { cwd: dir, env: {}, clock: systemClock };
  const checkRun = (concurrency?: number) => async () => {
    const result = await checkContracts({ dir: "api-docs", concurrency }, ctx);
    return result.endpoints.filter((e) => e.record.passed).length;
  };
  const rows = [
    { name: "bare fetch loop, sequential", run: () => bareLoop(1), target: undefined },
    // The machine's ceiling: what 8 requests in flight buy a bare loop here (client CPU bound
    // against an API that answers at once on 2 cores).
    { name: "bare fetch loop, 8 in flight", run: () => bareLoop(8), target: undefined },
    { name: "check, default concurrency", run: checkRun(), target: targets.concurrent },
    { name: "check --concurrency 1", run: checkRun(1), target: targets.sequential },
  ];
  // Warm up (JIT here and in the API process, connections, file cache, history files).
  for (let i = 0; i < WARM_UP; i++) for (const row of rows) await row.run();
  const samples: Sample[][] = rows.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, row] of rows.entries()) {
      let passed = 0;
      samples[index].push(await timeItAsync(async () => void (passed = await row.run())));
      if (passed !== SPECS) throw new Error(`${row.name}: only ${passed} of ${SPECS} passed`);
    }
  }
  await api.close();
  await Deno.remove(dir, { recursive: true });

  const wall = samples.map((s) => median(s.map((x) => x.wallMs)));
  const cpu = samples.map((s) => median(s.map((x) => x.cpuMs)));
  console.log(
    `${SPECS} specs over ${
      oneResource ? "one resource (GET only)" : `${RESOURCES} resources`
    }, loopback API answering ${
      delayMs > 0 ? `after ${delayMs} ms` : "at once"
    }, median of ${rounds} rounds ${loadNote()}`,
  );
  rows.forEach((row, i) => {
    const ratio = wall[i] / wall[0];
    const note = i === 0
      ? "  (the floor)"
      : i === 1
      ? `  ${ratio.toFixed(2)}x the floor: the machine's ceiling for 8 in flight`
      : row.target === undefined
      ? `  ${ratio.toFixed(2)}x the floor`
      : `  ${ratio.toFixed(2)}x the floor, target ≤ ${row.target}x: ${verdict(ratio, row.target)}`;
    console.log(
      `  ${row.name.padEnd(30)}${wall[i].toFixed(1).padStart(7)} ms (CPU ${
        cpu[i].toFixed(0)
      } ms)${note}`,
    );
  });
}

await suite(0, ROUNDS, { concurrent: 0.5, sequential: 1.3 });
// For context: an API that takes a millisecond per answer, as the smallest real ones do.
await suite(1, 3, {});
// Issue 28: the reads of one resource side by side.
await suite(2, ROUNDS, { concurrent: 0.5 }, true);

// 2,000 specs and 60 flows in 4 shards, balanced by a timings file of skewed durations.
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const big = await Deno.makeTempDir({ prefix: "apispec-bench-shard-" });
await collection(big, "http://127.0.0.1:9");
const timings: Record<string, number> = {};
const byResource: string[][] = [];
for (let i = 0, r = 0; i < 2000; r++) {
  const resource = `res${r}`;
  byResource.push([]);
  await Deno.mkdir(`${big}/api-docs/apis/${resource}`, { recursive: true });
  for (let n = 4 + Math.floor(random() * 9); n > 0 && i < 2000; n--, i++) {
    const file = `apis/${resource}/${METHODS[n % METHODS.length].toLowerCase()}-${i}.md`;
    await Deno.writeTextFile(
      `${big}/api-docs/${file}`,
      endpointFile(resource, METHODS[n % METHODS.length], `/${resource}/${i}`, true),
    );
    byResource[r].push(file);
    timings[`api-docs/${file}`] = Math.round(5 + 400 * random() ** 3);
  }
}
await Deno.mkdir(`${big}/api-docs/flows`, { recursive: true });
for (let f = 0; f < 60; f++) {
  const steps = [0, 1].map(() => byResource[Math.floor(random() * byResource.length)][0]);
  await Deno.writeTextFile(
    `${big}/api-docs/flows/flow-${f}.md`,
    `---\ntype: pipeline\nname: flow-${f}\n---\n# Flow ${f}\n\n## Steps\n\n` +
      steps.map((s, n) => `${n + 1}. **Step ${n + 1}** -> \`${s}\``).join("\n") + "\n",
  );
  timings[`api-docs/flows/flow-${f}.md`] = Math.round(100 + 900 * random());
}
await Deno.writeTextFile(`${big}/timings.json`, JSON.stringify(timings));
const planned = await planShards(
  { dir: "api-docs", total: 4, timingsFile: "timings.json" },
  { cwd: big, env: {}, clock: systemClock },
);
await Deno.remove(big, { recursive: true });
const total = planned.loads.reduce((a, b) => a + b, 0);
const largest = Math.max(...planned.loads) / total;
console.log(
  `2,000 specs + 60 flows (${byResource.length} resources) in 4 shards by timings: shares ${
    planned.loads.map((l) => `${(100 * l / total).toFixed(1)}%`).join(", ")
  }; largest ${(100 * largest).toFixed(1)}%, target ≤ 27%: ${verdict(largest, 0.27)}`,
);
