/**
 * Throughput of `apispec mock --stateful` on a GET/POST mix (three reads of a
 * seeded item for every POST that stores one), loaded by wrk on loopback,
 * against two floors measured in the same run, in interleaved rounds:
 *
 * - a bare `Deno.serve` answering the same bytes (target: at least 0.5x);
 * - Mockoon's CLI (`@mockoon/cli` from npm) serving the same resource as a
 *   CRUD route over a data bucket seeded with the same items (target: at
 *   least 5x). Its environment file is generated from the same collection.
 *
 * Each run starts from the seed (the mock's reset route, Mockoon's admin
 * purge), so the collections grow alike. Needs wrk; Mockoon is installed with
 * npm into a temp folder and skipped, with a message, when that fails.
 * Run: `deno task bench stateful`.
 */
import { join } from "node:path";
import { loadNote, median } from "./_measure.ts";
import { hasWrk, type Run, type Server, startServer, wrk } from "./_wrk.ts";
import { createRouteLoader } from "../src/ops/collection/endpoint_routes.ts";
import { planResources } from "../src/engine/mock_state/resources.ts";
import { systemContext } from "../src/adapters/system.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const MOCKOON_VERSION = "9.9.0";
const ADMIN_TOKEN = "bench-admin-token";
const CONNECTIONS = 32;
const SECONDS = 3;
const ROUNDS = 5;
const TARGETS = { bare: 0.5, mockoon: 5 };
const ITEM = { id: 1, name: "Ada Lovelace", role: "admin" };
const POSTED = { name: "Linus", role: "member" };

const json = "Content-Type: application/json\n\n";
const spec = (method: string, path: string, expected: string) =>
  `---\nresource: users\nprotocol: http\nmethod: ${method}\npath: ${path}\nversion: 1\n` +
  `vars:\n  id: 1\n---\n# ${method} ${path}\n\n## Request\n\n\`\`\`http\n${method} {{baseUrl}}${path}\n` +
  `\`\`\`\n\n## Expected response\n\n\`\`\`http\n${expected}\n\`\`\`\n`;

async function writeCollection(dir: string): Promise<void> {
  const files: Record<string, string> = {
    "get-users.md": spec(
      "GET",
      "/users",
      `HTTP/1.1 200 OK\n${json}${
        JSON.stringify([ITEM, { id: 2, name: "Grace Hopper", role: "admin" }])
      }`,
    ),
    "get-user.md": spec("GET", "/users/:id", `HTTP/1.1 200 OK\n${json}${JSON.stringify(ITEM)}`),
    "post-user.md": spec(
      "POST",
      "/users",
      `HTTP/1.1 201 Created\n${json}${JSON.stringify({ id: 3, ...POSTED })}`,
    ),
    "put-user.md": spec("PUT", "/users/:id", `HTTP/1.1 200 OK\n${json}${JSON.stringify(ITEM)}`),
    "delete-user.md": spec("DELETE", "/users/:id", "HTTP/1.1 204 No Content"),
  };
  await Deno.mkdir(join(dir, "api-docs/apis/users"), { recursive: true });
  await Deno.writeTextFile(join(dir, "api-docs/project.md"), "---\nname: bench\nversion: 1\n---\n");
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(join(dir, "api-docs/apis/users", name), text);
  }
}

/** wrk: three GETs of the seeded items for every POST of a new one. */
function mixScript(): string {
  return `local body = '${JSON.stringify(POSTED)}'\nlocal i = 0\n` +
    `request = function()\n  i = i + 1\n` +
    `  if i % 4 == 0 then\n` +
    `    return wrk.format("POST", "/users", {["Content-Type"] = "application/json"}, body)\n` +
    `  end\n  return wrk.format("GET", "/users/" .. (i % 2 + 1))\nend\n`;
}

/** A bare server answering what the mock answers, byte for byte, without state. */
function bareScript(): string {
  const get = JSON.stringify(ITEM);
  const post = JSON.stringify({ id: 3, ...POSTED });
  return `const get = ${JSON.stringify(get)};\nconst post = ${JSON.stringify(post)};\n` +
    `const headers = { "content-type": "application/json", "access-control-allow-origin": "*" };\n` +
    `const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) =>\n` +
    `  request.method === "POST" ? new Response(post, { status: 201, headers }) : new Response(get, { headers }));\n` +
    `console.log("Listening on http://127.0.0.1:" + server.addr.port);\n` +
    `Deno.addSignalListener("SIGINT", () => server.shutdown());\n`;
}

/** Installs Mockoon's CLI into `dir`; undefined (with the reason printed) when npm cannot. */
async function installMockoon(dir: string): Promise<string | undefined> {
  const npm = await new Deno.Command("npm", {
    args: ["i", `@mockoon/cli@${MOCKOON_VERSION}`, "--no-audit", "--no-fund", "--silent"],
    cwd: dir,
    stdout: "null",
    stderr: "piped",
  }).output().catch((error) => ({
    success: false,
    stderr: new TextEncoder().encode(String(error)),
  }));
  if (!npm.success) {
    console.log(
      `stateful_bench: Mockoon skipped: npm i @mockoon/cli failed: ${
        new TextDecoder().decode(npm.stderr).trim().split("\n")[0]
      }`,
    );
    return undefined;
  }
  return join(dir, "node_modules/@mockoon/cli/bin/run.js");
}

/**
 * Mockoon's environment for the same resource, built with Mockoon's own schema
 * builders: one CRUD route over a data bucket holding the collection's seed.
 */
async function mockoonEnvironment(dir: string, endpoint: string, seed: unknown[]): Promise<string> {
  const builder = join(dir, "build_env.cjs");
  await Deno.writeTextFile(
    builder,
    `const c = require("@mockoon/commons");\n` +
      `const env = c.BuildEnvironment({ hasDefaultRoute: false, hasContentTypeHeader: true, hasCorsHeaders: true });\n` +
      `const bucket = c.BuildDatabucket({ name: "seed", value: ${
        JSON.stringify(JSON.stringify(seed))
      } });\n` +
      `env.data.push(bucket);\n` +
      `const route = c.BuildCRUDRoute(true, { endpoint: ${
        JSON.stringify(endpoint)
      }, databucketID: bucket.id });\n` +
      `env.routes.push(route);\nenv.rootChildren.push({ type: "route", uuid: route.uuid });\n` +
      `process.stdout.write(JSON.stringify(env));\n`,
  );
  const built = await new Deno.Command("node", { args: [builder], cwd: dir, stdout: "piped" })
    .output();
  const file = join(dir, "environment.json");
  await Deno.writeTextFile(file, new TextDecoder().decode(built.stdout));
  return file;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function post(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { method: "POST", headers });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}`);
}

if (!(await hasWrk())) {
  console.log("stateful_bench: skipped: wrk is not installed (Debian: apt-get install -y wrk)");
  Deno.exit(0);
}

const dir = await Deno.makeTempDir({ prefix: "apispec-stateful-bench-" });
const servers: { name: string; server: Server; reset: () => Promise<void>; runs: Run[] }[] = [];
try {
  await writeCollection(dir);
  const script = join(dir, "mix.lua");
  await Deno.writeTextFile(script, mixScript());
  await Deno.writeTextFile(join(dir, "bare.ts"), bareScript());
  const deno = (args: string[]) => ["run", "-A", "--quiet", `--config=${ROOT}deno.json`, ...args];

  const bare = await startServer(Deno.execPath(), deno([join(dir, "bare.ts")]), { cwd: dir });
  servers.push({ name: "bare Deno.serve       ", server: bare, reset: async () => {}, runs: [] });
  const mock = await startServer(
    Deno.execPath(),
    deno([`${ROOT}main.ts`, "mock", "api-docs", "--port=0", "--stateful", "--quiet"]),
    { cwd: dir },
  );
  servers.push({
    name: "apispec mock --stateful",
    server: mock,
    reset: () => post(`${mock.url}/__apispec/reset`),
    runs: [],
  });

  // Mockoon gets the same resource: its path and seed as the mock plans them.
  const load = await createRouteLoader(join(dir, "api-docs"), systemContext())();
  const [users] = planResources(load.table.routes).collections;
  const mockoonDir = join(dir, "mockoon");
  await Deno.mkdir(mockoonDir);
  const cli = await installMockoon(mockoonDir);
  if (cli) {
    const environment = await mockoonEnvironment(mockoonDir, users.path.slice(1), users.seed);
    const port = freePort();
    const mockoon = await startServer(
      "node",
      [
        cli,
        "start",
        "--data",
        environment,
        "--port",
        String(port),
        "--hostname",
        "127.0.0.1",
        "--disable-log-to-file",
        "--admin-api-token",
        ADMIN_TOKEN,
      ],
      { cwd: mockoonDir, ready: /Server started on port/, url: `http://127.0.0.1:${port}` },
    );
    servers.push({
      name: `Mockoon CLI ${MOCKOON_VERSION}      `,
      server: mockoon,
      reset: () =>
        post(`${mockoon.url}/mockoon-admin/state/purge`, {
          authorization: `Bearer ${ADMIN_TOKEN}`,
        }),
      runs: [],
    });
  }

  // The same answers from each stateful server: the seed, then a stored POST.
  for (const { name, server, reset } of servers.slice(1)) {
    await reset();
    const item = await (await fetch(`${server.url}/users/1`)).json();
    if (item.name !== ITEM.name) {
      throw new Error(`${name} answers ${JSON.stringify(item)} for /users/1`);
    }
  }

  for (const { server, reset } of servers) {
    await reset();
    await wrk(server, script, 1, CONNECTIONS); // warm-up: JIT, connections
  }
  // Rounds interleave the servers so that other work on the machine hits them alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const entry of servers) {
      await entry.reset();
      entry.runs.push(await wrk(entry.server, script, SECONDS, CONNECTIONS));
    }
  }

  const paired = (a: Run[], b: Run[]) => median(a.map((run, i) => run.perSecond / b[i].perSecond));
  const byCpu = (a: Run[], b: Run[]) => median(a.map((run, i) => b[i].cpuMicros / run.cpuMicros));
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(8);
  console.log(
    `stateful_bench: GET/POST 3:1 on one seeded resource, wrk -t1 -c${CONNECTIONS} -d${SECONDS}s ` +
      `x${ROUNDS} rounds, each from the seed ${loadNote()}`,
  );
  for (const { name, runs } of servers) {
    console.log(
      `  ${name} ${fmt(median(runs.map((r) => r.perSecond)))} req/s median  ` +
        `${median(runs.map((r) => r.cpuMicros)).toFixed(1).padStart(6)} µs CPU/req  ` +
        `(rounds: ${runs.map((r) => fmt(r.perSecond).trim()).join(", ")})`,
    );
  }
  const [bareRuns, mockRuns] = [servers[0].runs, servers[1].runs];
  const vsBare = paired(mockRuns, bareRuns);
  console.log(
    `  stateful mock / bare     ${vsBare.toFixed(2)}x req/s, median of paired rounds ` +
      `(target >= ${TARGETS.bare}x: ${vsBare >= TARGETS.bare ? "MET" : "MISSED"}); ` +
      `by CPU per request ${byCpu(mockRuns, bareRuns).toFixed(2)}x`,
  );
  if (servers[2]) {
    const vsMockoon = paired(mockRuns, servers[2].runs);
    console.log(
      `  stateful mock / Mockoon  ${vsMockoon.toFixed(1)}x req/s, median of paired rounds ` +
        `(target >= ${TARGETS.mockoon}x: ${vsMockoon >= TARGETS.mockoon ? "MET" : "MISSED"}); ` +
        `by CPU per request ${byCpu(mockRuns, servers[2].runs).toFixed(1)}x`,
    );
  }
} finally {
  for (const { server } of servers) await server.stop();
  await Deno.remove(dir, { recursive: true });
}
