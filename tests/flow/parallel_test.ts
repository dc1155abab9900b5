import { assert, assertEquals, assertGreater } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi, timedOut } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile, type FlowJson } from "./helpers.ts";

const files = (baseUrl: string, settings: { parallel?: boolean } = {}) =>
  collectionFiles(baseUrl, {
    "apis/a/get-a.md": endpoint({ path: "/a" }),
    "apis/b/get-b.md": endpoint({ path: "/b" }),
    "apis/c/get-c.md": endpoint({ path: "/c/:aId" }),
    "flows/graph.md": flowFile([
      { name: "A", endpoint: "apis/a/get-a.md", lines: ["Capture: `response.body.id` as `aId`"] },
      { name: "B", endpoint: "apis/b/get-b.md" },
      // C uses :aId in its file: it depends on A without an Inject line.
      { name: "C", endpoint: "apis/c/get-c.md" },
    ], settings),
  });

Deno.test("flow --parallel never starts a step before the step it depends on has ended", async () => {
  const events: { path: string; arrived: number; answered?: number }[] = [];
  let bArrived!: () => void;
  const bHere = new Promise<void>((resolve) => bArrived = resolve);
  await using api = startTestApi(async (request) => {
    const path = new URL(request.url).pathname;
    const event: { path: string; arrived: number; answered?: number } = {
      path,
      arrived: performance.now(),
    };
    events.push(event);
    if (path === "/b") bArrived();
    if (path === "/a") {
      // The producer answers only once the independent step B is in flight (or fails after 5 s),
      // then takes a little longer, so a dependent that did not wait would arrive first.
      const late = await timedOut(bHere);
      if (late) return jsonResponse({ error: "B never came" }, 500);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    event.answered = performance.now();
    return jsonResponse({ id: 99 });
  });
  await using ws = await workspace(files(api.url));
  const result = await apispec(["flow", "api-docs/flows/graph.md", "--parallel", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(json<FlowJson>(result).passed, true);
  const a = events.find((e) => e.path === "/a")!;
  const b = events.find((e) => e.path === "/b")!;
  const c = events.find((e) => e.path === "/c/99")!;
  assert(c.arrived >= a.answered!, "C started before A ended");
  // B needs nothing, so it did not wait for A.
  assert(b.arrived <= a.answered!, "B waited for A");
});

/** Holds the two given paths until both have arrived, so only overlapping requests can pass. */
function barrier(paths: string[]) {
  const arrived = new Set<string>();
  let release!: () => void;
  const bothHere = new Promise<void>((resolve) => release = resolve);
  return async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (!paths.includes(path)) return jsonResponse({ id: 1 });
    arrived.add(path);
    if (arrived.size === paths.length) release();
    const alone = await timedOut(bothHere);
    return alone ? jsonResponse({ error: "the other request never came" }, 500) : jsonResponse({
      id: 1,
    });
  };
}

Deno.test("flow runs independent steps at once with parallel: true in the file", async () => {
  await using api = startTestApi(barrier(["/a", "/b"]));
  await using ws = await workspace(files(api.url, { parallel: true }));
  const result = await apispec(["flow", "api-docs/flows/graph.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr + result.stdout);
  assertEquals(json<FlowJson>(result).steps.map((s) => s.status), [200, 200, 200]);
});

Deno.test("flow --no-parallel overrides the file and runs steps in order", async () => {
  const order: string[] = [];
  await using api = startTestApi((request) => {
    order.push(new URL(request.url).pathname);
    return jsonResponse({ id: 5 });
  });
  await using ws = await workspace(files(api.url, { parallel: true }));
  const result = await apispec(["flow", "api-docs/flows/graph.md", "--no-parallel"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(order, ["/a", "/b", "/c/5"]);
  assert(result.stdout.includes("(sequential"), result.stdout);
});

Deno.test("flow refuses --parallel with --no-parallel (exit 2)", async () => {
  await using ws = await workspace(files("http://127.0.0.1:9"));
  const result = await apispec(
    ["flow", "api-docs/flows/graph.md", "--parallel", "--no-parallel"],
    { cwd: ws.dir },
  );
  assertEquals(result.code, 2);
  assert(result.stderr.includes("--parallel and --no-parallel cannot be used together"));
});

Deno.test("flow console output shows each step as it finishes", async () => {
  await using api = startTestApi(() => jsonResponse({ id: 3 }));
  await using ws = await workspace(files(api.url));
  const result = await apispec(["flow", "api-docs/flows/graph.md"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const lines = result.stdout.split("\n");
  const a = lines.findIndex((l) => l.includes("✓ A  GET"));
  const c = lines.findIndex((l) => l.includes("✓ C  GET") && l.includes("/c/3"));
  assertGreater(c, a);
  assert(result.stdout.includes("✓ 3 passed, 0 failed"), result.stdout);
});
