/**
 * 1,000 endpoint files against a loopback API through `execBatch`, against a
 * bare fetch loop doing the same checks (status, content type, body shape).
 * Targets: sequential batch ≤ 1.5x the bare sequential loop's time; with
 * concurrency 8, faster than the bare sequential loop. The files spread over
 * 50 resources: a batch runs the files of one resource one at a time.
 */
import { execBatch } from "../src/ops/run/batch.ts";
import { systemClock } from "../src/adapters/clock.ts";
import {
  loadNote,
  median,
  type Sample,
  startLoopbackApi,
  timeItAsync,
  verdict,
} from "./_measure.ts";

const COUNT = 1000;
const ROUNDS = 3;

const api = await startLoopbackApi();
const baseUrl = api.baseUrl;

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
resource: items${i % 50}
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
const ROWS = [
  { name: "bare fetch loop, sequential", run: () => bareLoop(1) },
  { name: "bare fetch loop, 8 at once", run: () => bareLoop(8) },
  {
    name: "execBatch, concurrency 1",
    run: async () => (await execBatch(specs, { concurrency: 1 }, ctx)).summary.passed,
  },
  {
    name: "execBatch, concurrency 8",
    run: async () => (await execBatch(specs, { concurrency: 8 }, ctx)).summary.passed,
  },
];

// Warm up every path (JIT, connection pool, file cache, history files).
for (const row of ROWS) await row.run();
const samples: Sample[][] = ROWS.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, row] of ROWS.entries()) {
    let passed = 0;
    samples[index].push(
      await timeItAsync(async () => {
        passed = await row.run();
      }),
    );
    if (passed !== COUNT) throw new Error(`${row.name}: only ${passed} of ${COUNT} passed`);
  }
}
await api.close();
await Deno.remove(dir, { recursive: true });

const wall = samples.map((s) => median(s.map((x) => x.wallMs)));
const cpu = samples.map((s) => median(s.map((x) => x.cpuMs)));
const bare = wall[0];
console.log(`${COUNT} endpoint files, loopback API, median of ${ROUNDS} rounds ${loadNote()}`);
ROWS.forEach((row, i) => {
  const figures = `${Math.round(COUNT / (wall[i] / 1000))} req/s  (${wall[i].toFixed(0)} ms, CPU ${
    cpu[i].toFixed(0)
  } ms)`;
  const ratio = wall[i] / bare;
  const target = i === 2 ? 1.5 : i === 3 ? 1 : undefined;
  const note = target === undefined
    ? ""
    : `  ${ratio.toFixed(2)}x the bare sequential loop's time, target ${
      i === 2 ? "≤ 1.5x" : "< 1x"
    }: ${verdict(ratio, target)}`;
  console.log(`${row.name.padEnd(30)}${figures}${note}`);
});
