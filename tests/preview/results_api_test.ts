/**
 * The preview routes behind the History view, the sidebar badges, Run all
 * and the environment editor, against the real server, the demo API and,
 * for live history, a separate `apispec exec` process.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { demoPreview } from "../helpers/preview.ts";

const USER = "apis/users/get-user-by-id.md";
const HEALTH = "apis/health/get-health.md";

/** Reads server-sent events until one of `name` arrives whose data passes `accept`. */
async function nextEvent(
  reader: ReadableStreamDefaultReader<string>,
  state: { text: string },
  name: string,
  accept: (data: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  while (true) {
    const frames = state.text.split("\n\n");
    state.text = frames.pop()!;
    for (const frame of frames) {
      const lines = frame.split("\n");
      if (!lines.includes(`event: ${name}`)) continue;
      const data = JSON.parse(lines.find((l) => l.startsWith("data: "))!.slice("data: ".length));
      if (accept(data)) return data;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before a ${name} event`);
    state.text += value;
  }
}

Deno.test("GET /api/history lists a spec's runs newest first with trend and figures; latest feeds the badges", async () => {
  await using t = await demoPreview();
  const empty = await t.preview.send("GET", `/api/history?path=${USER}`);
  assertEquals(empty.status, 200);
  assertEquals(empty.body.entries, []);
  for (let i = 0; i < 3; i++) {
    assertEquals((await t.preview.send("POST", "/api/run", { path: USER })).status, 200);
  }
  const { status, body } = await t.preview.send("GET", `/api/history?path=${USER}&last=2`);
  assertEquals(status, 200);
  assertEquals(body.file, USER);
  assertEquals(body.trend, "stable");
  const entries = body.entries as { timestamp: string; passed: boolean; status: number }[];
  assertEquals(entries.length, 2);
  assert(entries[0].timestamp >= entries[1].timestamp, "newest first");
  assertEquals(entries.map((e) => [e.passed, e.status]), [[true, 200], [true, 200]]);
  assertEquals((body.stats as { runs: number; passed: number }).runs, 2);
  const latest = await t.preview.send("GET", "/api/history/latest");
  const runs = latest.body.runs as Record<string, { passed: boolean; timestamp: string }>;
  assertEquals(Object.keys(runs), [USER]);
  assertEquals(runs[USER].timestamp, entries[0].timestamp);
  assertEquals((await t.preview.send("GET", "/api/history?path=../x.md")).status, 403);
  assertEquals((await t.preview.send("GET", `/api/history?path=${USER}&last=0`)).status, 400);
});

Deno.test("a run by another process reaches connected browsers as a history event", async () => {
  await using t = await demoPreview();
  const response = await fetch(`${t.preview.url}/api/events`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const state = { text: "" };
  await nextEvent(reader, state, "hello", () => true);
  const run = await apispec(["exec", `api-docs/${HEALTH}`], { cwd: t.ws.dir });
  assertEquals(run.code, 0, run.stderr);
  // A missing event fails the test instead of hanging it.
  const deadline = setTimeout(() => reader.cancel(), 20_000);
  const event = await nextEvent(reader, state, "history", (d) => HEALTH in (d.runs as object));
  clearTimeout(deadline);
  await reader.cancel();
  const entry = (event.runs as Record<string, { passed: boolean; status: number }>)[HEALTH];
  assertEquals([entry.passed, entry.status], [true, 200]);
  const latest = await t.preview.send("GET", "/api/history/latest");
  assert(HEALTH in (latest.body.runs as object), "the cache follows the file");
});

interface Message {
  type: string;
  total?: number;
  endpoints?: string[];
  flows?: string[];
  result?: {
    kind: string;
    file: string;
    passed: boolean;
    error_type: string | null;
    skipped?: boolean;
    hint?: string;
    record?: { response?: unknown };
  };
  summary?: { total: number; passed: number; failed: number; skipped: number };
  exit_code?: number;
}

async function runAll(
  t: Awaited<ReturnType<typeof demoPreview>>,
  body: unknown,
): Promise<Message[]> {
  const response = await t.preview.call("/api/run-all", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  assertEquals(response.headers.get("content-type"), "application/x-ndjson; charset=utf-8");
  return (await response.text()).trim().split("\n").map((line) => JSON.parse(line));
}

Deno.test("POST /api/run-all streams the plan, each result as it finishes, then the summary", async () => {
  await using t = await demoPreview();
  const messages = await runAll(t, {});
  const [start, ...rest] = messages;
  const done = rest.pop()!;
  assertEquals(start.type, "start");
  assertEquals(start.total, 9);
  assertEquals(start.flows, ["flows/team-onboarding.md", "flows/user-onboarding.md"]);
  assertEquals(rest.length, 9);
  assert(rest.every((m) => m.type === "result"));
  assertEquals(
    rest.map((m) => m.result!.file).sort(),
    [...start.endpoints!, ...start.flows!].sort(),
  );
  // The flow runs after the endpoints, as in `apispec check`.
  assertEquals(rest.at(-1)!.result!.kind, "flow");
  const health = rest.find((m) => m.result!.file === HEALTH)!.result!;
  assert(health.passed && health.record?.response, "a result carries its record with the response");
  // The demo is green (issue 27): delete-user.md needs the userId its flow captures, and
  // `standalone: false` leaves it to that flow.
  const notPassed = rest.filter((m) => !m.result!.passed).map((m) => [
    m.result!.file,
    m.result!.skipped ?? false,
    m.result!.hint,
  ]);
  assertEquals(notPassed, [[
    "apis/users/delete-user.md",
    true,
    "Skipped: runs only inside flows (standalone: false)",
  ]]);
  assertEquals(done.type, "done");
  assertEquals(done.summary!.total, 9);
  assertEquals(done.summary!.failed, 0);
  assertEquals(done.summary!.skipped, 1);
  assertEquals(done.exit_code, 0);
  // The runs are in the history, as every surface's are.
  const latest = await t.preview.send("GET", "/api/history/latest");
  assert(HEALTH in (latest.body.runs as object));
});

Deno.test("POST /api/run-all runs one folder; paths outside, and calls without the cookie, are refused", async () => {
  await using t = await demoPreview();
  const messages = await runAll(t, { path: "apis/users" });
  assertEquals(messages[0].total, 4);
  assert(messages[0].endpoints!.every((f) => f.startsWith("apis/users/")));
  assertEquals(messages.at(-1)!.summary!.total, 4);
  const outside = await t.preview.send("POST", "/api/run-all", { path: "../.." });
  assertEquals(outside.status, 403);
  const file = await t.preview.send("POST", "/api/run-all", { path: USER });
  assertEquals(file.status, 400);
  const anonymous = await fetch(`${t.preview.url}/api/run-all`, { method: "POST", body: "{}" });
  assertEquals(anonymous.status, 403);
  await anonymous.body?.cancel();
});

interface EnvFiles {
  files: {
    file: string;
    committed: boolean;
    exists: boolean;
    environments: { name: string; variables: { name: string; value: string; secret: boolean }[] }[];
  }[];
  dotenv: { names: string[] };
}

Deno.test("env files: read with secret names masked, edited in place, secret values refused", async () => {
  await using t = await demoPreview();
  await t.ws.write(".env.local", "AUTH_TOKEN=local-only-value\n");
  const read = async () =>
    (await t.preview.send("GET", "/api/env-files")).body as unknown as EnvFiles;
  const first = await read();
  assertEquals(first.files.map((f) => [f.file, f.committed, f.exists]), [
    ["_shared/env.template.md", true, true],
    ["_shared/env.md", false, false],
  ]);
  assertEquals(first.files[0].environments.map((e) => e.name), ["dev", "staging"]);
  assertEquals(first.dotenv.names, ["AUTH_TOKEN"]);

  const saved = await t.preview.send("PUT", "/api/env-files", {
    file: "_shared/env.md",
    env: "dev",
    set: { pageSize: "25", authToken: "dev-placeholder" },
  });
  assertEquals(saved.status, 200, JSON.stringify(saved.body));
  assertStringIncludes(await t.ws.read("api-docs/_shared/env.md"), "pageSize: 25\n");
  const local = (await read()).files[1].environments[0].variables;
  assertEquals(local, [
    { name: "pageSize", value: "25", secret: false },
    { name: "authToken", value: "****", secret: true },
  ]);
  // Sending the mask back leaves the value as it was.
  await t.preview.send("PUT", "/api/env-files", {
    file: "_shared/env.md",
    env: "dev",
    set: { authToken: "****", pageSize: "30" },
  });
  const text = await t.ws.read("api-docs/_shared/env.md");
  assertStringIncludes(text, "authToken: dev-placeholder");
  assertStringIncludes(text, "pageSize: 30\n");

  const template = await t.ws.read("api-docs/_shared/env.template.md");
  for (const file of ["_shared/env.template.md", "_shared/env.md"]) {
    const refused = await t.preview.send("PUT", "/api/env-files", {
      file,
      env: "dev",
      set: { apiKey: "sk-live-9f8e7d6c5b4a39281706f5e4d3c2b1a0" },
    });
    assertEquals(refused.status, 422);
    const error = refused.body.error as { code: string; message: string; fix: string };
    assertEquals(error.code, "SECRET_DETECTED");
    assertStringIncludes(error.message, '"apiKey" looks like a secret');
    assertStringIncludes(error.fix, ".env.local");
  }
  assertEquals(await t.ws.read("api-docs/_shared/env.template.md"), template);
  assertEquals(await t.ws.read("api-docs/_shared/env.md"), text);

  const removed = await t.preview.send("PUT", "/api/env-files", {
    file: "_shared/env.template.md",
    env: "staging",
    remove: ["pageSize"],
  });
  assertEquals(removed.status, 200);
  const names = (await read()).files[0].environments.map((e) => e.variables.map((v) => v.name));
  assertEquals(names, [["baseUrl", "pageSize"], ["baseUrl"]]);
  assertEquals(
    (await t.preview.send("PUT", "/api/env-files", { file: "project.md", env: "dev" })).status,
    400,
  );
  const anonymous = await fetch(`${t.preview.url}/api/env-files`, {
    method: "PUT",
    body: JSON.stringify({ file: "_shared/env.md", env: "dev", set: { a: "b" } }),
  });
  assertEquals(anonymous.status, 403);
  await anonymous.body?.cancel();
});
