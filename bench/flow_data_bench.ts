/**
 * A data-driven flow: 1,000 CSV rows, 3 steps a row (the third uses a value
 * captured by the first), against a loopback API in its own process, through
 * `runFlow`. The floor is a bare Deno fetch loop sending the same 3,000
 * requests with the same checks (status, content type, body shape) and the
 * same hand-off of the captured value. Rounds alternate between them; the
 * figure is the ratio of their medians. Target: ≤ 1.5x. A third line sends
 * the same requests through `runEndpoint` (what `exec` does per request) in a
 * plain loop, to tell the flow runner's own cost from that of each request.
 */
import { runFlow } from "../src/ops/flow/flow.ts";
import { loadEndpoint, OS_PREFIXES, runEndpoint } from "../src/ops/run/exec.ts";
import { appendHistory } from "../src/ops/run/history.ts";
import { buildLayers, loadCollection } from "../src/ops/collection/load.ts";
import { evaluateCapture } from "../src/engine/flow/capture.ts";
import { CLI_ORDER } from "../src/engine/resolve/layers.ts";
import type { HistoryEntry } from "../src/engine/model.ts";
import { systemClock } from "../src/adapters/clock.ts";
import {
  loadNote,
  median,
  type Sample,
  startLoopbackApi,
  timeItAsync,
  verdict,
} from "./_measure.ts";

const ROWS = 1000;
const STEPS = 3;
const ROUNDS = 5;

const api = await startLoopbackApi();
const baseUrl = api.baseUrl;

const dir = await Deno.makeTempDir({ prefix: "apispec-bench-flow-" });
const write = async (path: string, text: string) => {
  await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]+$/, ""), { recursive: true });
  await Deno.writeTextFile(`${dir}/${path}`, text);
};
await write("api-docs/project.md", "---\nname: bench\nversion: 1\n---\n");
await write(
  "api-docs/_shared/env.template.md",
  `## dev\n\n\`\`\`yaml\nbaseUrl: ${baseUrl}\n\`\`\`\n`,
);
const item = (variable: string) =>
  `---
resource: items
protocol: http
method: GET
path: /items/:id
version: 1
---
# Get item by ${variable}

## Request

\`\`\`http
GET {{baseUrl}}/items/{{${variable}}}
Accept: application/json
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK
Content-Type: application/json

{"id": 1, "name": "x", "price": 3}
\`\`\`
`;
await write("api-docs/apis/items/get-by-id.md", item("id"));
await write("api-docs/apis/items/get-by-other.md", item("other"));
await write("api-docs/apis/items/get-by-price.md", item("price"));
await write(
  "api-docs/flows/items.md",
  `---
type: pipeline
name: items
data: data/rows.csv
---
# Items

## Steps

1. **By id** -> \`apis/items/get-by-id.md\`
   - Capture: \`response.body.price\` as \`price\`
2. **By other** -> \`apis/items/get-by-other.md\`
3. **By price** -> \`apis/items/get-by-price.md\`
`,
);
const rows = Array.from({ length: ROWS }, (_, i) => [i, i + ROWS]);
await write(
  "api-docs/data/rows.csv",
  "id,other\n" + rows.map((r) => r.join(",")).join("\n") + "\n",
);

/** One request and the checks apispec makes of it: status, a content type, the body's shape. */
async function check(id: number): Promise<{ ok: boolean; price: number }> {
  const response = await fetch(`${baseUrl}/items/${id}`, {
    headers: { accept: "application/json" },
  });
  const body = JSON.parse(await response.text());
  const ok = response.status === 200 && response.headers.has("content-type") &&
    typeof body.id === "number" && typeof body.name === "string" &&
    typeof body.price === "number";
  return { ok, price: body.price };
}

async function bareLoop(): Promise<number> {
  let passed = 0;
  for (const [id, other] of rows) {
    const first = await check(id);
    const second = await check(other);
    const third = await check(first.price);
    passed += Number(first.ok) + Number(second.ok) + Number(third.ok);
  }
  return passed;
}

const ctx = { cwd: dir, env: {}, clock: systemClock };
async function flowRun(): Promise<number> {
  const result = await runFlow({ file: "api-docs/flows/items.md" }, ctx);
  if (!result.iterations) throw new Error(JSON.stringify(result.issues));
  return result.steps.filter((s) => s.passed && !s.skipped).length;
}

const collection = await loadCollection(`${dir}/api-docs`, ctx);
const specs = await Promise.all(
  ["get-by-id", "get-by-other", "get-by-price"].map(async (name) =>
    (await loadEndpoint(`${dir}/api-docs/apis/items/${name}.md`, ctx)).spec!
  ),
);
/** The same requests, one `runEndpoint` each, history appended once at the end. */
async function execLoop(): Promise<number> {
  let passed = 0;
  const history: { specPath: string; entry: HistoryEntry }[] = [];
  for (const [id, other] of rows) {
    const captures: Record<string, string> = {};
    for (const spec of specs) {
      const layers = buildLayers(
        collection,
        "dev",
        { captures, cli: { id: String(id), other: String(other) }, frontmatter: spec.vars },
        CLI_ORDER,
        [...OS_PREFIXES.cli],
        ctx.env,
      );
      const run = await runEndpoint(spec, collection, {
        env: "dev",
        layers,
        strictAssertions: false,
        dryRun: false,
        verbose: false,
        history: (specPath, entry) => void history.push({ specPath, entry }),
      }, ctx);
      if (run.record.passed) passed++;
      const price = evaluateCapture("response.body.price", run.rawResponse!);
      if (price.found) captures.price = price.value;
    }
  }
  appendHistory(collection, history.slice(-600));
  return passed;
}

const RUNS = [
  { name: "bare fetch loop", run: bareLoop },
  { name: "runFlow, 1,000 data rows", run: flowRun },
  { name: "runEndpoint loop", run: execLoop },
];
// Warm up both paths (JIT, connection pool, file cache, history files).
for (const row of RUNS) await row.run();
const samples: Sample[][] = RUNS.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, row] of RUNS.entries()) {
    let passed = 0;
    samples[index].push(
      await timeItAsync(async () => {
        passed = await row.run();
      }),
    );
    if (passed !== ROWS * STEPS) {
      throw new Error(`${row.name}: only ${passed} of ${ROWS * STEPS} checks passed`);
    }
  }
}
await api.close();
await Deno.remove(dir, { recursive: true });

const wall = samples.map((s) => median(s.map((x) => x.wallMs)));
const cpu = samples.map((s) => median(s.map((x) => x.cpuMs)));
console.log(
  `${ROWS} data rows x ${STEPS} steps = ${
    ROWS * STEPS
  } requests, loopback API, median of ${ROUNDS} interleaved rounds ${loadNote()}`,
);
RUNS.forEach((row, i) => {
  const figures = `${Math.round((ROWS * STEPS) / (wall[i] / 1000))} req/s  (${
    wall[i].toFixed(0)
  } ms, CPU ${cpu[i].toFixed(0)} ms)`;
  console.log(`${row.name.padEnd(28)}${figures}`);
});
const ratio = wall[1] / wall[0];
console.log(
  `data-driven flow: ${ratio.toFixed(2)}x the bare fetch loop's time (CPU ${
    (cpu[1] / cpu[0]).toFixed(2)
  }x), target ≤ 1.5x: ${verdict(ratio, 1.5)}`,
);
console.log(
  `the flow runner over plain runEndpoint calls: ${(wall[1] / wall[2]).toFixed(2)}x (CPU ${
    (cpu[1] / cpu[2]).toFixed(2)
  }x)`,
);
