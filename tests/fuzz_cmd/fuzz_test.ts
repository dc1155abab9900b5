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
import { PLANTED, type PlantedApp, startPlantedApp, TOKEN } from "./planted_app.ts";

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

const ENV = { APISPEC_AUTH_TOKEN: TOKEN };

/** A project whose project.md names the app's document, with bearer auth and a dev environment. */
async function project(app: PlantedApp, envName = "dev"): Promise<Workspace> {
  return await workspace({
    "openapi.json": JSON.stringify(app.doc, null, 2),
    "api-docs/project.md":
      `---\nname: planted\ndefault-env: ${envName}\nopenapi: ../openapi.json\n` +
      "auth: bearer\n---\n",
    "api-docs/_shared/env.template.md":
      `## ${envName}\n\n\`\`\`yaml\nbaseUrl: ${app.url}\n\`\`\`\n`,
  });
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
  for (let i = 0; i < 2; i++) {
    // A fresh API each time: the second run meets the state the first one met.
    await using app = startPlantedApp();
    await using ws = await project(app);
    const run = await fuzz(ws, ["--stateful", "--seed", "11", "--max-examples", "10"]);
    assertEquals(run.code, 1, run.stderr);
    assertStringIncludes(run.stdout, "Seed 11: repeat with --seed 11");
    logs.push([...app.log]);
  }
  assert(logs[0].length > 50, `${logs[0].length} requests`);
  assertEquals(logs[1], logs[0]);
});
