/**
 * `apispec fuzz` through the real CLI against the planted-bug API on
 * 127.0.0.1 (`planted_app.ts`): every planted bug is found with the default
 * settings (seeded), each written as an endpoint file that `apispec exec`
 * fails the same way; the same seed sends the same requests; production is
 * refused; files are never written over; the token reaches no output.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, type CliResult, json } from "../helpers/cli.ts";
import { type Workspace, workspace } from "../helpers/workspace.ts";
import { PLANTED, startPlantedApp, TOKEN } from "./planted_app.ts";
import { ENV, plantedProject as project } from "./_project.ts";

interface Summary {
  operations: number;
  requests: number;
  seed: number;
  failures: {
    check: string;
    method: string;
    path: string;
    status: number;
    file: string | null;
    seed: number;
  }[];
}

function fuzz(ws: Workspace, args: string[]): Promise<CliResult> {
  return apispec(["fuzz", ...args], { cwd: ws.dir, env: ENV });
}

Deno.test("the default run finds every planted bug; exec of each file fails the same way", async () => {
  await using app = startPlantedApp();
  await using ws = await project(app);
  const run = await fuzz(ws, ["--stateful", "--seed", "7", "--report", "json"]);
  assertEquals(run.code, 1, run.stderr);
  const summary = json<Summary>(run);
  assertStringIncludes(run.stderr, "seed 7");
  assertEquals(summary.seed, 7);
  for (const bug of PLANTED) {
    const hit = summary.failures.find((f) =>
      f.check === bug.check && f.method === bug.method && f.path === bug.path
    );
    assert(hit, `not found: ${JSON.stringify(bug)} in ${JSON.stringify(summary.failures)}`);
  }
  // Nothing the API does right is reported: one failure per planted bug.
  assertEquals(summary.failures.length, PLANTED.length, JSON.stringify(summary.failures));
  assert(summary.requests > summary.operations);
  const execs = await Promise.all(summary.failures.map(async (failure) => {
    assert(failure.file?.startsWith("api-docs/fuzz/"), failure.file ?? "no file");
    const text = await ws.read(failure.file!);
    assert(!text.includes(TOKEN), `${failure.file} holds the token`);
    const exec = await apispec(["exec", failure.file!, "--output", "json"], {
      cwd: ws.dir,
      env: ENV,
    });
    return { failure, exec };
  }));
  for (const { failure, exec } of execs) {
    assertEquals(exec.code, 1, `${failure.file}: ${exec.stdout}${exec.stderr}`);
    const record = json<{ status: number; passed: boolean }>(exec);
    assertEquals(record.status, failure.status, failure.file!);
  }
  assert(!run.stdout.includes(TOKEN) && !run.stderr.includes(TOKEN));
});

Deno.test("the same seed sends the same requests", async () => {
  const logs: string[][] = [];
  for (const args of [[], [], ["--concurrency", "1"], ["--concurrency", "1"]]) {
    // A fresh API each time: each run meets the state the first one met.
    await using app = startPlantedApp();
    await using ws = await project(app);
    const run = await fuzz(ws, ["--stateful", "--seed", "11", "--max-examples", "10", ...args]);
    assertEquals(run.code, 1, run.stderr);
    assertStringIncludes(run.stdout, "Seed 11: repeat with --seed 11");
    logs.push([...app.log]);
  }
  assert(logs[0].length > 50, `${logs[0].length} requests`);
  // Operations of different resources run side by side: the same requests, interleaved.
  assertEquals([...logs[1]].sort(), [...logs[0]].sort());
  // One at a time: the same requests in the same order.
  assertEquals(logs[3], logs[2]);
  assertEquals([...logs[2]].sort(), [...logs[0]].sort());
});

Deno.test("production is refused without --yes, a run that cannot resolve sends nothing", async () => {
  await using app = startPlantedApp();
  await using ws = await project(app, "production");
  const refused = await fuzz(ws, ["--max-examples", "2"]);
  assertEquals(refused.code, 2);
  assertStringIncludes(refused.stderr, 'Refusing to fuzz "production" without --yes');
  assertEquals(app.log, []);
  // Without the token nothing resolves: every operation is named, and nothing is sent.
  const unresolved = await apispec(["fuzz", "--yes"], { cwd: ws.dir });
  assertEquals(unresolved.code, 2, unresolved.stderr);
  assertStringIncludes(unresolved.stderr, 'GET /items: Variable "authToken" is not defined');
  assertEquals(app.log, []);
  const confirmed = await fuzz(ws, ["--max-examples", "2", "--methods", "GET", "--yes"]);
  assert(confirmed.code === 0 || confirmed.code === 1, confirmed.stderr);
  assert(app.log.length > 0);
});

Deno.test("a failure never overwrites a file: the next free name is taken", async () => {
  await using app = startPlantedApp();
  await using ws = await project(app);
  const taken = "api-docs/fuzz/get-items-itemid-status-documented.md";
  await ws.write(taken, "# mine\n");
  const run = await fuzz(ws, [
    "--seed",
    "3",
    "--methods",
    "GET",
    "--checks",
    "status_documented",
    "--report",
    "json",
  ]);
  assertEquals(run.code, 1, run.stderr);
  assertEquals(await ws.read(taken), "# mine\n");
  const failures = json<Summary>(run).failures;
  assert(failures.every((f) => f.check === "status_documented"), JSON.stringify(failures));
  const files = failures.map((f) => f.file);
  assert(files.includes("api-docs/fuzz/get-items-itemid-status-documented-2.md"), files.join());
  assert(!files.includes(taken));
  // Only status_documented ran, only on GETs.
  assert(app.log.every((line) => line.startsWith("GET ")));
});

Deno.test("reports as check writes them; a closed port is exit 4; no document is exit 2", async () => {
  await using app = startPlantedApp();
  await using ws = await project(app);
  const run = await fuzz(ws, [
    "--seed",
    "5",
    "--methods",
    "GET",
    "--max-examples",
    "5",
    "--out",
    "found",
    "--report",
    "junit=fuzz.xml",
    "--report",
    "markdown=fuzz.md",
    "--report",
    "html=fuzz.html",
    "--report",
    "github",
  ]);
  assertEquals(run.code, 1, run.stderr);
  assertStringIncludes(run.stdout, "::error file=found/get-");
  assertStringIncludes(await ws.read("fuzz.xml"), '<testsuites name="apispec fuzz"');
  assertStringIncludes(await ws.read("fuzz.md"), "apispec fuzz");
  assertStringIncludes(await ws.read("fuzz.html"), "<!doctype html>");
  assert(!(await ws.read("fuzz.html")).includes(TOKEN));
  assert(await ws.exists("found"));

  // A time budget ends the run early, says so, and keeps what was found.
  const budget = await fuzz(ws, ["--seed", "5", "--max-examples", "1000", "--time-budget", "0.3"]);
  assert(budget.code === 0 || budget.code === 1, budget.stderr);
  assertStringIncludes(budget.stdout, "(time budget reached)");

  await using closed = await workspace({
    "openapi.json": JSON.stringify(app.doc),
    "api-docs/project.md": "---\nname: x\nopenapi: ../openapi.json\n---\n",
    "api-docs/_shared/env.template.md": "## dev\n\n```yaml\nbaseUrl: http://127.0.0.1:9\n```\n",
  });
  const unreachable = await fuzz(closed, ["--seed", "1"]);
  assertEquals(unreachable.code, 4, unreachable.stderr);
  assertStringIncludes(unreachable.stderr, "Fuzzing stopped");

  await ws.write("api-docs/project.md", "---\nname: planted\n---\n");
  const none = await fuzz(ws, []);
  assertEquals(none.code, 2);
  assertStringIncludes(none.stderr, "fuzz needs an OpenAPI document");
});
