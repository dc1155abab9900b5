/**
 * `check --shard i/n` through the real CLI against a loopback API: the
 * shards hold every item exactly once, keep each resource whole, split alike
 * in another checkout, follow `--timings`, and work with `--changed-from`.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";
import { git } from "../helpers/git.ts";

interface ShardJson {
  shard: { index: number; total: number; items: number; of: number; weights: string };
  endpoints: { file: string; passed: boolean }[];
  flows: { file: string; passed: boolean }[];
}

const RESOURCES = ["accounts", "carts", "invoices", "orders", "payments", "products", "reviews"];

/** 3 specs per resource and two flows: one joins orders and payments, one stays in carts. */
function files(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const resource of RESOURCES) {
    for (const method of ["GET", "PUT", "DELETE"]) {
      out[`apis/${resource}/${method.toLowerCase()}-${resource}.md`] = endpoint({
        method,
        path: `/${resource}/1`,
        resource,
      });
    }
  }
  out["flows/checkout.md"] = flowFile([
    { name: "Order", endpoint: "apis/orders/get-orders.md" },
    { name: "Pay", endpoint: "apis/payments/put-payments.md" },
  ]);
  out["flows/cart.md"] = flowFile([{ name: "Cart", endpoint: "apis/carts/get-carts.md" }]);
  return out;
}

const ALL = Object.keys(files()).map((f) => `api-docs/${f}`).sort();
const resourceOf = (file: string) =>
  file.includes("/flows/checkout")
    ? "orders"
    : file.includes("/flows/cart")
    ? "carts"
    : file.split("/")[2];

async function shardFiles(dir: string, shard: string, extra: string[] = []) {
  const result = await apispec([
    "check",
    "api-docs",
    "--shard",
    shard,
    "--report",
    "json",
    ...extra,
  ], {
    cwd: dir,
  });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const report = json<ShardJson>(result);
  return { report, files: [...report.endpoints, ...report.flows].map((e) => e.file) };
}

Deno.test("check --shard i/4: every item in exactly one shard, resources whole, the same split in another checkout", async () => {
  await using server = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(collectionFiles(server.url, files()));
  await using other = await workspace(collectionFiles(server.url, files()));
  const shards: string[][] = [];
  for (let i = 1; i <= 4; i++) {
    // Each shard on a fresh CI runner: no local history to weigh by.
    await Deno.remove(ws.path(".apispec"), { recursive: true }).catch(() => {});
    await Deno.remove(other.path(".apispec"), { recursive: true }).catch(() => {});
    const { report, files } = await shardFiles(ws.dir, `${i}/4`);
    assertEquals(report.shard, {
      index: i,
      total: 4,
      items: files.length,
      of: ALL.length,
      weights: "equal",
    });
    shards.push(files);
    assertEquals(
      (await shardFiles(other.dir, `${i}/4`)).files,
      files,
      "another checkout splits alike",
    );
  }
  assertEquals(shards.flat().sort(), ALL);
  const owner = new Map<string, number>();
  shards.forEach((files, s) =>
    files.forEach((f) => {
      const seen = owner.get(resourceOf(f));
      assert(seen === undefined || seen === s, `${resourceOf(f)} is split across shards`);
      owner.set(resourceOf(f), s);
    })
  );
  // Balanced: 23 items in 6 groups of 3 or 5; no shard holds more than the largest two groups.
  assert(
    Math.max(...shards.map((s) => s.length)) <= 8,
    JSON.stringify(shards.map((s) => s.length)),
  );
  // Both checkouts ran every item once: 21 specs and 3 flow steps each.
  assertEquals(server.requests.length, 2 * (7 * 3 + 3));
});

Deno.test("check --write-timings then --timings: a slow resource gets a shard to itself", async () => {
  await using server = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(collectionFiles(server.url, files()));
  const full = await apispec(["check", "api-docs", "--write-timings", "timings.json"], {
    cwd: ws.dir,
  });
  assertEquals(full.code, 0, full.stderr);
  const written = JSON.parse(await ws.read("timings.json")) as Record<string, number>;
  assertEquals(Object.keys(written), ALL);
  assert(Object.values(written).every((ms) => Number.isInteger(ms) && ms >= 0));

  // Pretend the invoices specs are slow: they outweigh everything else together.
  const skewed = Object.fromEntries(
    ALL.map((f) => [f, f.includes("/invoices/") ? 1000 : 10]),
  );
  await ws.write("timings.json", JSON.stringify(skewed));
  // Without --timings, the history of the full run balances the shards, with a warning.
  const byHistory = await apispec(["check", "api-docs", "--shard", "1/2"], { cwd: ws.dir });
  assertEquals(byHistory.code, 0, byHistory.stderr);
  assertStringIncludes(byHistory.stdout, "balanced by local history");
  assertStringIncludes(byHistory.stderr, "balanced by this machine's run history");

  const first = await shardFiles(ws.dir, "1/2", ["--timings", "timings.json"]);
  const second = await shardFiles(ws.dir, "2/2", ["--timings", "timings.json"]);
  assertEquals(first.report.shard.weights, "timings");
  assertEquals(first.files, ALL.filter((f) => f.includes("/invoices/")));
  assertEquals(second.files, ALL.filter((f) => !f.includes("/invoices/")));
});

Deno.test("check --shard works with --changed-from: the shards split the changed items", async () => {
  await using server = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(collectionFiles(server.url, files()));
  await git(ws.dir, "init", "-q", "-b", "main");
  await git(ws.dir, "add", ".");
  await git(ws.dir, "commit", "-q", "-m", "specs");
  for (const resource of ["orders", "reviews", "accounts"]) {
    const file = `api-docs/apis/${resource}/get-${resource}.md`;
    await ws.write(file, (await ws.read(file)).replace("# Test endpoint", "# Changed"));
  }
  const changed = [
    "api-docs/apis/accounts/get-accounts.md",
    "api-docs/apis/orders/get-orders.md",
    "api-docs/apis/reviews/get-reviews.md",
    "api-docs/flows/checkout.md",
  ];
  const union: string[] = [];
  for (const shard of ["1/2", "2/2"]) {
    union.push(...(await shardFiles(ws.dir, shard, ["--changed-from", "main"])).files);
  }
  assertEquals(union.sort(), changed);
});

Deno.test("check refuses a bad --shard, --timings or --concurrency before sending anything (exit 2)", async () => {
  await using server = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(collectionFiles(server.url, files()));
  await ws.write("broken.json", "{not json");
  const cases: [string[], string][] = [
    [["--shard", "5/4"], "--shard 5/4: shard 5 does not exist among 4"],
    [["--shard", "2"], '--shard must look like 2/4, got "2"'],
    [["--shard", "1/2", "--timings", "missing.json"], "Cannot read timings from missing.json"],
    [["--shard", "1/2", "--timings", "broken.json"], "Cannot read timings from broken.json"],
    [["--concurrency", "0"], "--concurrency must be at least 1"],
  ];
  for (const [flags, message] of cases) {
    const result = await apispec(["check", "api-docs", ...flags], { cwd: ws.dir });
    assertEquals(result.code, 2, `${flags.join(" ")}: ${result.stderr}`);
    assertStringIncludes(result.stderr, message);
    assert(!result.stderr.includes("    at "), "no stack trace");
  }
  assertEquals(server.requests.length, 0);
});
