/**
 * `apispec fuzz` against the planted-bug API (its own process): requests per
 * second of a whole fuzz run (generation, checks, shrinking, stateful chains,
 * files written) against a bare fetch loop sending the same requests (each
 * run's requests, as the API received them, replayed one at a time). Target:
 * ≥ 0.5x the bare loop. Also printed: the time each run took to find all
 * eight planted bugs, with a different seed per round. Rounds interleave
 * (fuzz, then its replay); medians; CPU time of this process beside wall time.
 */
import { fuzzApi } from "../src/ops/fuzz/fuzz.ts";
import { systemContext } from "../src/adapters/system.ts";
import { PLANTED, plantedDocument, TOKEN } from "../tests/fuzz_cmd/planted_app.ts";
import { loadNote, median, type Sample, timeItAsync, verdict } from "./_measure.ts";

const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 5);
/** The defaults of `apispec fuzz`, unless MAX_EXAMPLES or CONCURRENCY say otherwise. */
const MAX_EXAMPLES = Number(Deno.env.get("MAX_EXAMPLES") ?? 50);
const CONCURRENCY = Number(Deno.env.get("CONCURRENCY") ?? 4);

interface Received {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

const server = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", new URL("./_planted_api.ts", import.meta.url).pathname],
  stdout: "piped",
  stderr: "inherit",
}).spawn();
const reader = server.stdout.getReader();
const port = new TextDecoder().decode((await reader.read()).value).trim();
const baseUrl = `http://127.0.0.1:${port}`;

const dir = await Deno.makeTempDir({ prefix: "apispec-fuzz-bench-" });
await Deno.mkdir(`${dir}/api-docs/_shared`, { recursive: true });
await Deno.writeTextFile(`${dir}/openapi.json`, JSON.stringify(plantedDocument(baseUrl)));
await Deno.writeTextFile(
  `${dir}/api-docs/project.md`,
  "---\nname: bench\nopenapi: ../openapi.json\nauth: bearer\n---\n",
);
await Deno.writeTextFile(
  `${dir}/api-docs/_shared/env.template.md`,
  `## dev\n\n\`\`\`yaml\nbaseUrl: ${baseUrl}\n\`\`\`\n`,
);
const ctx = {
  ...systemContext(),
  cwd: dir,
  env: { ...Deno.env.toObject(), APISPEC_AUTH_TOKEN: TOKEN },
};

async function received(): Promise<Received[]> {
  return await (await fetch(`${baseUrl}/__received`)).json();
}

async function replay(requests: Received[]): Promise<void> {
  for (const r of requests) {
    const response = await fetch(r.url, {
      method: r.method,
      headers: r.headers,
      body: r.method === "GET" || r.method === "HEAD" ? undefined : r.body,
      redirect: "manual",
    });
    await response.text();
  }
}

const fuzzRates: number[] = [];
const bareRates: number[] = [];
const fuzzCpu: number[] = [];
const bareCpu: number[] = [];
const findAll: number[] = [];
let missed = 0;
// Round 0 warms both up and is not counted.
for (let round = 0; round <= ROUNDS; round++) {
  let requests = 0;
  let found = 0;
  let duration = 0;
  const fuzz: Sample = await timeItAsync(async () => {
    const result = await fuzzApi({
      seed: round + 1,
      stateful: true,
      out: `${dir}/out-${round}`,
      maxExamples: MAX_EXAMPLES,
      concurrency: CONCURRENCY,
    }, ctx);
    requests = result.summary.requests;
    duration = result.durationMs;
    found = PLANTED.filter((bug) =>
      result.failures.some((f) =>
        f.check === bug.check && f.method === bug.method && f.path === bug.path
      )
    ).length;
  });
  const sent = await received();
  const bare = await timeItAsync(() => replay(sent));
  await received();
  if (round === 0) continue;
  fuzzRates.push(requests / (fuzz.wallMs / 1000));
  bareRates.push(sent.length / (bare.wallMs / 1000));
  fuzzCpu.push(fuzz.cpuMs / requests);
  bareCpu.push(bare.cpuMs / sent.length);
  if (found === PLANTED.length) findAll.push(duration);
  else missed++;
  console.log(
    `round ${round} (seed ${round + 1}): fuzz ${requests} requests in ${
      fuzz.wallMs.toFixed(0)
    } ms, ` +
      `${found}/${PLANTED.length} planted bugs; bare loop ${sent.length} in ${
        bare.wallMs.toFixed(0)
      } ms`,
  );
}

const ratio = median(fuzzRates) / median(bareRates);
console.log(
  `fuzz (--max-examples ${MAX_EXAMPLES}, --concurrency ${CONCURRENCY}): ` +
    `${median(fuzzRates).toFixed(0)} requests/s (CPU ${median(fuzzCpu).toFixed(3)} ms/request)`,
);
console.log(
  `bare fetch loop, same requests: ${median(bareRates).toFixed(0)} requests/s (CPU ${
    median(bareCpu).toFixed(3)
  } ms/request)`,
);
console.log(`ratio ${ratio.toFixed(2)}x (target >= 0.5x): ${verdict(ratio, 0.5, "higher")}`);
console.log(
  `time to find all ${PLANTED.length} planted bugs: median ${median(findAll).toFixed(0)} ms, ` +
    `max ${Math.max(...findAll).toFixed(0)} ms over ${findAll.length} seeds` +
    (missed ? `; ${missed} seed(s) missed one` : ""),
);
console.log(loadNote());
server.kill();
await server.status;
await Deno.remove(dir, { recursive: true });
