/**
 * Nothing a document names is fetched without --allow-remote (issue 23 item
 * 2): an Arazzo file's source description, an OpenAPI `$ref` over http, the
 * URLs inside a Postman or Insomnia export. Without the flag the error names
 * the URL and the flag and no request leaves; with it, the document is read.
 * A URL the user types is theirs: it is fetched.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { startTestApi } from "../helpers/api.ts";
import { workspace } from "../helpers/workspace.ts";

const USER_SCHEMA = "type: object\nproperties:\n  id: {type: integer}\n  name: {type: string}\n";

function openapi(userRef: string): string {
  return `openapi: 3.0.3
info: {title: Remote, version: "1"}
paths:
  /users/{id}:
    get:
      operationId: getUser
      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "${userRef}"}
`;
}

function arazzo(sourceUrl: string): string {
  return `arazzo: 1.0.1
info: {title: Remote, version: "1"}
sourceDescriptions:
  - {name: api, url: "${sourceUrl}", type: openapi}
workflows:
  - workflowId: readUser
    steps:
      - stepId: get
        operationId: getUser
        parameters: [{name: id, in: path, value: 1}]
        successCriteria: [{condition: $statusCode == 200}]
`;
}

/** A server anything could point at: every request to it is recorded. */
function startRemote() {
  return startTestApi((request) => {
    const path = new URL(request.url).pathname;
    const text = path === "/user.yaml" ? USER_SCHEMA : openapi("#/components/schemas/Any") +
      "components:\n  schemas:\n    Any: {type: object}\n";
    return new Response(text, { headers: { "content-type": "application/yaml" } });
  });
}

Deno.test("import arazzo fetches a source description only with --allow-remote", async () => {
  await using remote = startRemote();
  const url = `${remote.url}/openapi.yaml`;
  await using ws = await workspace({ "flow.arazzo.yaml": arazzo(url) });
  const refused = await apispec(["import", "arazzo", "flow.arazzo.yaml"], { cwd: ws.dir });
  assertEquals(refused.code, 2, refused.stdout + refused.stderr);
  assertStringIncludes(refused.stderr, url);
  assertStringIncludes(refused.stderr, "--allow-remote");
  assertEquals(remote.requests.length, 0, "nothing was fetched");

  const allowed = await apispec(["import", "arazzo", "flow.arazzo.yaml", "--allow-remote"], {
    cwd: ws.dir,
  });
  assertEquals(allowed.code, 0, allowed.stdout + allowed.stderr);
  assertEquals(remote.requests.map((r) => r.path), ["/openapi.yaml"]);
});

Deno.test("an OpenAPI $ref over http is fetched only with --allow-remote, by import, drift and coverage", async () => {
  await using remote = startRemote();
  const ref = `${remote.url}/user.yaml`;
  await using ws = await workspace({
    "openapi.yaml": openapi(ref),
    "api-docs/project.md": "---\nname: t\nversion: 1\n---\n",
  });
  const runs = [
    ["import", "openapi", "openapi.yaml"],
    ["drift", "openapi.yaml", "api-docs"],
    ["coverage", "api-docs", "--openapi", "openapi.yaml"],
  ];
  for (const args of runs) {
    const refused = await apispec(args, { cwd: ws.dir });
    assertEquals(refused.code, 2, `${args.join(" ")}: ${refused.stdout}${refused.stderr}`);
    assertStringIncludes(refused.stderr, ref);
    assertStringIncludes(refused.stderr, "--allow-remote");
  }
  assertEquals(remote.requests.length, 0, "nothing was fetched");
  for (const args of runs) {
    const allowed = await apispec([...args, "--allow-remote"], { cwd: ws.dir });
    assertEquals(allowed.stderr.includes("--allow-remote"), false, allowed.stderr);
  }
  assertEquals(remote.requests.length > 0, true, "the $ref was fetched with the flag");
  assertEquals(remote.requests.every((r) => r.path === "/user.yaml"), true);
});

Deno.test("a URL the user types is fetched; the URLs inside Postman and Insomnia exports are not", async () => {
  await using remote = startRemote();
  await using ws = await workspace({ "api-docs/project.md": "---\nname: t\nversion: 1\n---\n" });
  const typed = await apispec(["drift", `${remote.url}/openapi.yaml`, "api-docs"], {
    cwd: ws.dir,
  });
  assertEquals(typed.stderr.includes("--allow-remote"), false, typed.stderr);
  assertEquals(remote.requests.map((r) => r.path), ["/openapi.yaml"]);

  const postman = {
    info: { name: "Remote", schema: "https://schema.getpostman.com/json/collection/v2.1.0/" },
    item: [{
      name: "Get user",
      request: { method: "GET", url: `${remote.url}/users/1`, header: [] },
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
      method: "GET",
      url: `${remote.url}/users/2`,
      headers: [],
    }, { _id: "wrk_1", _type: "workspace", name: "Remote" }],
  };
  await ws.write("postman.json", JSON.stringify(postman));
  await ws.write("insomnia.json", JSON.stringify(insomnia));
  for (const [kind, file] of [["postman", "postman.json"], ["insomnia", "insomnia.json"]]) {
    const run = await apispec(["import", kind, file], { cwd: ws.dir });
    assertEquals(run.code, 0, run.stdout + run.stderr);
  }
  assertEquals(remote.requests.length, 1, "importing sent nothing");
});
