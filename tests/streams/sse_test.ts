/**
 * BEYOND §9 "Server-sent events" through the real CLI against a real SSE API
 * that streams like an LLM API (chunks, then `data: [DONE]`): expected events
 * in order, `stream:` limits, `events.*` and `first_event_ms` assertions,
 * event captures in a flow, the result fields, and streams that never end.
 */
import { assert, assertEquals, assertGreater, assertLess, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { startSseApi } from "../helpers/sse_api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { chatSpec } from "../helpers/stream_specs.ts";

const SPEC = "api-docs/apis/chat/post-chat.md";
const KEY = { APISPEC_OPENAI_KEY: "sk-test-123456" };

function streamSpec(path: string, stream: string, events: string, assertions = "") {
  return `---
resource: ticks
protocol: sse
method: GET
path: ${path}
version: 1
${stream}
---
# Ticks

## Request

\`\`\`http
GET {{baseUrl}}${path}
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK
\`\`\`

## Expected events

\`\`\`sse
${events}
\`\`\`
${assertions ? `\n## Assertions\n\n${assertions}\n` : ""}`;
}

async function exec(url: string, files: Record<string, string>, args: string[] = [], spec = SPEC) {
  await using ws = await workspace(collectionFiles(url, files));
  return await apispec(["exec", spec, "--output=json", ...args], { cwd: ws.dir, env: KEY });
}

Deno.test("an LLM-style stream: expected events in order, events.* and first_event_ms assertions, result fields", async () => {
  await using api = startSseApi();
  const result = await exec(api.url, {
    "apis/chat/post-chat.md": chatSpec({
      assertions: [
        "- events.count: 7",
        "- events[0].data.choices[0].delta.content: Hel",
        "- events[3].data.choices[0].delta.content: equals Ada",
        '- events.last.data: "[DONE]"',
        "- events.last.event: message",
        "- first_event_ms: < 3000",
        "- status: 200",
      ].join("\n"),
    }),
  }, ["--strict-assertions"]);
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const record = json(result);
  assertEquals(record.passed, true);
  assertEquals(record.events_received, 7);
  assertEquals(typeof record.first_event_ms, "number");
  assertEquals((record.assertion_results as unknown[]).length, 7);
  // The request went as any POST: the body and the key reached the API.
  assertEquals((api.prompts[0] as { model: string }).model, "gpt-test");
});

Deno.test("an expected event that never comes fails with its line; other events between listed ones are allowed", async () => {
  await using api = startSseApi();
  const result = await exec(api.url, {
    "apis/chat/post-chat.md": chatSpec({
      events:
        'data: {"choices": [{"delta": {"content": "Hel"}}]}\n\ndata: {"choices": [{"delta": {"refusal": "no"}}]}',
    }),
  });
  assertEquals(result.code, 1, result.stdout);
  const record = json(result);
  assertEquals(record.error_type, "CONTRACT_MISMATCH");
  const body = (record.diff as { body: string }).body;
  assertStringIncludes(body, "(line 35)");
  assertStringIncludes(body, "not received");
  assertStringIncludes(body, "reading stopped at stream.until (data: [DONE])");
});

Deno.test("stream.exact: true refuses events besides the listed ones", async () => {
  await using api = startSseApi();
  const result = await exec(api.url, {
    "apis/chat/post-chat.md": chatSpec({
      stream: 'stream:\n  until: "data: [DONE]"\n  exact: true',
    }),
  });
  assertEquals(result.code, 1);
  const body = (json(result).diff as { body: string }).body;
  // Shape mode matches the chunks by shape, so the extra ones are what exact refuses.
  assertStringIncludes(body, "events[3]: unexpected event (stream.exact is true)");
});

Deno.test("named events: event and id lines match, `until: event: done` stops reading, text data compares exactly", async () => {
  await using api = startSseApi();
  const file = streamSpec(
    "/named",
    'stream:\n  until: "event: done"',
    'event: start\nid: 1\ndata: {"job": 0}\n\nevent: progress\ndata: {"percent": 100}\n\nevent: done\ndata: finished',
    '- events.last.event: done\n- events[1].id: "2"\n- events[1].data.percent: 50\n- events.count: 4',
  );
  const ok = await exec(
    api.url,
    { "apis/ticks/get.md": file },
    ["--strict-assertions"],
    "api-docs/apis/ticks/get.md",
  );
  assertEquals(ok.code, 0, ok.stdout);
  const wrongText = file.replace("data: finished", "data: Finished");
  const failed = await exec(
    api.url,
    { "apis/ticks/get.md": wrongText },
    [],
    "api-docs/apis/ticks/get.md",
  );
  assertEquals(failed.code, 1);
  assertStringIncludes(
    (json(failed).diff as { body: string }).body,
    'expected "Finished", got "finished"',
  );
});

Deno.test("an endless stream stops at max_events and at max_ms", async () => {
  await using api = startSseApi();
  const spec = "api-docs/apis/ticks/get.md";
  const byCount = await exec(
    api.url,
    {
      "apis/ticks/get.md": streamSpec(
        "/endless",
        "stream:\n  max_events: 25",
        'data: {"n": 0}',
        "- events.count: 25",
      ),
    },
    ["--strict-assertions"],
    spec,
  );
  assertEquals(byCount.code, 0, byCount.stdout);
  assertEquals(json(byCount).events_received, 25);

  const started = performance.now();
  const byTime = await exec(
    api.url,
    {
      "apis/ticks/get.md": streamSpec(
        "/endless",
        "stream:\n  max_events: 100000\n  max_ms: 700",
        'data: {"n": 0}',
      ),
    },
    [],
    spec,
  );
  const took = performance.now() - started;
  assertEquals(byTime.code, 0, byTime.stdout);
  assertGreater(json(byTime).events_received as number, 25);
  assertGreater(json(byTime).duration_ms as number, 650);
  assertLess(took, 15_000);
});

Deno.test("a stream that never ends an event is cut at 64 MiB: NETWORK_ERROR, exit 4", async () => {
  await using api = startSseApi();
  const result = await exec(
    api.url,
    {
      "apis/ticks/get.md": streamSpec("/no-newline", "stream:\n  max_ms: 60000", "data: x"),
    },
    [],
    "api-docs/apis/ticks/get.md",
  );
  assertEquals(result.code, 4, result.stdout);
  assertEquals(json(result).error_type, "NETWORK_ERROR");
  assertStringIncludes(JSON.stringify(json(result)), "more than 64 MiB");
});

Deno.test("a JSON error instead of a stream is compared as an answer: 401 is AUTH_FAILED", async () => {
  await using api = startSseApi();
  await using ws = await workspace(
    collectionFiles(api.url, { "apis/chat/post-chat.md": chatSpec() }),
  );
  const result = await apispec(["exec", SPEC, "--output=json"], {
    cwd: ws.dir,
    env: { APISPEC_OPENAI_KEY: "sk-wrong-000000" },
  });
  assertEquals(result.code, 1, result.stdout);
  const record = json(result);
  assertEquals(record.status, 401);
  assertEquals(record.error_type, "AUTH_FAILED");
  assertEquals(record.events_received, 0);
  assertEquals(record.first_event_ms, null);
});

Deno.test("a flow captures response.events[<n>].data.<path> for a later step", async () => {
  await using api = startSseApi();
  const echo = `---
resource: chat
protocol: sse
method: POST
path: /v1/chat/completions
version: 1
standalone: false
---
# Continue

## Request

\`\`\`http
POST {{baseUrl}}/v1/chat/completions
Authorization: Bearer {{openaiKey}}

{"model": "{{firstWord}}-{{chunkId}}"}
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK
\`\`\`
`;
  const flow = `---
type: pipeline
name: chat
---
# Chat

## Steps

1. **Stream** -> \`apis/chat/post-chat.md\`
   - Capture: \`response.events[0].data.choices[0].delta.content\` as \`firstWord\`
   - Capture: \`response.events.last.data\` as \`last\`
   - Capture: \`response.events[1].data.id\` as \`chunkId\`
   - Assert: \`events.count: 7\`
2. **Continue** -> \`apis/chat/post-echo.md\`
`;
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/chat/post-chat.md": chatSpec(),
    "apis/chat/post-echo.md": echo,
    "flows/chat.md": flow,
  }));
  const result = await apispec(["flow", "api-docs/flows/chat.md", "--output=json"], {
    cwd: ws.dir,
    env: KEY,
  });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  assertEquals((api.prompts[1] as { model: string }).model, "Hel-chatcmpl-1");
  assert(api.prompts.length === 2);
});

Deno.test("validate: stream fields, event lines and sections in the wrong protocol are errors with lines", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/chat/post-chat.md": chatSpec({
      stream: "stream:\n  max_events: 5000000\n  every: soon",
      events: "data: a\nretry 5\n\nevent: x",
    }),
    "apis/chat/get-plain.md": chatSpec().replace("protocol: sse", "protocol: http").replace(
      /stream:\n.*\n.*\n/,
      "",
    ),
  }));
  const result = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(result.code, 2);
  const out = result.stdout + result.stderr;
  assertStringIncludes(out, 'Field "stream.max_events" is 5000000; apispec reads at most 100000');
  assertStringIncludes(out, 'Field "stream.every" must be a pause');
  assertStringIncludes(out, 'Cannot read event line "retry 5"');
  assertStringIncludes(out, "post-chat.md:34");
  assertStringIncludes(out, 'Section "## Expected events" needs protocol: sse');
});
