/**
 * The examples of docs/graphql.md run as written against a real GraphQL API
 * (graphql-yoga on loopback; the page's `https://api.example.com` is mapped to
 * it): the endpoint file, each `import graphql` source (SDL, introspection
 * JSON, URL) and each `drift --graphql` line.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
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

  // The page's two outputs, reproduced as it describes them.
  const shown = (start: string) => page.blocks.find((b) => b.text.startsWith(start))!.text.trim();
  const file = page.files["api-docs/apis/users/post-user.md"];
  await using broken = await workspace({
    ...collectionFiles(api.url),
    "api-docs/apis/users/post-user.md": file.replace(
      /\}\n```\n\n## Variables/,
      "```\n\n## Variables",
    ),
    "schema.graphql": USERS_SDL.replace("  name: String!", "  fullName: String!"),
  });
  const invalid = await apispec(["validate", "api-docs/apis/users/post-user.md"], {
    cwd: broken.dir,
  });
  assertEquals(invalid.code, 2);
  for (const line of shown("error[VALIDATION_ERROR]").split("\n")) {
    assertStringIncludes(invalid.stdout + invalid.stderr, line);
  }
  await broken.write("api-docs/apis/users/post-user.md", file);
  const drift = await apispec(["drift", "--graphql", "schema.graphql"], { cwd: broken.dir });
  assertEquals(drift.code, 1);
  assertStringIncludes(drift.stdout, shown("drift  "));
});
