import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";
import { git } from "../helpers/git.ts";

interface CheckJson {
  passed: boolean;
  changed_from: string | null;
  base: string | null;
  summary: { total: number; passed: number; failed: number; skipped: number };
  endpoints: {
    file: string;
    passed: boolean;
    skipped?: boolean;
    status: number;
    error_type: string | null;
  }[];
  flows: { file: string; passed: boolean; steps: { name: string; passed: boolean }[] }[];
  deleted: string[];
}

const ORDER_OK = 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": 1, "total": 10}';

/** A repository on `main` with three endpoints and two flows, and a branch `feature` checked out. */
async function repository(baseUrl: string) {
  const ws = await workspace({
    ...collectionFiles(baseUrl, {
      "apis/users/get-user.md": endpoint({ path: "/users/1" }),
      "apis/orders/get-order.md": endpoint({ path: "/orders/1", expected: ORDER_OK }),
      "apis/legacy/get-legacy.md": endpoint({ path: "/legacy" }),
      "apis/users/get-staging.md": endpoint({ path: "/staging", frontmatter: "env: [staging]\n" }),
      "flows/orders.md": flowFile([{ name: "Order", endpoint: "apis/orders/get-order.md" }]),
      "flows/users.md": flowFile([{ name: "User", endpoint: "apis/users/get-user.md" }]),
    }),
    "README.md": "# A service\n",
  });
  await git(ws.dir, "init", "-q", "-b", "main");
  await git(ws.dir, "add", ".");
  await git(ws.dir, "commit", "-q", "-m", "specs");
  await git(ws.dir, "checkout", "-q", "-b", "feature");
  return ws;
}

function api() {
  return startTestApi((request) => {
    const path = new URL(request.url).pathname;
    return path.startsWith("/orders")
      ? jsonResponse({ id: 1, total: 12 })
      : jsonResponse({ id: 1 });
  });
}

Deno.test("check --changed-from runs changed specs and the flows using them, from a subfolder", async () => {
  await using server = api();
  await using ws = await repository(server.url);
  await ws.write(
    "api-docs/apis/orders/get-order.md",
    endpoint({ path: "/orders/1", expected: ORDER_OK, title: "Get order v2" }),
  );
  await Deno.remove(ws.path("api-docs/apis/legacy/get-legacy.md"));
  await git(ws.dir, "commit", "-q", "-am", "change order, drop legacy");

  const result = await apispec(
    ["check", "..", "--changed-from", "main", "--report", "json"],
    { cwd: ws.path("api-docs/flows") },
  );
  assertEquals(result.code, 0, result.stderr + result.stdout);
  const report = json<CheckJson>(result);
  assertEquals(report.changed_from, "main");
  assertMatch(report.base!, /^[0-9a-f]{40}$/);
  assertEquals(report.endpoints.map((e) => e.file), ["api-docs/apis/orders/get-order.md"]);
  assertEquals(report.flows.map((f) => f.file), ["api-docs/flows/orders.md"]);
  assertEquals(report.deleted, ["api-docs/apis/legacy/get-legacy.md"]);
  assertEquals(report.summary, { total: 2, passed: 2, failed: 0, skipped: 0 });
  // The unchanged endpoint and the flow that uses only it were not run.
  assertEquals(server.requests.map((r) => r.path), ["/orders/1", "/orders/1"]);
});

Deno.test("check --changed-from follows sub-flows and data files to the flows that use them", async () => {
  await using server = api();
  await using ws = await repository(server.url);
  await ws.write(
    "api-docs/flows/parent.md",
    flowFile([{ name: "Orders part", endpoint: "flows/orders.md" }], { title: "Parent" }),
  );
  await ws.write(
    "api-docs/flows/grandparent.md",
    flowFile([{ name: "Parent part", endpoint: "flows/parent.md" }], { title: "Grandparent" }),
  );
  await ws.write("api-docs/data/rows.csv", "n\n1\n");
  await ws.write(
    "api-docs/flows/rows.md",
    flowFile([{ name: "User", endpoint: "apis/users/get-user.md" }], { data: "data/rows.csv" }),
  );
  await git(ws.dir, "add", ".");
  await git(ws.dir, "commit", "-q", "-m", "composed flows");
  await git(ws.dir, "branch", "-q", "-f", "main");

  // An endpoint two sub-flows down: the flow that runs it, and every flow above it.
  await ws.write(
    "api-docs/apis/orders/get-order.md",
    endpoint({ path: "/orders/1", expected: ORDER_OK, title: "Get order v2" }),
  );
  await git(ws.dir, "commit", "-q", "-am", "change order");
  const nested = json<CheckJson>(
    await apispec(["check", "api-docs", "--changed-from", "main", "--report", "json"], {
      cwd: ws.dir,
    }),
  );
  assertEquals(nested.flows.map((f) => f.file), [
    "api-docs/flows/grandparent.md",
    "api-docs/flows/orders.md",
    "api-docs/flows/parent.md",
  ]);

  // A data file alone: the flow that reads it.
  await git(ws.dir, "branch", "-q", "-f", "main");
  await ws.write("api-docs/data/rows.csv", "n\n1\n2\n");
  await git(ws.dir, "commit", "-q", "-am", "another row");
  const data = json<CheckJson>(
    await apispec(["check", "api-docs", "--changed-from", "main", "--report", "json"], {
      cwd: ws.dir,
    }),
  );
  assertEquals(data.endpoints, []);
  assertEquals(data.flows.map((f) => f.file), ["api-docs/flows/rows.md"]);
});

Deno.test("check exits 1 on a broken contract and annotates it for GitHub", async () => {
  await using server = api();
  await using ws = await repository(server.url);
  await ws.write(
    "api-docs/apis/orders/get-order.md",
    endpoint({ path: "/orders/1", expected: "HTTP/1.1 201 Created" }),
  );
  const summaryFile = ws.path("summary.md");
  const result = await apispec([
    "check",
    "api-docs",
    "--changed-from",
    "main",
    "--report",
    "github",
  ], {
    cwd: ws.dir,
    env: { GITHUB_STEP_SUMMARY: summaryFile },
  });
  assertEquals(result.code, 1, result.stderr);
  assertStringIncludes(
    result.stdout,
    "::error file=api-docs/apis/orders/get-order.md,line=13::CONTRACT_MISMATCH: Test endpoint: ",
  );
  assertStringIncludes(result.stdout, "::error file=api-docs/flows/orders.md,line=12::");
  assertStringIncludes(result.stdout, "## API contract check");
  assertStringIncludes(await ws.read("summary.md"), "**0 passed**, **2 failed**");
});

Deno.test("check exits 2 when a flow uses a deleted spec", async () => {
  await using server = api();
  await using ws = await repository(server.url);
  await git(ws.dir, "rm", "-q", "api-docs/apis/users/get-user.md");
  const result = await apispec(["check", "api-docs", "--changed-from", "main"], { cwd: ws.dir });
  assertEquals(result.code, 2, result.stdout);
  assertStringIncludes(result.stdout, "### Deleted");
  assertStringIncludes(result.stdout, "`api-docs/apis/users/get-user.md`");
  assertStringIncludes(result.stderr, 'Step "User" cannot run');
});

Deno.test("check without a ref runs everything and reports env-excluded specs as skipped", async () => {
  await using server = api();
  await using ws = await repository(server.url);
  const result = await apispec(["check", "api-docs", "--report", "github"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr + result.stdout);
  assertStringIncludes(
    result.stdout,
    "::warning file=api-docs/apis/users/get-staging.md,line=14::Test endpoint: Skipped: ",
  );
  assertStringIncludes(result.stdout, "**5 passed**, **0 failed**, 1 skipped of 6");
  assert(!server.requests.some((r) => r.path === "/staging"));
});

Deno.test("check reports junit and refuses an unknown ref (exit 2)", async () => {
  await using server = api();
  await using ws = await repository(server.url);
  const junit = await apispec(["check", "api-docs", "--report", "junit"], { cwd: ws.dir });
  assertEquals(junit.code, 0, junit.stderr);
  assertEquals(junit.stdout.match(/<testcase /g)?.length, 6);
  const unknown = await apispec(["check", "api-docs", "--changed-from", "no-such-branch"], {
    cwd: ws.dir,
  });
  assertEquals(unknown.code, 2);
  assertStringIncludes(unknown.stderr, 'Cannot compare with "no-such-branch"');
  assertStringIncludes(unknown.stderr, "fetch-depth: 0");
});

Deno.test("check of a folder with nothing to run is a usage error; with --changed-from it is not", async () => {
  await using ws = await workspace({ "docs/readme.txt": "no specs here\n" });
  await git(ws.dir, "init", "-q", ".");
  await git(ws.dir, "add", ".");
  await git(ws.dir, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init");
  for (const [path, shown] of [[".", "."], ["docs", "docs"]]) {
    const result = await apispec(["check", path], { cwd: ws.dir });
    assertEquals(result.code, 2, result.stdout);
    assertStringIncludes(result.stderr, `error[USAGE]: ${shown} holds no endpoint file or flow`);
  }
  // Nothing changed since HEAD: a pull request that touches no spec passes.
  const unchanged = await apispec(["check", ".", "--changed-from", "HEAD"], { cwd: ws.dir });
  assertEquals(unchanged.code, 0, unchanged.stderr);
});
