/**
 * BEYOND §9 "GraphQL" through the real CLI against a real GraphQL server
 * (graphql-yoga): `## Query` and `## Variables` POSTed as `{query,
 * variables, operationName}`, `errors` failing a run unless expected,
 * syntax errors at their line, `import graphql` from SDL and by
 * introspection, `drift --graphql`, and client collections' GraphQL requests.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { startGraphqlApi, USERS_SDL } from "../helpers/graphql_api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { userQuery } from "../helpers/stream_specs.ts";

const SPEC = "api-docs/apis/users/post-user.md";

async function exec(url: string, files: Record<string, string>, args: string[] = []) {
  await using ws = await workspace(collectionFiles(url, files));
  return await apispec(["exec", SPEC, "--output=json", "--var", "userId=1", ...args], {
    cwd: ws.dir,
  });
}

Deno.test("a GraphQL file POSTs {query, variables, operationName} and compares the answer", async () => {
  await using api = startGraphqlApi();
  const result = await exec(api.url, {
    "apis/users/post-user.md": userQuery({
      assertions: "- body.data.user.name: Ada\n- body.data.user.role: in [ADMIN, MEMBER]",
    }),
  }, ["--strict-assertions"]);
  assertEquals(result.code, 0, result.stdout + result.stderr);
  assertEquals(api.bodies.length, 1);
  assertEquals(api.bodies[0].variables, { id: "1" });
  assertEquals(api.bodies[0].operationName, "GetUser");
  assertStringIncludes(api.bodies[0].query, "user(id: $id)");
});

Deno.test("a non-empty errors array fails the run unless the expected response lists errors", async () => {
  await using api = startGraphqlApi();
  const query = "query GetUser($id: ID!) {\n  user(id: $id) {\n    id\n    nickname\n  }\n}";
  const failed = await exec(api.url, {
    "apis/users/post-user.md": userQuery({ query, expected: '{"data": {}}' }),
  });
  assertEquals(failed.code, 1, failed.stdout);
  const record = json(failed);
  assertEquals(record.error_type, "CONTRACT_MISMATCH");
  assertStringIncludes(
    (record.diff as { body: string }).body,
    'body.errors: the API answered 1 GraphQL error: Cannot query field "nickname"',
  );
  const expectedErrors = await exec(api.url, {
    "apis/users/post-user.md": userQuery({
      query,
      expected: '{"errors": [{"message": "Cannot query field"}]}',
    }),
  });
  assertEquals(expectedErrors.code, 0, expectedErrors.stdout);
});

Deno.test("validate: a query's syntax error is named at its file line; variables must be a JSON object", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/post-user.md": userQuery({
      query: "query GetUser($id: ID!) {\n  user(id: $id) {\n    id\n  \n}",
    }),
    "apis/users/post-vars.md": userQuery({ variables: '["{{userId}}"]' }),
  }));
  const result = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(result.code, 2, result.stdout);
  const out = result.stdout + result.stderr;
  assertStringIncludes(out, "GraphQL syntax error: Expected Name, found <EOF>");
  assertStringIncludes(out, "post-user.md:23");
  assertStringIncludes(out, "GraphQL variables must be a JSON object");
});

Deno.test("import graphql: an SDL file and a URL (introspection) give one file per field that runs", async () => {
  await using api = startGraphqlApi();
  for (const source of ["schema.graphql", `${api.url}/graphql`]) {
    await using ws = await workspace({ "schema.graphql": USERS_SDL });
    const imported = await apispec(["import", "graphql", source, "--output=json"], { cwd: ws.dir });
    assertEquals(imported.code, 0, imported.stdout + imported.stderr);
    const written = (json(imported).written as string[]).sort();
    assertEquals(written, [
      "api-docs/apis/graphql/post-mutation-createuser.md",
      "api-docs/apis/graphql/post-query-me.md",
      "api-docs/apis/graphql/post-query-user.md",
      "api-docs/apis/graphql/post-query-users.md",
    ]);
    const me = await ws.read("api-docs/apis/graphql/post-query-me.md");
    assertStringIncludes(me, "protocol: graphql");
    assertStringIncludes(me, "query Me {\n  me { id name role email }\n}");
    const create = await ws.read("api-docs/apis/graphql/post-mutation-createuser.md");
    assertStringIncludes(create, "standalone: false");
    assertEquals(json(imported).held_for_review, []);
    assertStringIncludes(JSON.stringify(json(imported).warnings), "1 mutation(s) written with");
    assertStringIncludes(create, '"input": {"name":"example","role":"ADMIN"}');
    const validated = await apispec(["validate", "api-docs"], { cwd: ws.dir });
    assertEquals(validated.code, 0, validated.stdout);
    // The imported queries run against the server (the URL import wrote its baseUrl).
    if (source.startsWith("http")) {
      for (const file of ["post-query-me.md", "post-query-user.md", "post-query-users.md"]) {
        const run = await apispec(["exec", `api-docs/apis/graphql/${file}`], { cwd: ws.dir });
        assertEquals(run.code, 0, `${file}: ${run.stdout}`);
      }
    }
  }
});

Deno.test("import graphql: a file that is not a schema is exit 2 with its line; an unreachable URL exit 4", async () => {
  await using ws = await workspace({ "bad.graphql": "type Query {\n  user: \n}\n" });
  const bad = await apispec(["import", "graphql", "bad.graphql"], { cwd: ws.dir });
  assertEquals(bad.code, 2, bad.stdout);
  assertStringIncludes(bad.stdout + bad.stderr, "bad.graphql:3");
  const down = await apispec(["import", "graphql", "http://127.0.0.1:9/graphql"], { cwd: ws.dir });
  assertEquals(down.code, 4, down.stdout + down.stderr);
});

Deno.test("drift --graphql: each file whose query no longer validates, with file and line", async () => {
  await using api = startGraphqlApi();
  const renamed = USERS_SDL.replace("  name: String!\n  role", "  fullName: String!\n  role");
  await using ws = await workspace({
    ...collectionFiles(api.url, { "apis/users/post-user.md": userQuery() }),
    "old.graphql": USERS_SDL,
    "new.graphql": renamed,
  });
  const same = await apispec(["drift", "--graphql", "old.graphql"], { cwd: ws.dir });
  assertEquals(same.code, 0, same.stdout + same.stderr);
  assertStringIncludes(same.stdout, "1 GraphQL file(s) validate");
  const drifted = await apispec(["drift", "--graphql", "new.graphql", "--report", "json"], {
    cwd: ws.dir,
  });
  assertEquals(drifted.code, 1, drifted.stdout + drifted.stderr);
  const report = json<
    { checked: number; findings: { file: string; line: number; message: string }[] }
  >(drifted);
  assertEquals(report.checked, 1);
  assertEquals(report.findings.length, 1);
  assertEquals(report.findings[0].line, 22);
  assertMatch(report.findings[0].message, /Cannot query field "name" on type "User"/);
  // Against the live server by introspection: still valid.
  const live = await apispec(["drift", "--graphql", `${api.url}/graphql`], { cwd: ws.dir });
  assertEquals(live.code, 0, live.stdout + live.stderr);
});

Deno.test("Postman, Insomnia and Bruno GraphQL requests import as protocol: graphql files", async () => {
  const query = "query GetUser($id: ID!) { user(id: $id) { id name } }";
  const postman = {
    info: {
      name: "GQL",
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    },
    item: [{
      name: "Get user",
      request: {
        method: "POST",
        url: "https://api.example.com/graphql",
        body: { mode: "graphql", graphql: { query, variables: '{"id": "{{userId}}"}' } },
      },
    }],
  };
  const insomnia = {
    _type: "export",
    __export_format: 4,
    resources: [{
      _id: "req_1",
      _type: "request",
      parentId: "wrk_1",
      name: "Get user",
      method: "POST",
      url: "https://api.example.com/graphql",
      body: {
        mimeType: "application/graphql",
        text: JSON.stringify({ query, variables: { id: "1" } }),
      },
      headers: [{ name: "Content-Type", value: "application/json" }],
    }, { _id: "wrk_1", _type: "workspace", name: "GQL" }],
  };
  const bru =
    `meta {\n  name: Get user\n  type: graphql\n  seq: 1\n}\n\npost {\n  url: https://api.example.com/graphql\n  body: graphql\n  auth: none\n}\n\nbody:graphql {\n  ${query}\n}\n\nbody:graphql:vars {\n  {"id": "1"}\n}\n`;
  const cases: [string, string[], Record<string, string>][] = [
    ["postman", ["postman.json"], { "postman.json": JSON.stringify(postman) }],
    ["insomnia", ["insomnia.json"], { "insomnia.json": JSON.stringify(insomnia) }],
    ["bruno", ["bruno"], {
      "bruno/bruno.json": '{"version": "1", "name": "GQL", "type": "collection"}',
      "bruno/get-user.bru": bru,
    }],
  ];
  for (const [kind, args, files] of cases) {
    await using ws = await workspace(files);
    const result = await apispec(["import", kind, ...args, "--output=json"], { cwd: ws.dir });
    assertEquals(result.code, 0, `${kind}: ${result.stdout}${result.stderr}`);
    const [file] = json(result).written as string[];
    const text = await ws.read(file);
    assertStringIncludes(text, "protocol: graphql", kind);
    assertStringIncludes(
      text,
      "## Query\n\n```graphql\nquery GetUser($id: ID!) { user(id: $id) { id name } }\n```",
      kind,
    );
    assertMatch(text, /## Variables\n\n```json\n\{\n {2}"id": "(\{\{userId\}\}|1)"\n\}\n```/, kind);
    assert(!text.includes('"query"'), `${kind}: the body is not kept as JSON`);
    const validated = await apispec(["validate", "api-docs"], { cwd: ws.dir });
    assertEquals(validated.code, 0, `${kind}: ${validated.stdout}`);
  }
});
