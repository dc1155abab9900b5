/**
 * Stream, GraphQL and file endpoints through the other surfaces (BEYOND §9):
 * `check` runs them (here against `apispec mock`), the MCP tool
 * `apispec_exec` returns the stream result fields, `export openapi`
 * describes an SSE answer as `text/event-stream` and says it leaves
 * WebSocket files out, and the load exports say clearly what they cannot send.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { startMcp } from "../helpers/mcp.ts";
import { startSseApi } from "../helpers/sse_api.ts";
import { chatSpec, pricesSpec, userQuery } from "../helpers/stream_specs.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

const SCRIPT = `< {"type": "welcome", "user": "ada"}
> {"type": "subscribe", "channel": "prices"}
< {"type": "subscribed", "channel": "prices"}
close: 1000`;

function files() {
  return {
    "apis/chat/post-chat.md": chatSpec(),
    "apis/prices/ws-prices.md": pricesSpec(SCRIPT, { target: "{{baseUrl}}/prices" }),
    "apis/users/post-user.md": userQuery({ variables: '{"id": "1"}' }),
  };
}

const KEYS = { APISPEC_OPENAI_KEY: "sk-any-123456", APISPEC_WS_TOKEN: "any-token-123" };

Deno.test("check runs sse, ws and graphql files (against apispec mock of them)", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", files()));
  await using mock = await spawnApispec(["mock", "--port=0"], {
    cwd: ws.dir,
    ready: /Listening on (http:\/\/\S+)/,
  });
  const result = await apispec(
    ["check", "api-docs", "--var", `baseUrl=${mock.url}`, "--report", "json"],
    { cwd: ws.dir, env: KEYS },
  );
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const report = json(result);
  assertStringIncludes(JSON.stringify(report), '"passed":3');
});

Deno.test("MCP apispec_exec returns events_received and first_event_ms for an SSE file, as its output schema says", async () => {
  await using api = startSseApi();
  await using ws = await workspace(collectionFiles(api.url, files()));
  await using mcp = await startMcp({ cwd: ws.dir, env: { APISPEC_OPENAI_KEY: "sk-test-123456" } });
  const record = await mcp.call("apispec_exec", { spec_path: "api-docs/apis/chat/post-chat.md" });
  assertEquals(record.passed, true, JSON.stringify(record));
  assertEquals(record.events_received, 7);
  assertEquals(typeof record.first_event_ms, "number");
  // An agent reading tools/list learns of the stream fields before it runs a stream file.
  const { tools } = await mcp.client.listTools();
  const exec = tools.find((tool: { name: string }) => tool.name === "apispec_exec")!;
  const properties = (exec.outputSchema as { properties: Record<string, { type: unknown }> })
    .properties;
  assertEquals(properties.events_received?.type, "number");
  assertEquals(properties.first_event_ms?.type, ["number", "null"]);
  assertEquals(properties.messages_received?.type, "number");
});

Deno.test("export openapi: SSE as text/event-stream, GraphQL as a JSON body, ws left out with a warning", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", files()));
  const result = await apispec(["export", "openapi", "api-docs", "--json", "--out", "out.json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stderr, "OpenAPI cannot describe a WebSocket");
  const doc = JSON.parse(await ws.read("out.json"));
  const chat = doc.paths["/v1/chat/completions"].post;
  const stream = chat.responses["200"].content["text/event-stream"];
  assertEquals(stream.schema.type, "string");
  assertStringIncludes(stream.example, "data: [DONE]\n\n");
  const graphql = doc.paths["/graphql"].post.requestBody.content["application/json"];
  assertEquals(graphql.example.operationName, "GetUser");
  assert(!doc.paths["/prices"], "the ws file is not an operation");
});

Deno.test("load exports refuse stream files with a clear error", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", files()));
  for (const engine of ["k6", "artillery"]) {
    const result = await apispec(
      ["export", engine, "api-docs/apis/chat/post-chat.md", "--out", `out.${engine}`],
      { cwd: ws.dir, env: KEYS },
    );
    assertEquals(result.code, 2, result.stdout + result.stderr);
    assertStringIncludes(
      result.stdout + result.stderr,
      "Cannot export protocol sse to a load test",
    );
  }
});
