/**
 * `apispec coverage` through the real CLI, before and after real runs of the
 * demo collection against the demo API on 127.0.0.1.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";
import { workspace } from "../helpers/workspace.ts";

interface Coverage {
  endpoints: {
    spec: string;
    method: string;
    path: string;
    has_example: boolean;
    has_schema: boolean;
    error_statuses: number[];
    assertions: number;
    last_run: { timestamp: string; passed: boolean; duration_ms: number } | null;
    stale: boolean;
  }[];
  operations?: { total: number; covered: number; uncovered: { method: string; path: string }[] };
  summary: { endpoints: number; run: number; passing: number; stale: number; coverage_pct: number };
}

const HEALTH = "api-docs/apis/health/get-health.md";
const ORDER = "api-docs/apis/orders/get-order.md";
const LIST = "api-docs/apis/users/get-list-users.md";

Deno.test("coverage before and after real runs: last runs, stale, coverage_pct and --min", async () => {
  await using demo = await demoProject();
  const cwd = demo.ws.dir;
  const before = await apispec(["coverage", "--output", "json"], { cwd });
  assertEquals(before.code, 0, before.stderr);
  const empty = json<Coverage>(before);
  assertEquals(empty.summary, { endpoints: 7, run: 0, passing: 0, stale: 0, coverage_pct: 0 });
  assert(empty.endpoints.every((e) => e.last_run === null && !e.stale));
  assertEquals(empty.operations, undefined);
  const list = empty.endpoints.find((e) => e.spec === LIST)!;
  assertEquals(
    { ...list, spec: undefined },
    {
      spec: undefined,
      method: "GET",
      path: "/users",
      has_example: true,
      has_schema: true,
      error_statuses: [],
      assertions: 2,
      last_run: null,
      stale: false,
    },
  );
  assertEquals((await apispec(["coverage", "--min", "10"], { cwd })).code, 1);

  // One run that passes, one that fails (the order spec now expects another status).
  assertEquals((await apispec(["exec", HEALTH], { cwd })).code, 0);
  await demo.ws.write(
    ORDER,
    (await demo.ws.read(ORDER)).replace("HTTP/1.1 200 OK", "HTTP/1.1 202 Accepted"),
  );
  assertEquals((await apispec(["exec", ORDER], { cwd })).code, 1);

  const after = json<Coverage>(await apispec(["coverage", "--output=json"], { cwd }));
  assertEquals(after.summary, {
    endpoints: 7,
    run: 2,
    passing: 1,
    stale: 1,
    coverage_pct: 14.3,
  });
  const health = after.endpoints.find((e) => e.spec === HEALTH)!;
  assertEquals(health.last_run?.passed, true);
  assertEquals(health.stale, false);
  assert(Date.now() - Date.parse(health.last_run!.timestamp) < 60_000);
  const order = after.endpoints.find((e) => e.spec === ORDER)!;
  assertEquals([order.last_run?.passed, order.stale], [false, true]);
  // A folder of the collection: its files, with the collection's history.
  const healthOnly = json<Coverage>(
    await apispec(["coverage", "api-docs/apis/health", "--output=json"], { cwd }),
  );
  assertEquals(healthOnly.summary, {
    endpoints: 1,
    run: 1,
    passing: 1,
    stale: 0,
    coverage_pct: 100,
  });
  assertEquals(healthOnly.endpoints[0].last_run?.passed, true);
  const flows = json<Coverage>(
    await apispec(["coverage", "api-docs/flows", "--output=json"], { cwd }),
  );
  assertEquals(flows.summary.endpoints, 0, "flows are not endpoint files");
  assertEquals((await apispec(["coverage", "--min", "14"], { cwd })).code, 0);
  assertEquals((await apispec(["coverage", "--min", "14.5"], { cwd })).code, 1);
  const usage = await apispec(["coverage", "--min", "lots"], { cwd });
  assertEquals(usage.code, 2);
  assertStringIncludes(usage.stderr, "--min needs a percentage");
});

Deno.test("coverage: a passing run older than 30 days is stale", async () => {
  await using demo = await demoProject();
  const cwd = demo.ws.dir;
  assertEquals((await apispec(["exec", HEALTH], { cwd })).code, 0);
  // Age the recorded run: the history file is the collection's own record of it.
  const history = ".apispec/history/apis/health/get-health.jsonl";
  const line = JSON.parse(await demo.ws.read(history));
  line.timestamp = new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString();
  await demo.ws.write(history, JSON.stringify(line) + "\n");
  const report = json<Coverage>(await apispec(["coverage", "--output", "json"], { cwd }));
  const health = report.endpoints.find((e) => e.spec === HEALTH)!;
  assertEquals([health.last_run?.passed, health.stale], [true, true]);
  assertEquals(report.summary.stale, 1);
  assertEquals(report.summary.passing, 1);
});

Deno.test("coverage --openapi counts operations covered by a passing spec", async () => {
  await using demo = await demoProject();
  const cwd = demo.ws.dir;
  assertEquals(
    (await apispec(["export", "openapi", "api-docs", "--out", "openapi.json", "--json"], { cwd }))
      .code,
    0,
  );
  // One operation the collection has no file for.
  const doc = JSON.parse(await demo.ws.read("openapi.json"));
  doc.paths["/invoices/{id}"] = { get: { responses: { "200": { description: "An invoice" } } } };
  await demo.ws.write("openapi.json", JSON.stringify(doc));
  const before = json<Coverage>(
    await apispec(["coverage", "--openapi", "openapi.json", "--output", "json"], { cwd }),
  );
  assertEquals(before.operations?.total, 8);
  assertEquals(before.operations?.covered, 0);
  assertEquals(before.summary.coverage_pct, 0);
  assertEquals((await apispec(["exec", HEALTH], { cwd })).code, 0);
  assertEquals((await apispec(["exec", ORDER], { cwd })).code, 0);
  const after = json<Coverage>(
    await apispec(["coverage", "--openapi", "openapi.json", "--output", "json"], { cwd }),
  );
  assertEquals(after.operations?.covered, 2);
  assertEquals(after.summary.coverage_pct, 25);
  assertEquals(after.operations?.uncovered.length, 6);
  assert(
    after.operations!.uncovered.some((o) => o.method === "GET" && o.path === "/invoices/{id}"),
  );
  assert(!after.operations!.uncovered.some((o) => o.path === "/health"));
});

Deno.test("coverage console is a table; markdown a table for a comment", async () => {
  await using demo = await demoProject();
  const cwd = demo.ws.dir;
  assertEquals((await apispec(["exec", HEALTH], { cwd })).code, 0);
  const out = await apispec(["coverage"], { cwd });
  assertEquals(out.code, 0);
  const lines = out.stdout.split("\n");
  assertStringIncludes(
    lines[0],
    "Coverage of api-docs: 7 endpoint files, 1 run, 1 passing, 0 stale",
  );
  const header = lines.find((l) => l.startsWith("SPEC"))!;
  for (const column of ["METHOD", "PATH", "EXAMPLE", "SCHEMA", "ERRORS", "ASSERT", "LAST RUN"]) {
    assertStringIncludes(header, column);
  }
  const healthRow = lines.find((l) => l.startsWith(HEALTH))!;
  assert(/GET\s+\/health\s+yes\s+-\s+-\s+\d+\s+✓ just now, \d+ ms$/.test(healthRow), healthRow);
  assertStringIncludes(out.stdout, "never run");
  assertStringIncludes(out.stdout, "Coverage: 14.3% (endpoint files whose last run passed)");
  const md = await apispec(["coverage", "--output", "markdown"], { cwd });
  assertStringIncludes(md.stdout, "## API coverage: `api-docs`");
  assertStringIncludes(md.stdout, `| \`${HEALTH}\` | \`GET /health\` |`);
});

Deno.test("coverage reads the document project.md names; one that leaves the project exits 2", async () => {
  await using demo = await demoProject();
  const cwd = demo.ws.dir;
  const project = "api-docs/project.md";
  const named = (path: string) =>
    demo.ws.read(project).then((text) =>
      demo.ws.write(project, text.replace(/^---\n(openapi: .*\n)?/, `---\nopenapi: ${path}\n`))
    );
  assertEquals(
    (await apispec(["export", "openapi", "api-docs", "--out", "openapi.json", "--json"], { cwd }))
      .code,
    0,
  );
  await named("../openapi.json");
  const counted = await apispec(["coverage"], { cwd });
  assertEquals(counted.code, 0, counted.stderr);
  assertStringIncludes(counted.stdout, "Operations of openapi.json: 0 of 7 covered");
  // `--openapi` still wins for one run.
  const other = await apispec([
    "coverage",
    "--openapi",
    "api-docs/../openapi.json",
    "--output=json",
  ], {
    cwd,
  });
  assertEquals(json<Coverage>(other).operations?.total, 7);

  await named("../missing.yaml");
  const missing = await apispec(["coverage"], { cwd });
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, "missing.yaml does not exist");

  // A link inside the project that points out of it is refused before anything is read.
  await using outside = await workspace({ "openapi.json": await demo.ws.read("openapi.json") });
  await Deno.symlink(outside.path("openapi.json"), demo.ws.path("linked.json"));
  await named("../linked.json");
  const linked = await apispec(["coverage"], { cwd });
  assertEquals(linked.code, 2);
  assertStringIncludes(linked.stderr, '"openapi: ../linked.json" leaves the project');

  await named("../../openapi.json");
  const escaped = await apispec(["coverage"], { cwd });
  assertEquals(escaped.code, 2);
  assertStringIncludes(escaped.stderr, 'Field "openapi" leaves the project');
});
