/**
 * The examples of docs/graphql.md run as written against a real GraphQL API
 * (graphql-yoga on loopback; the page's `https://api.example.com` is mapped to
 * it): the endpoint file, each `import graphql` source (SDL, introspection
 * JSON, URL) and each `drift --graphql` line.
 */
import { assertEquals } from "@std/assert";
import { buildSchema, introspectionFromSchema } from "graphql";
import { readDocPage, runDocCommand, writeDocFiles } from "../helpers/doc_examples.ts";
import { startGraphqlApi, USERS_SDL } from "../helpers/graphql_api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

Deno.test("every example of docs/graphql.md runs against a real GraphQL API", async () => {
  const page = await readDocPage("docs/graphql.md");
  assertEquals(Object.keys(page.files).length, 1, "the page's endpoint file");
  assertEquals(page.commands.length >= 8, true, "exec, imports and drift lines");
  await using api = startGraphqlApi();
  const hosts = { "https://api.example.com": api.url };
  await using project = await workspace({
    ...collectionFiles(api.url),
    "schema.graphql": USERS_SDL,
    "introspection.json": JSON.stringify({
      data: introspectionFromSchema(buildSchema(USERS_SDL)),
    }),
  });
  await writeDocFiles(page, project.write, hosts);
  for (const command of page.commands) {
    await runDocCommand(command, {
      cwd: project.dir,
      env: { APISPEC_AUTH_TOKEN: "graphql-token-1" },
      hosts,
    });
  }
  assertEquals(api.bodies.some((b) => b.operationName === "GetUser"), true, "the file was sent");
});
