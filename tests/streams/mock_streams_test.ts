/**
 * The mock answers stream and GraphQL files (BEYOND §9): `exec` of each file
 * against `apispec mock` of the same collection passes. SSE files stream
 * their listed events `stream.every` apart, ws files play their script from
 * the server's side, GraphQL files are routed by operation.
 */
import { assertEquals, assertGreater } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { chatSpec, pricesSpec, SUBSCRIBE, userQuery } from "../helpers/stream_specs.ts";

Deno.test("exec of sse, ws and graphql files against `apispec mock` of the same files passes", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/chat/post-chat.md": chatSpec({
      stream: 'stream:\n  until: "data: [DONE]"\n  every: 60ms',
      assertions: "- events.count: 3\n- events[1].data.choices[0].delta.content: Ada",
    }),
    "apis/prices/ws-prices.md": pricesSpec(SUBSCRIBE, { target: "{{baseUrl}}/prices" }),
    "apis/users/post-user.md": userQuery({ variables: '{"id": "1"}' }),
    "apis/users/post-me.md": userQuery({
      query: "{\n  me { id name }\n}",
      variables: "{}",
      expected: '{"data": {"me": {"id": "1", "name": "Ada"}}}',
    }).replace("# Get a user", "# Me"),
  }));
  await using mock = await spawnApispec(["mock", "--port=0"], {
    cwd: ws.dir,
    ready: /Listening on (http:\/\/\S+)/,
  });
  const exec = (file: string, args: string[] = []) =>
    apispec(["exec", file, "--output=json", "--var", `baseUrl=${mock.url}`, ...args], {
      cwd: ws.dir,
      env: { APISPEC_OPENAI_KEY: "sk-any-123456", APISPEC_WS_TOKEN: "any-token-123" },
    });

  const sse = await exec("api-docs/apis/chat/post-chat.md", ["--strict-assertions"]);
  assertEquals(sse.code, 0, sse.stdout + sse.stderr);
  assertEquals(json(sse).events_received, 3);
  // stream.every: 60ms between the three events.
  assertGreater(json(sse).duration_ms as number, 110);

  const socket = await exec("api-docs/apis/prices/ws-prices.md");
  assertEquals(socket.code, 0, socket.stdout + socket.stderr);
  assertEquals(json(socket).messages_received, 3);

  for (const file of ["api-docs/apis/users/post-user.md", "api-docs/apis/users/post-me.md"]) {
    const graphql = await exec(file);
    assertEquals(graphql.code, 0, `${file}: ${graphql.stdout}${graphql.stderr}`);
  }

  // An operation no file documents: a GraphQL error answer, not another file's.
  const unknown = await fetch(`${mock.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "query Nobody { nobody { id } }" }),
  });
  assertEquals(unknown.status, 400);
  assertEquals(
    (await unknown.json()).errors[0].message,
    'apispec mock: no protocol: graphql file documents the operation "Nobody" at /graphql',
  );
  // A plain GET of the ws route says what it is.
  const plain = await fetch(`${mock.url}/prices`);
  assertEquals(plain.status, 426);
  await plain.body?.cancel();
});
