/**
 * `apispec validate` knows every section and field BEYOND §9 adds: each
 * misuse is an error (exit 2) with its file, line and fix, a stray
 * `stream.until` on a WebSocket file a warning, and the good files pass.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { chatSpec, pricesSpec, userQuery } from "../helpers/stream_specs.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

const SCRIPT = '< {"type": "welcome"}\n> hi\n< echo: hi';

/** File → the message and the line validate must name. */
const CASES: [string, string, string, number][] = [
  [
    "events in an http file",
    chatSpec({ assertions: "- events.count: 3" }).replace("protocol: sse", "protocol: http")
      .replace(/## Expected events[\s\S]*?```\n```\n/, "").replace(/stream:\n.*\n.*\n/, ""),
    'Assertion path "events.count" needs protocol: sse',
    0,
  ],
  [
    "messages in an sse file",
    chatSpec({ assertions: "- messages[0].type: welcome" }),
    'Assertion path "messages[0].type" needs protocol: ws',
    42,
  ],
  [
    "a ws file opened with POST",
    pricesSpec(SCRIPT).replace("method: GET", "method: POST").replace(
      "GET {{wsUrl}}",
      "POST {{wsUrl}}",
    ),
    "A WebSocket opens with GET, not POST",
    15,
  ],
  [
    "a graphql file with a body",
    userQuery().replace(
      "POST {{baseUrl}}/graphql\n",
      'POST {{baseUrl}}/graphql\n\n{"query": "{ me }"}\n',
    ),
    "A protocol: graphql request carries no body",
    13,
  ],
  [
    "a graphql file without ## Query",
    userQuery().replace(/## Query[\s\S]*?## Variables/, "## Variables"),
    'A protocol: graphql file needs a "## Query" section',
    3,
  ],
  [
    "## Query in an http file",
    userQuery().replace("protocol: graphql", "protocol: http"),
    'Section "## Query" needs protocol: graphql',
    16,
  ],
  [
    "two sse blocks",
    chatSpec().replace("## Expected events\n", "## Expected events\n\n```sse\ndata: x\n```\n"),
    'Section "## Expected events" must hold exactly one ```sse block, found 2',
    36,
  ],
  [
    "a stream that is not a map",
    chatSpec({ stream: "stream: fast" }),
    'Field "stream" must be a map',
    7,
  ],
  [
    "a stream field of an http file",
    userQuery().replace("version: 1\n", "version: 1\nstream:\n  max_ms: 10\n"),
    'Field "stream" applies to protocol sse and ws, not graphql',
    7,
  ],
];

Deno.test("validate: every stream, GraphQL and file misuse is an error with its line and a fix", async () => {
  for (const [name, text, message, line] of CASES) {
    await using ws = await workspace(
      collectionFiles("http://127.0.0.1:9", { "apis/x/post-x.md": text }),
    );
    const result = await apispec(["validate", "api-docs"], { cwd: ws.dir });
    const out = result.stdout + result.stderr;
    assertEquals(result.code, 2, `${name}: ${out}`);
    assertStringIncludes(out, message, `${name}: ${out}`);
    if (line) assertStringIncludes(out, `post-x.md:${line}`, `${name}: ${out}`);
    assertStringIncludes(out, "= fix:", name);
  }
});

Deno.test("validate: good sse, ws and graphql files pass; stream.until on a ws file warns", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/chat/post-chat.md": chatSpec(),
    "apis/prices/ws-prices.md": pricesSpec(SCRIPT, { stream: 'stream:\n  until: "data: x"' }),
    "apis/users/post-user.md": userQuery(),
  }));
  const result = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  assertStringIncludes(
    result.stdout + result.stderr,
    'Field "stream.until" applies to protocol sse',
  );
});
