/**
 * Latency and faults of `apispec mock` as a real process: `--error-rate`
 * serves documented 5xx responses, `--latency` takes a range, and a client
 * asks for its own delay with `Prefer: delay=`.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

function api() {
  return collectionFiles("http://127.0.0.1:9", {
    "apis/orders/get-order.md": endpoint({
      path: "/orders/:id",
      expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": {{id}}}',
      sections: "\n## Error responses\n\n```http\nHTTP/1.1 503 Service Unavailable\n" +
        'Content-Type: application/json\nRetry-After: 2\n\n{"error": "busy", "order": {{id}}}\n```\n',
    }),
    "apis/health/get-health.md": endpoint({
      path: "/health",
      expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"ok": true}',
    }),
  });
}

function startMock(args: string[], cwd: string) {
  return spawnApispec(["mock", "--port=0", "-q", ...args], {
    cwd,
    ready: /Listening on (http:\/\/\S+)/,
  });
}

Deno.test("mock --error-rate=1 answers every routed request with a documented 5xx", async () => {
  await using ws = await workspace(api());
  await using mock = await startMock(["--error-rate=1"], ws.dir);
  assertStringIncludes(mock.stdout(), "Faults: 100% of routed requests");
  const order = await fetch(`${mock.url}/orders/7`);
  assertEquals(order.status, 503);
  assertEquals(order.headers.get("retry-after"), "2");
  assertEquals(await order.json(), { error: "busy", order: 7 });
  // No 5xx documented: a generic 500 problem that says why.
  const health = await fetch(`${mock.url}/health`);
  assertEquals(health.status, 500);
  assertEquals(health.headers.get("content-type"), "application/problem+json");
  assertStringIncludes((await health.json()).detail, "documents no 5xx response");
  // Unknown paths are still the mock's 404.
  const missing = await fetch(`${mock.url}/nope`);
  assertEquals(missing.status, 404);
  await missing.body?.cancel();
});

Deno.test("mock --error-rate=0.5 faults about half of the requests", async () => {
  await using ws = await workspace(api());
  await using mock = await startMock(["--error-rate=0.5"], ws.dir);
  let faults = 0;
  for (let i = 0; i < 400; i++) {
    const response = await fetch(`${mock.url}/orders/${i}`);
    await response.body?.cancel();
    if (response.status === 503) faults++;
    else assertEquals(response.status, 200);
  }
  // Binomial(400, 0.5): outside 120..280 has a probability below 1e-15.
  assert(faults >= 120 && faults <= 280, `${faults} faults in 400 requests`);
});

Deno.test("mock --latency=<min>-<max> delays each response within the range", async () => {
  await using ws = await workspace(api());
  await using mock = await startMock(["--latency=150-250"], ws.dir);
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await (await fetch(`${mock.url}/health`)).body?.cancel();
    const elapsed = performance.now() - started;
    assert(elapsed >= 145, `answered after ${elapsed.toFixed(0)} ms, before the 150 ms minimum`);
  }
});

Deno.test("mock honours Prefer: delay= per request, without any flag", async () => {
  await using ws = await workspace(api());
  await using mock = await startMock([], ws.dir);
  const started = performance.now();
  const response = await fetch(`${mock.url}/orders/1`, { headers: { prefer: "delay=300" } });
  const elapsed = performance.now() - started;
  assertEquals(response.headers.get("preference-applied"), "delay=300");
  assertEquals(await response.json(), { id: 1 });
  assert(elapsed >= 295, `answered after ${elapsed.toFixed(0)} ms, before the 300 ms asked for`);
});

Deno.test("mock refuses a bad --latency or --error-rate with exit 2", async () => {
  await using ws = await workspace(api());
  const latency = await apispec(["mock", "--latency=fast"], { cwd: ws.dir });
  assertEquals(latency.code, 2);
  assertStringIncludes(latency.stderr, 'Invalid --latency "fast"');
  const rate = await apispec(["mock", "--error-rate=1.5"], { cwd: ws.dir });
  assertEquals(rate.code, 2);
  assertStringIncludes(rate.stderr, "from 0 to 1");
});
