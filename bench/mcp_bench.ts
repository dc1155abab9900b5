/**
 * The tool server's figures: spawn to `initialize` reply, `apispec_search`
 * latency over 10,000 generated specs, and the size of tools/list.
 * Targets: initialize ≤ 200 ms, search p50 ≤ 10 ms; BEYOND §11: tools/list < 2,800 tokens
 * (chars / 4), a search answer of at most 20 hits under 4,000 characters.
 */
// @ts-types="@modelcontextprotocol/sdk/client/index.d.ts"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio.d.ts"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { join } from "node:path";
import { listAllTools } from "../tests/helpers/mcp.ts";
import { writeGeneratedProject } from "../tests/helpers/generated_project.ts";
import { apispecProgram } from "./_measure.ts";

const ROOT = new URL("..", import.meta.url).pathname;
// `deno run` of main.ts with the V8 flags the release binary embeds, as every benchmark starts it.
const serverArgs = [...apispecProgram(ROOT).args, "mcp"];
const env = Object.fromEntries(
  ["PATH", "HOME", "DENO_DIR", "NODE_EXTRA_CA_CERTS", "TMPDIR"].flatMap((k) => {
    const v = Deno.env.get(k);
    return v === undefined ? [] : [[k, v]];
  }),
);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Spawns the server and times the raw `initialize` round trip. */
async function timeInitialize(cwd: string): Promise<number> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: serverArgs,
    cwd,
    env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "bench", version: "1" },
      },
    }) + "\n",
  ));
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const elapsed = performance.now() - started;
  await writer.close();
  await reader.cancel();
  await child.status;
  return elapsed;
}

/** The runtime alone: spawn to exit of `apispec version`, under the same load. */
async function timeVersion(cwd: string): Promise<number> {
  const started = performance.now();
  await new Deno.Command(Deno.execPath(), {
    args: [...serverArgs.slice(0, -1), "version"],
    cwd,
    env,
    clearEnv: true,
    stdout: "null",
    stderr: "null",
  }).output();
  return performance.now() - started;
}

async function benchSearch(cwd: string) {
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: serverArgs,
      cwd,
      env,
      stderr: "ignore",
    }),
  );
  const search = (args: Record<string, unknown>) =>
    client.callTool({ name: "apispec_search", arguments: args });
  let started = performance.now();
  const first = await search({ q: "archive" }) as { structuredContent: { count: number } };
  const build = performance.now() - started;
  const queries = [
    { q: "create item" },
    { method: "DELETE", path: "/resource042" },
    { tag: "export" },
    { q: "item 9999" },
    { path: "/resource099/", method: "GET" },
    { q: "nothing matches this" },
  ];
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    started = performance.now();
    await search(queries[i % queries.length]);
    times.push(performance.now() - started);
  }
  // What a model reads of one answer: the structured content, or the same JSON as text.
  const sizes: { chars: number; hits: number }[] = [];
  for (const query of [{ q: "archive" }, ...queries]) {
    const result = await search(query) as {
      structuredContent: { results: unknown[] };
      content: { text: string }[];
    };
    const chars = Math.max(
      JSON.stringify(result.structuredContent).length,
      result.content[0].text.length,
    );
    sizes.push({ chars, hits: result.structuredContent.results.length });
  }
  await client.close();
  return { build, firstCount: first.structuredContent.count, times, sizes };
}

async function toolsListTokens(): Promise<{ real: number; all: number }> {
  const all = (await listAllTools()).json.length;
  const real = new Client({ name: "bench", version: "1" });
  await real.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: serverArgs,
      cwd: ROOT,
      env,
      stderr: "ignore",
    }),
  );
  const realSize = JSON.stringify(await real.listTools()).length;
  await real.close();
  return { real: Math.ceil(realSize / 4), all: Math.ceil(all / 4) };
}

const dir = await Deno.makeTempDir({ prefix: "apispec-mcp-bench-" });
try {
  await timeInitialize(dir); // warm Deno's caches
  const inits: number[] = [];
  for (let i = 0; i < 7; i++) inits.push(await timeInitialize(dir));
  const versions: number[] = [];
  for (let i = 0; i < 7; i++) versions.push(await timeVersion(dir));
  console.log(
    `spawn → initialize reply: median ${ms(median(inits))} (min ${ms(Math.min(...inits))}); ` +
      `target ≤ 200 ms. Baseline at the same moment, \`apispec version\` spawn → exit: ` +
      `median ${ms(median(versions))} (min ${ms(Math.min(...versions))})`,
  );

  const count = 10_000;
  await writeGeneratedProject(dir, count);
  const { build, firstCount, times, sizes } = await benchSearch(dir);
  console.log(
    `apispec_search over ${count} specs: first query (builds the index) ${
      ms(build)
    }, ${firstCount} hits`,
  );
  console.log(
    `apispec_search round trip: p50 ${ms(median(times))}, p95 ${
      ms(percentile(times, 0.95))
    } over ${times.length} queries; target p50 ≤ 10 ms`,
  );

  const largest = sizes.reduce((a, b) => (b.chars > a.chars ? b : a));
  console.log(
    `apispec_search answer size: median ${
      median(sizes.map((s) => s.chars))
    } characters, largest ${largest.chars} for ${largest.hits} hits (most hits in one answer: ${
      Math.max(...sizes.map((s) => s.hits))
    }); target ≤ 20 hits in < 4,000`,
  );

  const { SpecIndex } = await import("../src/ops/collection/spec_index.ts");
  const { matchSpecs } = await import("../src/ops/collection/search.ts");
  const index = new SpecIndex(join(dir, "api-docs"), { watch: false });
  await index.entries();
  const opTimes: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    matchSpecs(
      await index.entries(),
      [{ q: "create item" }, { method: "DELETE", path: "/resource042" }, { tag: "export" }][i % 3],
    );
    opTimes.push(performance.now() - started);
  }
  console.log(
    `  of which the op (index scan and ranking): p50 ${ms(median(opTimes))}, p95 ${
      ms(percentile(opTimes, 0.95))
    }`,
  );

  const tokens = await toolsListTokens();
  console.log(
    `tools/list: ${tokens.all} tokens with all ten tools (${tokens.real} as served now); ` +
      "target < 2,800 (aim ≤ 2,400, room for new tools)",
  );
} finally {
  await Deno.remove(dir, { recursive: true });
}
