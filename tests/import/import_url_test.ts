/**
 * OpenAPI documents named by URL, served from 127.0.0.1: `import openapi
 * <url>` and `import project --url` take what `import openapi <file>` takes
 * (Swagger 2.0 too), name the URL as typed in their errors, follow no `$ref`
 * out of a remote document, and read within the remote bounds.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { workspace } from "../helpers/workspace.ts";
import { CORPORA, writtenOperations } from "../helpers/corpus.ts";
import { readRemoteText } from "../../src/adapters/remote.ts";

const SWAGGER = `${CORPORA}/openapi/oai-examples/v2.0/json/petstore.json`;
const OPENAPI = `${CORPORA}/openapi/oai-examples/v3.0/petstore.yaml`;

/** Serves the two corpus documents, one with a $ref to a file beside it, and 404 for the rest. */
async function documents() {
  const swagger = await Deno.readTextFile(SWAGGER);
  const openapi = await Deno.readTextFile(OPENAPI);
  return startTestApi((request) => {
    switch (new URL(request.url).pathname) {
      case "/swagger.json":
        return new Response(swagger, { headers: { "content-type": "application/json" } });
      case "/openapi.yaml":
        return new Response(openapi, { headers: { "content-type": "application/yaml" } });
      case "/split.json":
        return jsonResponse({
          openapi: "3.0.3",
          info: { title: "split", version: "1" },
          paths: { "/a": { $ref: "./secret-paths.json" } },
        });
    }
    return new Response("no such document", { status: 404 });
  });
}

/** What `import openapi <file>` writes for the same document: the reference for the URL forms. */
async function importedFromFile(file: string): Promise<string[]> {
  await using ws = await workspace({});
  await Deno.copyFile(file, ws.path(file.split("/").pop()!));
  const result = await apispec(["import", "openapi", file.split("/").pop()!], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  return await writtenOperations(ws.path("api-docs/apis"));
}

Deno.test("import openapi <url> imports what the same file imports, Swagger 2.0 included", async () => {
  await using server = await documents();
  for (const [file, path] of [[OPENAPI, "/openapi.yaml"], [SWAGGER, "/swagger.json"]]) {
    await using ws = await workspace({});
    const result = await apispec(["import", "openapi", `${server.url}${path}`], { cwd: ws.dir });
    assertEquals(result.code, 0, result.stderr);
    const operations = await writtenOperations(ws.path("api-docs/apis"));
    assert(operations.length > 0);
    assertEquals(operations, await importedFromFile(file));
    assertEquals((await apispec(["validate", "api-docs"], { cwd: ws.dir })).code, 0);
  }
});

Deno.test("import project --url takes a Swagger 2.0 document as import openapi does", async () => {
  await using server = await documents();
  await using ws = await workspace({});
  const result = await apispec(["import", "project", "--url", `${server.url}/swagger.json`], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(
    await writtenOperations(ws.path("api-docs/apis")),
    await importedFromFile(SWAGGER),
  );
  assertStringIncludes(
    result.stderr,
    `Importing the OpenAPI document at ${server.url}/swagger.json`,
  );
});

Deno.test("a URL that cannot be imported is named as typed, with the reason", async () => {
  await using server = await documents();
  await using ws = await workspace({});
  const missing = `${server.url}/missing.json`;
  for (const args of [["import", "openapi", missing], ["import", "project", "--url", missing]]) {
    const result = await apispec(args, { cwd: ws.dir });
    assertEquals(result.code, 2, result.stderr);
    assertStringIncludes(result.stderr, `Cannot fetch ${missing}: the server answered 404`);
    assertEquals(result.stderr.includes("http:/1"), false, result.stderr);
  }
  const split = await apispec(["import", "openapi", `${server.url}/split.json`], { cwd: ws.dir });
  assertEquals(split.code, 2);
  assertStringIncludes(split.stderr, "refers to other documents");
  assertEquals(server.requests.some((r) => r.path === "/secret-paths.json"), false);
  assertEquals(await ws.exists("api-docs/apis"), false);
});

Deno.test("readRemoteText() stops at its size limit and its deadline, and reads http(s) only", async () => {
  await using server = startTestApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/slow") await new Promise((resolve) => setTimeout(resolve, 500));
    if (path === "/stream") {
      // No Content-Length: the limit must stop the reading itself.
      const chunk = new TextEncoder().encode("x".repeat(1024));
      let sent = 0;
      return new Response(
        new ReadableStream({
          pull(controller) {
            if (sent++ < 64) controller.enqueue(chunk);
            else controller.close();
          },
        }),
      );
    }
    return new Response("x".repeat(4096));
  });
  const declared = await readRemoteText(`${server.url}/big`, { limit: 1024 });
  assertEquals(declared, { ok: false, reason: "the document is larger than 1 KiB" });
  const streamed = await readRemoteText(`${server.url}/stream`, { limit: 8 * 1024 });
  assertEquals(streamed.ok, false);
  const slow = await readRemoteText(`${server.url}/slow`, { timeoutMs: 100 });
  assertEquals(slow, { ok: false, reason: "no complete answer within 0.1 s" });
  const file = await readRemoteText("file:///etc/passwd");
  assertEquals(file, { ok: false, reason: "only http:// and https:// URLs are read" });
  assertEquals((await readRemoteText(`${server.url}/small`)).ok, true);
});
