/**
 * Paths never escape (issue #11, part 3): a committed link (`apis/x ->
 * /anywhere`) must not carry MCP `apispec_author` writes, MCP resource
 * reads, the importers' writes or the files `request --save`, `proxy
 * --record` and `import arazzo` generate out of the collection, and an
 * OpenAPI document's `$ref` may not reach outside its own folder.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { eventually, spawnApispec } from "../helpers/cli_process.ts";
import { CORPORA } from "../helpers/corpus.ts";
import { startMcp } from "../helpers/mcp.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

/** A collection whose `apis/x` is a link to a folder outside it. */
async function linkedOut() {
  const outside = await workspace({ "notes.md": endpoint({ title: "Outside the collection" }) });
  const ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint(),
  }));
  await Deno.symlink(outside.dir, ws.path("api-docs/apis/x"));
  return { ws, outside };
}

Deno.test("MCP apispec_author refuses to write through a link out of the collection", async () => {
  const { ws, outside } = await linkedOut();
  await using _ws = ws;
  await using _outside = outside;
  await using mcp = await startMcp({ cwd: ws.dir });
  const result = await mcp.raw("apispec_author", {
    spec_path: "apis/x/get-evil.md",
    content: endpoint({ title: "Evil" }),
  });
  assertEquals(result.isError, true);
  assertStringIncludes(result.content[0].text, "through a link");
  assertEquals(await outside.exists("get-evil.md"), false);
  // Inside the collection it still writes.
  const ok = await mcp.call<{ created: boolean }>("apispec_author", {
    spec_path: "apis/users/get-other.md",
    content: endpoint({ title: "Other" }),
  });
  assertEquals(ok.created, true);
});

Deno.test("MCP resources do not read through a link out of the collection", async () => {
  const { ws, outside } = await linkedOut();
  await using _ws = ws;
  await using _outside = outside;
  await using mcp = await startMcp({ cwd: ws.dir });
  const refused = await mcp.client.readResource({ uri: "apispec://spec/apis/x/notes.md" })
    .then(() => undefined, (error: Error) => error);
  assert(refused, "the file behind the link was read");
  assertStringIncludes(refused.message, "not found");
  const inside = await mcp.client.readResource({ uri: "apispec://spec/apis/users/get-user.md" });
  assertStringIncludes(JSON.stringify(inside.contents), "Test endpoint");
});

const OPENAPI = (usersRef: string) =>
  `openapi: 3.0.3
info: {title: Shop, version: "1"}
paths:
  /users/{id}:
    get:
      tags: [x]
      summary: Get user
      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "${usersRef}"}
  /orders:
    get:
      tags: [orders]
      summary: List orders
      responses: {"200": {description: ok}}
`;

Deno.test("the importers' writer refuses a folder that is a link out of the collection", async () => {
  const { ws, outside } = await linkedOut();
  await using _ws = ws;
  await using _outside = outside;
  await ws.write(
    "spec/openapi.yaml",
    OPENAPI("#/components/schemas/User") + `components:
  schemas:
    User: {type: object, properties: {id: {type: integer}}}
`,
  );
  const run = await apispec(["import", "openapi", "spec/openapi.yaml"], { cwd: ws.dir });
  assertEquals(run.code, 3, run.stdout + run.stderr);
  assertStringIncludes(run.stdout + run.stderr, "leaves the collection through a link");
  assertEquals([...Deno.readDirSync(outside.dir)].map((e) => e.name), ["notes.md"]);
  assert(await ws.exists("api-docs/apis/orders/get-list-orders.md"), "other files are written");
});

Deno.test("OpenAPI import refuses a $ref outside the document's folder", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  await ws.write(
    "private/netrc.yaml",
    "User:\n  type: object\n  description: machine example.com login ada password hunter2\n",
  );
  await ws.write("spec/openapi.yaml", OPENAPI("../private/netrc.yaml#/User"));
  const run = await apispec(["import", "openapi", "spec/openapi.yaml"], { cwd: ws.dir });
  assertEquals(run.code, 2, run.stdout + run.stderr);
  assertStringIncludes(run.stdout + run.stderr, "outside the document's folder");
  assertEquals(await ws.exists("api-docs/apis/x"), false);

  // A $ref beside the document is still bundled.
  await ws.write("spec/user.yaml", "User:\n  type: object\n  properties: {id: {type: integer}}\n");
  await ws.write("spec/openapi.yaml", OPENAPI("./user.yaml#/User"));
  const ok = await apispec(["import", "openapi", "spec/openapi.yaml"], { cwd: ws.dir });
  assertEquals(ok.code, 0, ok.stdout + ok.stderr);
});

/** The collection's `<folder>` is a link to an empty folder outside it. */
async function folderLinkedOut(folder: string) {
  const outside = await workspace({});
  const ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint(),
  }));
  await Deno.mkdir(ws.path(folder).replace(/\/[^/]+$/, ""), { recursive: true });
  await Deno.symlink(outside.dir, ws.path(folder));
  return { ws, outside, outsideFiles: () => [...Deno.readDirSync(outside.dir)].map((e) => e.name) };
}

Deno.test("request --save refuses a scratch folder that is a link out of the collection", async () => {
  const { ws, outside, outsideFiles } = await folderLinkedOut("api-docs/apis/scratch");
  await using _ws = ws;
  await using _outside = outside;
  await using api = startTestApi(() => jsonResponse({ id: 1 }));
  const run = await apispec(["request", "GET", `${api.url}/users/1`, "--save"], { cwd: ws.dir });
  assertEquals(run.code, 3, run.stdout + run.stderr);
  assertStringIncludes(run.stderr, "Refusing to save");
  assertStringIncludes(run.stderr, "through a link");
  assertEquals(outsideFiles(), []);
});

Deno.test("proxy --record writes no draft through a link out of the record folder", async () => {
  const { ws, outside, outsideFiles } = await folderLinkedOut("api-docs/apis/orders");
  await using _ws = ws;
  await using _outside = outside;
  await using api = startTestApi(() => jsonResponse({ id: 42 }));
  await using proxy = await spawnApispec(
    ["proxy", "--port=0", `--target=${api.url}`, "--record=api-docs"],
    { cwd: ws.dir, ready: /Listening on (http:\/\/\S+)/ },
  );
  await (await fetch(`${proxy.url}/orders/42`)).text();
  await eventually(() => proxy.stderr().includes("not written"), "the refusal on stderr");
  assertStringIncludes(proxy.stderr(), "through a link");
  assertEquals(outsideFiles(), []);
});

Deno.test("import arazzo writes no flow through a link out of the collection", async () => {
  const { ws, outside, outsideFiles } = await folderLinkedOut("api-docs/flows");
  await using _ws = ws;
  await using _outside = outside;
  for (const name of ["pet-coupons.arazzo.yaml", "pet-coupons.openapi.yaml"]) {
    await Deno.copyFile(`${CORPORA}/arazzo/${name}`, ws.path(name));
  }
  const run = await apispec(["import", "arazzo", "pet-coupons.arazzo.yaml"], { cwd: ws.dir });
  assertEquals(run.code, 3, run.stdout + run.stderr);
  assertStringIncludes(run.stdout + run.stderr, "through a link");
  assertEquals(outsideFiles(), []);
  assert(await ws.exists("api-docs/apis"), "the endpoint files are still written");
});

Deno.test("a committed .apispec link carries no history or agent pack out of the project", async () => {
  await using outside = await workspace({});
  await using api = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({ expected: "HTTP/1.1 200 OK" }),
  }));
  await Deno.symlink(outside.dir, ws.path(".apispec"));

  const run = await apispec(["exec", "api-docs/apis/users/get-user.md"], { cwd: ws.dir });
  assertEquals(run.code, 0, "a history that cannot be written never fails a run");
  assertStringIncludes(run.stdout + run.stderr, "Not recording runs");
  assertStringIncludes(run.stdout + run.stderr, "through a link");

  const pack = await apispec(["agent", "pack"], { cwd: ws.dir });
  assertEquals(pack.code, 3, pack.stdout + pack.stderr);
  assertStringIncludes(pack.stderr, "refusing to write through a link");
  assertEquals([...Deno.readDirSync(outside.dir)], []);
});
