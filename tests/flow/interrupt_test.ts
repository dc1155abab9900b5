/**
 * BEYOND §12, issue 31 items 10 and 11: `Always: true` steps run after an
 * earlier failure, and Ctrl-C (a real SIGINT to a real process) during `flow`
 * or `check` stops sending, aborts the request in flight at once (reported
 * as interrupted, not as a network error), runs the `Always` steps, prints
 * what ran with an `interrupted` line (one JSON object with `"interrupted":
 * true` for `--output json`) and exits 130. The API holds the request open
 * until the process has exited, and the project's timeout is 30 s: the exit
 * comes well before it.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec, baseEnv, json, ROOT } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile, type FlowJson } from "./helpers.ts";

/**
 * Items API: POST creates, GET /slow waits until released, GET /events streams and GET /socket
 * (a WebSocket) holds until released,
 * DELETE removes, GET /fail is a 500.
 */
function itemsApi() {
  let arrived!: () => void;
  const slowArrived = new Promise<void>((resolve) => arrived = resolve);
  let release!: () => void;
  const released = new Promise<void>((resolve) => release = resolve);
  const api = startTestApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (request.method === "POST") return jsonResponse({ id: 7 }, 201);
    if (request.method === "DELETE") return new Response(null, { status: 204 });
    if (path === "/slow") {
      arrived();
      await released;
      return jsonResponse({ id: 7 });
    }
    if (path === "/fail") return jsonResponse({ error: "boom" }, 500);
    if (path === "/socket") {
      // A WebSocket that says hello, then holds until released.
      const { socket, response } = Deno.upgradeWebSocket(request);
      socket.onopen = () => {
        arrived();
        socket.send("hello");
      };
      released.then(() => {
        try {
          socket.close();
        } catch { /* the client has gone */ }
      });
      return response;
    }
    if (path === "/events") {
      // An event stream that sends one event, then holds until released.
      arrived();
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("data: 1\n\n"));
          released.then(() => {
            try {
              controller.close();
            } catch { /* the client has gone: Ctrl-C ended the stream */ }
          });
        },
      });
      return new Response(stream, { headers: { "content-type": "text/event-stream" } });
    }
    return jsonResponse({ id: 7 });
  });
  return { api, slowArrived, release };
}

const FILES = {
  "apis/items/create.md": endpoint({
    method: "POST",
    path: "/items",
    resource: "items",
    request: 'POST {{baseUrl}}/items\nContent-Type: application/json\n\n{"name": "x"}',
    expected: 'HTTP/1.1 201 Created\nContent-Type: application/json\n\n{"id": 1}',
  }),
  "apis/items/slow.md": endpoint({
    path: "/slow",
    resource: "items",
    frontmatter: "standalone: false\n",
  }),
  "apis/items/fail.md": endpoint({
    path: "/fail",
    resource: "items",
    frontmatter: "standalone: false\n",
  }),
  "apis/items/next.md": endpoint({
    path: "/next",
    resource: "items",
    frontmatter: "standalone: false\n",
  }),
  "apis/items/delete.md": endpoint({
    method: "DELETE",
    path: "/items/:itemId",
    resource: "items",
    frontmatter: "standalone: false\n",
    expected: "HTTP/1.1 204 No Content",
  }),
};

function lifecycle(middle: string) {
  return flowFile([
    {
      name: "Create",
      endpoint: "apis/items/create.md",
      lines: ["Capture: `response.body.id` as `itemId`"],
    },
    { name: "Middle", endpoint: `apis/items/${middle}.md` },
    { name: "Next", endpoint: "apis/items/next.md" },
    { name: "Clean up", endpoint: "apis/items/delete.md", lines: ["Always: true"] },
  ]);
}

const sent = (api: { requests: { method: string; path: string }[] }) =>
  api.requests.map((r) => `${r.method} ${r.path}`);

Deno.test("an Always step runs after a failed step; the flow stays failed", async () => {
  const { api, release } = itemsApi();
  release();
  await using _ = api;
  await using ws = await workspace(collectionFiles(api.url, {
    ...FILES,
    "flows/fails.md": lifecycle("fail"),
  }));
  const result = await apispec(["flow", "api-docs/flows/fails.md", "--output", "json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 1, result.stdout + result.stderr);
  const report = json<FlowJson>(result);
  assertEquals(report.passed, false);
  assertEquals(report.steps.map((s) => [s.name, s.passed, s.skipped ?? false]), [
    ["Create", true, false],
    ["Middle", false, false],
    ["Next", false, true],
    ["Clean up", true, false],
  ]);
  assertEquals(sent(api), ["POST /items", "GET /fail", "DELETE /items/7"]);
});

/**
 * Runs apispec as a child process and sends it SIGINT once `when` resolves;
 * `after` runs once the process has exited (the API releases what it held).
 */
async function interrupted(args: string[], cwd: string, when: Promise<void>, after: () => void) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", `--config=${ROOT}/deno.json`, `${ROOT}/main.ts`, ...args],
    cwd,
    env: baseEnv(),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output = child.output();
  await when;
  const signalled = performance.now();
  child.kill("SIGINT");
  const { code, stdout, stderr } = await output;
  const exitedAfterMs = performance.now() - signalled;
  after();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code, stdout: decode(stdout), stderr: decode(stderr), exitedAfterMs };
}

/** The request timeout of the interrupted runs; the process must exit well before it. */
const TIMEOUT_MS = 30_000;

/** Exit within this of Ctrl-C: generous for a loaded machine, far below the timeout. */
const EXIT_WITHIN_MS = 10_000;

/** Runs apispec over the items API and FILES plus `files`, with Ctrl-C once GET /slow is in flight. */
async function interruptedRun(args: string[], files: Record<string, string>) {
  const { api, slowArrived, release } = itemsApi();
  await using _ = api;
  await using ws = await workspace(collectionFiles(api.url, {
    "api-docs/project.md": `---\nname: test\nversion: 1\ntimeout: ${TIMEOUT_MS}\n---\n`,
    ...FILES,
    ...files,
  }));
  const result = await interrupted(args, ws.dir, slowArrived, release);
  assert(
    result.exitedAfterMs < EXIT_WITHIN_MS,
    `exited ${
      Math.round(result.exitedAfterMs)
    } ms after Ctrl-C; the request timeout is ${TIMEOUT_MS} ms`,
  );
  return { ...result, sent: sent(api) };
}

Deno.test("Ctrl-C during a flow aborts the request in flight, runs the Always step, prints one JSON object and exits 130", async () => {
  const result = await interruptedRun(["flow", "api-docs/flows/slow.md", "--output", "json"], {
    "flows/slow.md": lifecycle("slow"),
  });
  assertEquals(result.code, 130, result.stdout + result.stderr);
  const report = JSON.parse(result.stdout) as FlowJson & { interrupted?: boolean };
  assertEquals(report.interrupted, true);
  assertEquals(report.passed, false);
  assertEquals(report.steps.map((s) => [s.name, s.passed, s.skipped ?? false]), [
    ["Create", true, false],
    ["Middle", false, false],
    ["Next", false, true],
    ["Clean up", true, false],
  ]);
  // Aborted, not failed on the network: no error type, a hint that says so.
  const middle = report.steps[1] as FlowJson["steps"][number] & { interrupted?: boolean };
  assertEquals([middle.interrupted, middle.error_type, middle.status], [true, null, 0]);
  assertStringIncludes(middle.hint!, "Interrupted: Ctrl-C aborted the request");
  assertEquals(report.steps[2].hint, "Skipped: the run was interrupted");
  assertEquals(result.sent, ["POST /items", "GET /slow", "DELETE /items/7"]);
  assertStringIncludes(result.stderr, "interrupted: nothing more was sent");
});

Deno.test("Ctrl-C during a flow on the console prints the steps that ran and an interrupted line", async () => {
  const result = await interruptedRun(["flow", "api-docs/flows/slow.md"], {
    "flows/slow.md": lifecycle("slow"),
  });
  assertEquals(result.code, 130, result.stdout + result.stderr);
  assertStringIncludes(result.stdout, "Clean up");
  assertMatch(result.stdout, /Middle .* interrupted\n/);
  assertStringIncludes(
    result.stdout,
    "interrupted: nothing more was sent; 1 request(s) in flight aborted, 1 step(s) skipped",
  );
  assertEquals(result.sent, ["POST /items", "GET /slow", "DELETE /items/7"]);
});

Deno.test("Ctrl-C during check: the flow under way runs its Always step, nothing else starts, exit 130", async () => {
  const result = await interruptedRun(
    ["check", "api-docs", "--concurrency", "1", "--report", "json"],
    {
      "apis/other/get-other.md": endpoint({ path: "/other", resource: "other" }),
      "flows/a-slow.md": lifecycle("slow"),
      "flows/b-later.md": flowFile([{ name: "Later", endpoint: "apis/items/create.md" }]),
    },
  );
  assertEquals(result.code, 130, result.stdout + result.stderr);
  const report = JSON.parse(result.stdout);
  assertEquals(report.interrupted, true);
  assertEquals(report.passed, false);
  const flows = report.flows as (FlowJson & { file: string })[];
  assertEquals(flows.map((f) => f.file), ["api-docs/flows/a-slow.md", "api-docs/flows/b-later.md"]);
  assertEquals(flows[0].steps.map((s) => [s.name, s.skipped ?? false]), [
    ["Create", false],
    ["Middle", false],
    ["Next", true],
    ["Clean up", false],
  ]);
  assertEquals((flows[0].steps[1] as { interrupted?: boolean }).interrupted, true);
  // create.md runs on its own first (a standalone POST), then the flow until Ctrl-C.
  assertEquals(result.sent, [
    "GET /other",
    "POST /items",
    "POST /items",
    "GET /slow",
    "DELETE /items/7",
  ]);
  assert(
    report.summary.skipped >= 1,
    `the later flow is reported as not run: ${JSON.stringify(report.summary)}`,
  );
  assertStringIncludes(result.stderr, "interrupted: nothing more was sent");
});

Deno.test("Ctrl-C during check aborts an endpoint in flight: reported as interrupted, not as a network error", async () => {
  const result = await interruptedRun(
    ["check", "api-docs", "--concurrency", "1", "--report", "json"],
    {
      "apis/items/slow.md": endpoint({ path: "/slow", resource: "items" }),
      "flows/later.md": lifecycle("next"),
    },
  );
  assertEquals(result.code, 130, result.stdout + result.stderr);
  const report = JSON.parse(result.stdout);
  assertEquals(report.interrupted, true);
  const slow = report.endpoints.find((e: { file: string }) => e.file.endsWith("items/slow.md"));
  assertEquals([slow.passed, slow.interrupted, slow.error_type], [false, true, null]);
  assertStringIncludes(slow.hint, "Interrupted: Ctrl-C aborted the request");
  assert(!result.sent.includes("GET /next"), `nothing after Ctrl-C: ${result.sent}`);
});

/** An endpoint file of `protocol` on `/name` that waits a minute for what never comes. */
function heldStream(name: string, protocol: "sse" | "ws", script: string): string {
  return `---
resource: items
protocol: ${protocol}
method: GET
path: /${name}
version: 1
standalone: false
stream:
  max_ms: 60000
---
# Held ${name}

## Request

\`\`\`http
GET {{baseUrl}}/${name}
\`\`\`

${script}
`;
}

const HELD_STREAMS = [
  {
    what: "an event stream",
    name: "events",
    file: heldStream(
      "events",
      "sse",
      "## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n\n## Expected events\n\n```sse\ndata: 1\n```",
    ),
  },
  {
    what: "a WebSocket script",
    name: "socket",
    file: heldStream("socket", "ws", "## Messages\n\n```ws\n< hello\n< never sent\n```"),
  },
];

for (const { what, name, file } of HELD_STREAMS) {
  Deno.test(`Ctrl-C during ${what} ends it at once: the step is interrupted, the Always step runs`, async () => {
    const result = await interruptedRun(["flow", `api-docs/flows/${name}.md`, "--output", "json"], {
      [`apis/items/${name}.md`]: file,
      [`flows/${name}.md`]: lifecycle(name),
    });
    assertEquals(result.code, 130, result.stdout + result.stderr);
    const report = JSON.parse(result.stdout) as FlowJson;
    const middle = report.steps[1] as FlowJson["steps"][number] & { interrupted?: boolean };
    assertEquals([middle.name, middle.interrupted, middle.error_type], ["Middle", true, null]);
    assertEquals(result.sent, ["POST /items", `GET /${name}`, "DELETE /items/7"]);
  });
}
