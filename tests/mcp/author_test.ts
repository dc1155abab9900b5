/** `apispec_author`: validate first, write atomically, never overwrite by accident, never leave the collection. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { startMcp } from "../helpers/mcp.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const spec = endpoint({ method: "POST", path: "/users", title: "Create user" });

Deno.test("apispec_author writes a valid spec, and search and resources see it at once", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  await using mcp = await startMcp({ cwd: ws.dir });
  // The index is built before the write, so seeing the new file proves it is kept current.
  assertEquals((await mcp.call("apispec_search", { q: "create" })).count, 0);
  const record = await mcp.call("apispec_author", {
    spec_path: "apis/users/post-create-user.md",
    content: spec,
  });
  assertEquals(record, {
    created: true,
    file: "api-docs/apis/users/post-create-user.md",
    method: "POST",
    path: "/users",
    title: "Create user",
    warnings: [],
  });
  assertEquals(await ws.read("api-docs/apis/users/post-create-user.md"), spec);
  const found = await mcp.call<{ count: number; results: { file: string }[] }>("apispec_search", {
    q: "create",
  });
  assertEquals(found.results.map((r) => r.file), ["api-docs/apis/users/post-create-user.md"]);
  const { resources } = await mcp.client.listResources();
  assert(
    resources.some((r: { uri: string }) =>
      r.uri === "apispec://spec/apis/users/post-create-user.md"
    ),
  );
});

Deno.test("apispec_author returns the parser's error and writes nothing for invalid content", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  await using mcp = await startMcp({ cwd: ws.dir });
  const result = await mcp.raw("apispec_author", {
    spec_path: "apis/users/bad.md",
    content: spec.replace("## Expected response", "## Expected"),
  });
  assertEquals(result.isError, true);
  assertStringIncludes(
    result.content[0].text,
    'SPEC_PARSE_ERROR: Missing section "## Expected response"',
  );
  assertEquals(await ws.exists("api-docs/apis/users/bad.md"), false);
  const secret = await mcp.raw("apispec_author", {
    spec_path: "apis/users/secret.md",
    content: spec.replace(
      "POST {{baseUrl}}/users",
      "POST {{baseUrl}}/users\nAuthorization: Bearer sk-live-9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    ),
  });
  assertEquals(secret.isError, true);
  assertStringIncludes(secret.content[0].text, "SECRET_DETECTED");
  assertEquals(await ws.exists("api-docs/apis/users/secret.md"), false);
});

Deno.test("apispec_author replaces a file only with overwrite, then reports created: false", async () => {
  await using ws = await workspace(
    collectionFiles("http://127.0.0.1:9", { "apis/users/post-create-user.md": "old" }),
  );
  await using mcp = await startMcp({ cwd: ws.dir });
  const refused = await mcp.raw("apispec_author", {
    spec_path: "apis/users/post-create-user.md",
    content: spec,
  });
  assertEquals(refused.isError, true);
  assertStringIncludes(refused.content[0].text, "already exists");
  assertEquals(await ws.read("api-docs/apis/users/post-create-user.md"), "old");
  const replaced = await mcp.call("apispec_author", {
    spec_path: "api-docs/apis/users/post-create-user.md",
    content: spec,
    overwrite: true,
  });
  assertEquals(replaced.created, false);
  assertEquals(await ws.read("api-docs/apis/users/post-create-user.md"), spec);
  const leftovers = [...Deno.readDirSync(ws.path("api-docs/apis/users"))].map((e) => e.name);
  assertEquals(leftovers, ["post-create-user.md"]);
});

Deno.test("apispec_author refuses paths outside the collection and non-endpoint files", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  await using mcp = await startMcp({ cwd: ws.dir });
  for (
    const path of [
      "../outside.md",
      "../../etc/x.md",
      "/tmp/apispec-outside.md",
      "_shared/env.md",
      "flows/x.md",
      "apis/users/x.txt",
    ]
  ) {
    const result = await mcp.raw("apispec_author", { spec_path: path, content: spec });
    assertEquals(result.isError, true, path);
  }
  assertEquals(await ws.exists("outside.md"), false);
  assertEquals(await ws.exists("api-docs/flows/x.md"), false);
});
