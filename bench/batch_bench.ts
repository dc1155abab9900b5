/**
 * 1,000 endpoint files against a loopback API through `execBatch`, against a
 * bare fetch loop doing the same checks (status, content type, body shape).
 * Targets: sequential batch ≤ 1.5x the bare sequential loop's time; with
 * concurrency 8, faster than the bare sequential loop.
 */
import { execBatch } from "../src/ops/batch.ts";
import { systemClock } from "../src/adapters/clock.ts";

const COUNT = 1000;
const ROUNDS = 3;

const api = new Deno.Command(Deno.execPath(), {
  args: ["run", "--allow-net", new URL("./_loopback_api.ts", import.meta.url).pathname],
  stdout: "piped",
  stderr: "inherit",
}).spawn();
const reader = api.stdout.getReader();
const port = Number(new TextDecoder().decode((await reader.read()).value).trim());
const baseUrl = `http://127.0.0.1:${port}`;

const dir = await Deno.makeTempDir({ prefix: "apispec-bench-" });
await Deno.mkdir(`${dir}/api-docs/apis/items`, { recursive: true });
await Deno.mkdir(`${dir}/api-docs/_shared`, { recursive: true });
await Deno.writeTextFile(`${dir}/api-docs/project.md`, "---\nname: bench\nversion: 1\n---\n");
await Deno.writeTextFile(
  `${dir}/api-docs/_shared/env.template.md`,
  `## dev\n\n\`\`\`yaml\nbaseUrl: ${baseUrl}\n\`\`\`\n`,
);
const specs: string[] = [];
for (let i = 0; i < COUNT; i++) {
  const file = `api-docs/apis/items/get-item-${i}.md`;
  specs.push(file);
  await Deno.writeTextFile(
    `${dir}/${file}`,
    `---
resource: items
protocol: http
method: GET
path: /items/${i}
version: 1
---
# Get item ${i}

## Request

\`\`\`http
GET {{baseUrl}}/items/${i}
Accept: application/json
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK
Content-Type: application/json

{"id": 1, "name": "x", "price": 3}
\`\`\`
`,
  );
}

/** The same checks, by hand: status, header present, body shape; `lanes` loops at once. */
async function bareLoop(lanes = 1): Promise<number> {
  let passed = 0;
  let next = 0;
  const lane = async () => {
    while (next < COUNT) {
      const i = next++;
      const response = await fetch(`${baseUrl}/items/${i}`, {
        headers: { accept: "application/json" },
      });
      const body = JSON.parse(await response.text());
      if (
        response.status === 200 && response.headers.has("content-type") &&
        typeof body.id === "number" && typeof body.name === "string" &&
        typeof body.price === "number"
      ) passed++;
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return passed;
}

const ctx = { cwd: dir, env: {}, clock: systemClock };
async function time(run: () => Promise<number>): Promise<{ ms: number; passed: number }> {
  const started = performance.now();
  const passed = await run();
  return { ms: performance.now() - started, passed };
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Warm up both paths (JIT, connection pool, file cache).
await bareLoop();
await execBatch(specs, { concurrency: 8 }, ctx);

const bare: number[] = [];
const bare8: number[] = [];
const sequential: number[] = [];
const pooled: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const b = await time(() => bareLoop(1));
  const b8 = await time(() => bareLoop(8));
  const s = await time(async () =>
    (await execBatch(specs, { concurrency: 1 }, ctx)).summary.passed
  );
  const p = await time(async () =>
    (await execBatch(specs, { concurrency: 8 }, ctx)).summary.passed
  );
  for (const [name, t] of [["bare", b], ["bare 8", b8], ["batch 1", s], ["batch 8", p]] as const) {
    if (t.passed !== COUNT) throw new Error(`${name}: only ${t.passed} of ${COUNT} passed`);
  }
  bare.push(b.ms);
  bare8.push(b8.ms);
  sequential.push(s.ms);
  pooled.push(p.ms);
}
api.kill();
await api.status;
await Deno.remove(dir, { recursive: true });

const rps = (ms: number) => Math.round(COUNT / (ms / 1000));
const b = median(bare), b8 = median(bare8), s = median(sequential), p = median(pooled);
console.log(`${COUNT} endpoint files, loopback API, median of ${ROUNDS} rounds`);
console.log(`bare fetch loop, sequential   ${rps(b)} req/s  (${b.toFixed(0)} ms)`);
console.log(`bare fetch loop, 8 at once    ${rps(b8)} req/s  (${b8.toFixed(0)} ms)  for reference`);
console.log(
  `execBatch, concurrency 1      ${rps(s)} req/s  (${s.toFixed(0)} ms)  ${
    (s / b).toFixed(2)
  }x the bare loop's time  target ≤ 1.5x`,
);
console.log(
  `execBatch, concurrency 8      ${rps(p)} req/s  (${p.toFixed(0)} ms)  ${
    (p / b).toFixed(2)
  }x the bare loop's time  target < 1x`,
);
