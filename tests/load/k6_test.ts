/**
 * `apispec export k6`: k6 itself cannot be installed here, so the script's
 * structure is checked as a module (its `options`, scenarios and exported
 * functions), and each scenario runs once under a stand-in for k6's modules
 * (`k6_shim/`: the same synchronous `http.request` and `check`, sent with
 * curl) against a loopback API, to show that captured ids chain.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, baseEnv, ROOT } from "../helpers/cli.ts";
import { startRecordsApi } from "../helpers/records_api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { LOAD_COLLECTION, TOKEN } from "./collection.ts";

const SHIM = `${ROOT}/tests/load/k6_shim`;

function hasCurl(): boolean {
  try {
    return new Deno.Command("curl", { args: ["--version"], stdout: "null" }).outputSync().success;
  } catch {
    return false;
  }
}
const curl = hasCurl();
if (!curl) {
  console.warn("skipping the k6 run test: curl is not installed (the k6 stand-in sends with it)");
}

interface ShimRun {
  requests: { method: string; url: string; status: number; tags: { name?: string } }[];
  checks: { name: string; passed: boolean }[];
}

async function runUnderShim(dir: string, file: string, env: Record<string, string>) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-run=curl",
      `--import-map=${SHIM}/import_map.json`,
      "--no-lock",
      `${SHIM}/run.js`,
      file,
      JSON.stringify(env),
    ],
    cwd: dir,
    env: baseEnv(),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assertEquals(output.code, 0, stderr);
  return JSON.parse(new TextDecoder().decode(output.stdout)) as ShimRun;
}

Deno.test("export k6: an ES module with k6/http, check, options.scenarios and thresholds", async () => {
  await using api = startRecordsApi({}, { holdMs: 0 });
  await using ws = await workspace(collectionFiles(api.url, LOAD_COLLECTION));
  const result = await apispec(
    ["export", "k6", "api-docs", "--duration", "30", "--rate", "4", "--out", "load.js"],
    { cwd: ws.dir, env: { APISPEC_AUTH_TOKEN: TOKEN } },
  );
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stderr, "Wrote load.js: 2 scenario(s) for k6");
  const text = await ws.read("load.js");
  assert(!text.includes(TOKEN), "the secret stays out of the script");
  const imports = [...text.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
  assertEquals(imports, ["k6/http", "k6"]);
  assertStringIncludes(text, '__ENV["APISPEC_AUTH_TOKEN"]');

  // Loaded as a module (under the stand-in), its options are what k6 reads.
  await ws.write(
    "options.js",
    'const m = await import(new URL("./load.js", import.meta.url).href);\n' +
      "console.log(JSON.stringify({ options: m.options, exports: Object.keys(m).sort() }));\n",
  );
  const loaded = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      `--import-map=${SHIM}/import_map.json`,
      "--no-lock",
      "options.js",
    ],
    cwd: ws.dir,
    env: baseEnv(),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(loaded.code, 0, new TextDecoder().decode(loaded.stderr));
  const { options, exports } = JSON.parse(new TextDecoder().decode(loaded.stdout));
  assertEquals(exports, ["create_post", "options", "post_lifecycle"]);
  assertEquals(options.scenarios.post_lifecycle, {
    executor: "constant-arrival-rate",
    exec: "post_lifecycle",
    rate: 4,
    timeUnit: "1s",
    duration: "30s",
    preAllocatedVUs: 4,
  });
  assertEquals(options.thresholds, { checks: ["rate>0.99"], http_req_failed: ["rate<0.01"] });
});

Deno.test({
  name: "export k6: each scenario runs once under a k6 stand-in, captured ids chain, checks pass",
  ignore: !curl,
  fn: async () => {
    await using api = startRecordsApi({}, { holdMs: 0 });
    await using ws = await workspace(collectionFiles(api.url, LOAD_COLLECTION));
    const result = await apispec([
      "export",
      "k6",
      "api-docs/flows/post-lifecycle.md",
      "--out",
      "load.js",
    ], {
      cwd: ws.dir,
    });
    assertEquals(result.code, 0, result.stderr);
    const run = await runUnderShim(ws.dir, "load.js", { APISPEC_AUTH_TOKEN: TOKEN });
    assertEquals(run.checks.filter((c) => !c.passed), []);
    assert(run.checks.some((c) => c.name === "Read: body.id: equals {{postId}}"));
    assertEquals(run.requests.map((r) => `${r.tags.name} ${r.method} ${r.status}`), [
      "Create POST 201",
      "Read GET 200",
      "Delete DELETE 204",
    ]);
    assertEquals(api.intervals.map((i) => `${i.method} ${i.path}`), [
      "POST /posts",
      "GET /posts/1000",
      "DELETE /posts/1000",
    ]);
    assertEquals([...new Set(api.intervals.map((i) => i.authorization))], [`Bearer ${TOKEN}`]);
  },
});
