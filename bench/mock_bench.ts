/**
 * Throughput of `apispec mock` over 1,000 generated routes against a bare
 * `Deno.serve` that returns the same bytes, both loaded by wrk on loopback.
 * Target: the mock serves at least 0.7x the bare server's requests per second.
 * Also prints the mock process's resident memory before and after the load.
 *
 * Other work on the machine skews requests per second, so each run also
 * records the server process's CPU time per request (from /proc), which
 * competition for the cores hardly changes; its ratio is printed beside.
 *
 * Needs wrk (Debian: `apt-get install -y wrk`); without it the benchmark says
 * so and exits 0. Run: `deno task bench mock`.
 */
import { join } from "node:path";
import { median } from "./_measure.ts";
import { hasWrk, rssMiB, type Run, type Server, startServer, wrk as load } from "./_wrk.ts";

const start = (args: string[], cwd: string): Promise<Server> =>
  startServer(Deno.execPath(), ["run", "-A", "--quiet", `--config=${ROOT}deno.json`, ...args], {
    cwd,
  });
const wrk = (server: Server, script: string, seconds: number) =>
  load(server, script, seconds, CONNECTIONS);

const ROUTES = 1000;
const TARGET_RATIO = 0.7;
const CONNECTIONS = 32;
const SECONDS = 3;
const ROUNDS = 5;
const ROOT = new URL("..", import.meta.url).pathname;
const BODY = '{"id": 1, "name": "Ada Lovelace", "role": "admin", "tags": ["a", "b"]}';

/** Half static routes (`/rN/items`), half parameter routes (`/rN/items/:id`). */
async function writeCollection(dir: string): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < ROUTES; i++) {
    const resource = `r${Math.floor(i / 2)}`;
    const path = i % 2 === 0 ? `/${resource}/items` : `/${resource}/items/:id`;
    const file = join(dir, "api-docs/apis", resource, i % 2 === 0 ? "get-list.md" : "get-one.md");
    await Deno.mkdir(join(dir, "api-docs/apis", resource), { recursive: true });
    await Deno.writeTextFile(
      file,
      `---\nresource: ${resource}\nprotocol: http\nmethod: GET\npath: ${path}\nversion: 1\n---\n` +
        `# Get ${resource}\n\n## Request\n\n\`\`\`http\nGET {{baseUrl}}${path}\n\`\`\`\n\n` +
        `## Expected response\n\n\`\`\`http\nHTTP/1.1 200 OK\nContent-Type: application/json\n\n${BODY}\n\`\`\`\n`,
    );
    paths.push(path.replace(":id", String(100 + i)));
  }
  return paths;
}

if (!(await hasWrk())) {
  console.log("mock_bench: skipped: wrk is not installed (Debian: apt-get install -y wrk)");
  Deno.exit(0);
}

const dir = await Deno.makeTempDir({ prefix: "apispec-mock-bench-" });
try {
  const paths = await writeCollection(dir);
  // wrk cycles through every route, so the router sees the whole table.
  const script = join(dir, "paths.lua");
  await Deno.writeTextFile(
    script,
    `local paths = {${paths.map((p) => `"${p}"`).join(",")}}\nlocal i = 0\n` +
      `request = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
  );
  // The baseline of the target: a zero-argument handler, which Deno serves without even
  // building a Request. The second one reads what the mock must read (URL, Origin, Prefer)
  // and nothing more: the floor for any handler that routes and honours those headers.
  const bareFile = join(dir, "bare.ts");
  await Deno.writeTextFile(
    bareFile,
    `const body = ${JSON.stringify(BODY)};\n` +
      `const headers = { "content-type": "application/json", "access-control-allow-origin": "*" };\n` +
      `let seen = 0;\n` +
      `const handler = Deno.args[0] === "reads" ? (request: Request) => {\n` +
      `  seen += request.url.length + (request.headers.get("origin") ?? "").length +\n` +
      `    (request.headers.get("prefer") ?? "").length;\n` +
      `  return new Response(body, { headers });\n` +
      `} : () => new Response(body, { headers });\n` +
      `const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);\n` +
      `console.log("Listening on http://127.0.0.1:" + server.addr.port);\n` +
      `Deno.addSignalListener("SIGINT", () => server.shutdown());\n`,
  );

  const loadStarted = performance.now();
  const mockServer = await start(
    [`${ROOT}main.ts`, "mock", "api-docs", "--port=0", "--quiet"],
    dir,
  );
  const startupMs = performance.now() - loadStarted;
  const servers = [
    { name: "bare Deno.serve     ", server: await start([bareFile], dir), runs: [] as Run[] },
    {
      name: "bare, reads request ",
      server: await start([bareFile, "reads"], dir),
      runs: [] as Run[],
    },
    { name: "apispec mock        ", server: mockServer, runs: [] as Run[] },
  ];
  const rssBefore = rssMiB(mockServer.pid);
  for (const { server } of servers) await wrk(server, script, 1); // warm-up: JIT, connections
  // Rounds interleave the servers so that other work on the machine hits them alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const entry of servers) entry.runs.push(await wrk(entry.server, script, SECONDS));
  }
  const rssAfter = rssMiB(mockServer.pid);
  for (const { server } of servers) await server.stop();

  const best = (runs: Run[]) => Math.max(...runs.map((r) => r.perSecond));
  const leanest = (runs: Run[]) => Math.min(...runs.map((r) => r.cpuMicros));
  // Each round runs the servers back to back, so a ratio within one round sees the same load.
  const paired = (a: Run[], b: Run[], of: (r: Run) => number) =>
    median(a.map((run, i) => of(run) / of(b[i])));
  const [bare, reads, mock] = servers;
  const ratio = paired(mock.runs, bare.runs, (r) => r.perSecond);
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(8);
  console.log(
    `mock_bench: ${ROUTES} routes (half static, half :param), wrk -t1 -c${CONNECTIONS} ` +
      `-d${SECONDS}s x${ROUNDS} rounds on loopback`,
  );
  for (const { name, runs } of servers) {
    console.log(
      `  ${name}${fmt(best(runs))} req/s best  ${
        leanest(runs).toFixed(1).padStart(5)
      } µs CPU/req ` +
        `least  (rounds: ${runs.map((r) => fmt(r.perSecond).trim()).join(", ")})`,
    );
  }
  const cpuRatio = (a: Run[], b: Run[]) => paired(b, a, (r) => r.cpuMicros);
  console.log(
    `  mock / bare        ${ratio.toFixed(2)}x req/s, median of paired rounds (target >= ` +
      `${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? "MET" : "MISSED"}); by CPU per request ` +
      `${cpuRatio(mock.runs, bare.runs).toFixed(2)}x`,
  );
  console.log(
    `  mock / reads-only  ${paired(mock.runs, reads.runs, (r) => r.perSecond).toFixed(2)}x ` +
      `req/s; by CPU ${cpuRatio(mock.runs, reads.runs).toFixed(2)}x`,
  );
  console.log(
    `  mock RSS         ${rssBefore.toFixed(1)} MiB before load, ${rssAfter.toFixed(1)} MiB after`,
  );
  console.log(`  mock startup     ${Math.round(startupMs)} ms to listen with ${ROUTES} files`);
} finally {
  await Deno.remove(dir, { recursive: true });
}
