/**
 * A collection's own flows pass against its own `mock --stateful`: the demo
 * collection, and a collection whose bodies are enveloped in `data` (as Kinto
 * and JSON:API answer). Both the mock and `apispec flow` run as real processes.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, type Workspace, workspace } from "../helpers/workspace.ts";
import { writeDemoCollection } from "../../src/demo/collection.ts";
import { jsonCall } from "../helpers/json_call.ts";

const json = "Content-Type: application/json\n\n";

function startMock(ws: Workspace) {
  return spawnApispec(["mock", "api-docs", "--stateful", "--port=0", "-q"], {
    cwd: ws.dir,
    ready: /Listening on (http:\/\/\S+)/,
  });
}

/** Every flow of the collection, run against `baseUrl`, one after another. */
async function runFlows(ws: Workspace, baseUrl: string) {
  const flows = [];
  for await (const entry of Deno.readDir(ws.path("api-docs/flows"))) flows.push(entry.name);
  flows.sort();
  const results = [];
  for (const flow of flows) {
    const result = await apispec(
      ["flow", `api-docs/flows/${flow}`, `--var=baseUrl=${baseUrl}`, "--output=json"],
      { cwd: ws.dir, env: { APISPEC_AUTH_TOKEN: "demo-token-for-the-mock" } },
    );
    results.push({ flow, code: result.code, output: result.stdout + result.stderr });
  }
  return results;
}

Deno.test("the demo collection's flows pass against its own stateful mock", async () => {
  await using ws = await workspace();
  await writeDemoCollection(ws.dir, "http://127.0.0.1:9");
  await using mock = await startMock(ws);
  const results = await runFlows(ws, mock.url);
  assertEquals(results.length > 0, true);
  for (const { flow, code, output } of results) assertEquals(code, 0, `${flow}:\n${output}`);
});

/** Buckets as Kinto documents them: every body is `{"data": ...}`, items beside `permissions`. */
function envelopedCollection(): Record<string, string> {
  const item = (id: string) =>
    `{"data": {"id": ${id}, "last_modified": 1}, "permissions": {"write": ["account:alice"]}}`;
  return collectionFiles("http://127.0.0.1:9", {
    "apis/buckets/list-buckets.md": endpoint({
      resource: "buckets",
      path: "/buckets",
      expected: `HTTP/1.1 200 OK\n${json}{"data": [{"id": "main", "last_modified": 1}]}`,
    }),
    "apis/buckets/create-bucket.md": endpoint({
      resource: "buckets",
      method: "POST",
      path: "/buckets",
      frontmatter: "vars:\n  bucketName: shelf\n",
      request: `POST {{baseUrl}}/buckets\n${json}{"data": {"id": "{{bucketName}}"}}`,
      expected: `HTTP/1.1 201 Created\n${json}${item('"shelf"')}`,
    }),
    "apis/buckets/get-bucket.md": endpoint({
      resource: "buckets",
      path: "/buckets/:bucketId",
      frontmatter: "vars:\n  bucketId: main\nstandalone: false\n",
      expected: `HTTP/1.1 200 OK\n${json}${item('"{{bucketId}}"')}`,
      sections: "\n## Error responses\n\n```http\nHTTP/1.1 404 Not Found\n" +
        `${json}{"code": 404, "errno": 110, "error": "Not Found"}\n\`\`\`\n`,
    }),
    "apis/buckets/patch-bucket.md": endpoint({
      resource: "buckets",
      method: "PATCH",
      path: "/buckets/:bucketId",
      frontmatter: "standalone: false\n",
      request: `PATCH {{baseUrl}}/buckets/:bucketId\n${json}{"data": {"colour": "teal"}}`,
      expected: `HTTP/1.1 200 OK\n${json}${item('"main"')}`,
    }),
    "apis/buckets/delete-bucket.md": endpoint({
      resource: "buckets",
      method: "DELETE",
      path: "/buckets/:bucketId",
      frontmatter: "standalone: false\n",
      expected: `HTTP/1.1 200 OK\n${json}{"data": {"id": "main", "deleted": true}}`,
    }),
    "flows/bucket-lifecycle.md": `---
type: pipeline
name: bucket-lifecycle
---
# Bucket lifecycle

## Steps

1. **Create** -> \`apis/buckets/create-bucket.md\`
   - Capture: \`response.body.data.id\` as \`bucketId\`
   - Assert: \`body.data.id: equals shelf\`
2. **Read** -> \`apis/buckets/get-bucket.md\`
   - Inject: \`bucketId\`
   - Assert: \`body.data.id: equals shelf\`
   - Assert: \`body.permissions.write: exists\`
3. **Patch** -> \`apis/buckets/patch-bucket.md\`
   - Inject: \`bucketId\`
   - Assert: \`body.data.colour: equals teal\`
4. **List** -> \`apis/buckets/list-buckets.md\`
   - Assert: \`body.data[1].id: equals shelf\`
5. **Delete** -> \`apis/buckets/delete-bucket.md\`
   - Inject: \`bucketId\`
`,
  });
}

Deno.test("a collection enveloped in data passes its own flow against its stateful mock", async () => {
  await using ws = await workspace(envelopedCollection());
  await using mock = await startMock(ws);
  const [result] = await runFlows(ws, mock.url);
  assertEquals(result.code, 0, result.output);
});

Deno.test("the stateful mock stores the item out of its envelope and answers in the documented one", async (t) => {
  await using ws = await workspace(envelopedCollection());
  await using mock = await startMock(ws);
  const call = (method: string, path: string, body?: unknown) =>
    jsonCall(`${mock.url}${path}`, method, body);

  await t.step("the item example is not seeded as an extra item", async () => {
    assertEquals((await call("GET", "/buckets")).json, {
      data: [{ id: "main", last_modified: 1 }],
    });
  });

  await t.step("POST stores the item, not the envelope, and answers in the envelope", async () => {
    const created = await call("POST", "/buckets", { data: { id: "b2", colour: "red" } });
    assertEquals(created.status, 201);
    assertEquals(created.json, {
      data: { id: "b2", colour: "red", last_modified: 1 },
      permissions: { write: ["account:alice"] },
    });
    const listed = await call("GET", "/buckets");
    assertEquals(listed.json.data.map((b: { id: string }) => b.id), ["main", "b2"]);
  });

  await t.step("GET and PATCH of one item answer in the documented envelope", async () => {
    const read = await call("GET", "/buckets/b2");
    assertEquals(read.json.data.colour, "red");
    assertEquals(read.json.permissions, { write: ["account:alice"] });
    const patched = await call("PATCH", "/buckets/b2", { data: { colour: "teal" } });
    assertEquals(patched.json.data, { id: "b2", colour: "teal", last_modified: 1 });
  });

  await t.step("an unknown id is the documented 404", async () => {
    assertEquals((await call("DELETE", "/buckets/b2")).status, 200);
    const gone = await call("GET", "/buckets/b2");
    assertEquals(gone.status, 404);
    assertStringIncludes(JSON.stringify(gone.json), '"errno":110');
  });
});
