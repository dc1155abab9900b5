/** Importer behaviour beyond the case table (Swagger 2.0 conversion: tests/contract/roundtrip_test.ts): refusals, credentials, env merging, export, discovery, init. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { validate } from "@readme/openapi-parser";
import { demoProject } from "../helpers/demo.ts";
import { apispec, json } from "../helpers/cli.ts";
import { closedPort, jsonResponse, startTestApi } from "../helpers/api.ts";
import { workspace } from "../helpers/workspace.ts";
import {
  CORPORA,
  openApiOperations,
  writeGithubDescription,
  writtenOperations,
} from "../helpers/corpus.ts";

Deno.test("import reports broken input with its line (exit 2) and a missing file (exit 2)", async () => {
  await using ws = await workspace({
    "broken.json": '{\n  "info": {},\n  "item": [\n    {"name": "x",,}\n  ]\n}\n',
  });
  const broken = await apispec(["import", "hostedclient", "broken.json"], { cwd: ws.dir });
  assertEquals(broken.code, 2);
  assertStringIncludes(broken.stderr, "Cannot parse JSON");
  assertStringIncludes(broken.stderr, "broken.json:4");
  const missing = await apispec(["import", "http", "nope.http"], { cwd: ws.dir });
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, "nope.http does not exist");
  const notCurl = await apispec(["import", "curl"], {
    cwd: ws.dir,
    stdin: "wget https://example.com",
  });
  assertEquals(notCurl.code, 2);
  assertStringIncludes(notCurl.stderr, "no curl command");
});

Deno.test("import never writes credentials: they become variables and are reported", async () => {
  const token = "sk" + "_live_51HqLyjWDarjtT1zdp7dcXYZabc123"; // joined: no whole token in the repository
  await using ws = await workspace({
    "login.sh": `curl https://api.example.com/v1/login -H 'Authorization: Bearer ${token}' ` +
      `-H 'X-API-Key: a8f5f167f44f4964e6c998dee827110c' --data 'user=ada&password=Zx8!qL2vR9tW'`,
  });
  const result = await apispec(["import", "curl", "--file=login.sh", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const report = json<{ written: string[]; secrets: { variable: string }[] }>(result);
  assertEquals(report.secrets.map((s) => s.variable).sort(), ["authToken", "password", "xApiKey"]);
  const text = await ws.read(report.written[0]);
  assert(
    !text.includes(token) && !text.includes("Zx8!qL2vR9tW") && !text.includes("a8f5f167"),
    text,
  );
  assertStringIncludes(text, "auth: bearer");
  assertStringIncludes(text, "X-API-Key: {{xApiKey}}");
  assertStringIncludes(text, "password={{password}}");
  assertEquals((await apispec(["validate", "api-docs"], { cwd: ws.dir })).code, 0);
});

Deno.test("import merges servers into the env template without losing environments or keys", async () => {
  const template =
    "# Envs\n\n## dev\n\n```yaml\nbaseUrl: http://localhost:9999\npageSize: 20\n```\n\n## staging\n\n```yaml\nbaseUrl: https://staging.example.com\n```\n";
  await using ws = await workspace({
    "api-docs/project.md": "---\nname: mine\nversion: 1\n---\n",
    "api-docs/_shared/env.template.md": template,
  });
  const result = await apispec([
    "import",
    "openapi",
    `${CORPORA}/openapi/readme/3.0/server-variables.json`,
  ], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const merged = await ws.read("api-docs/_shared/env.template.md");
  assert(merged.startsWith(template.trimEnd()), merged);
  assertStringIncludes(merged, "baseUrl: http://localhost:9999");
  assertEquals(
    (await apispec(["validate", "api-docs/_shared/env.template.md"], { cwd: ws.dir })).code,
    0,
  );
  assertEquals(await ws.read("api-docs/project.md"), "---\nname: mine\nversion: 1\n---\n");
});

Deno.test("export openapi writes a valid OpenAPI 3.1 document, and importing it keeps every operation", async () => {
  await using ws = await workspace({});
  const source = `${CORPORA}/openapi/readme/3.0/petstore.json`;
  assertEquals((await apispec(["import", "openapi", source], { cwd: ws.dir })).code, 0);
  const exported = await apispec(["export", "openapi", "api-docs", "--json", "--out", "out.json"], {
    cwd: ws.dir,
  });
  assertEquals(exported.code, 0, exported.stderr);
  const doc = JSON.parse(await ws.read("out.json"));
  assertEquals(doc.openapi, "3.1.0");
  const result = await validate(structuredClone(doc));
  assert(result.valid, JSON.stringify(result).slice(0, 2000));
  const original = JSON.parse(await Deno.readTextFile(source));
  assertEquals(openApiOperations(doc), openApiOperations(original));
  assert(doc.components?.securitySchemes, "security schemes missing");
  const yaml = await apispec(["export", "openapi", "api-docs"], { cwd: ws.dir });
  assertStringIncludes(yaml.stdout, "openapi: 3.1.0");

  await using again = await workspace({ "in.json": JSON.stringify(doc) });
  assertEquals((await apispec(["import", "openapi", "in.json"], { cwd: again.dir })).code, 0);
  assertEquals(
    await writtenOperations(again.path("api-docs/apis")),
    await writtenOperations(ws.path("api-docs/apis")),
  );
});

Deno.test("export openapi of a folder of the collection: its operations, as the whole export names them", async () => {
  await using demo = await demoProject();
  const opts = { cwd: demo.ws.dir };
  const whole = JSON.parse((await apispec(["export", "openapi", "--json"], opts)).stdout);
  const users = await apispec(["export", "openapi", "api-docs/apis/users", "--json"], opts);
  assertEquals(users.code, 0, users.stderr);
  const part = JSON.parse(users.stdout);
  assertEquals(part.info, whole.info, "the collection's title");
  assertEquals(part.servers, whole.servers, "the collection's environments");
  assertEquals(Object.keys(part.paths).sort(), ["/users", "/users/{userId}"]);
  for (const [path, item] of Object.entries(part.paths as Record<string, object>)) {
    assertEquals(item, whole.paths[path], path);
  }
  // A folder of flows holds no endpoint file, and no flow is read as one.
  const flows = await apispec(["export", "openapi", "api-docs/flows", "--json"], opts);
  assertEquals([flows.code, flows.stderr], [0, ""]);
  assertEquals(JSON.parse(flows.stdout).paths, {});
});

Deno.test("import project prefers a static OpenAPI file in the project", async () => {
  await using ws = await workspace({
    "docs/openapi.json": await Deno.readTextFile(
      `${CORPORA}/openapi/readme/3.0/petstore-simple.json`,
    ),
    "server.js": "app.get('/ignored', h)",
  });
  const result = await apispec([
    "import",
    "project",
    "--port",
    String(closedPort()),
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const written = await writtenOperations(ws.path("api-docs/apis"));
  assert(!written.includes("GET /ignored"));
  assertEquals(written.length, json<{ written: string[] }>(result).written.length);
});

Deno.test("import project reads the dev server's OpenAPI document on --port", async () => {
  const doc = JSON.parse(
    await Deno.readTextFile(`${CORPORA}/openapi/oai-examples/v3.0/petstore.json`),
  );
  await using api = startTestApi((request) =>
    new URL(request.url).pathname === "/v3/api-docs" ? jsonResponse(doc) : jsonResponse({}, 404)
  );
  await using ws = await workspace({});
  const result = await apispec(["import", "project", "--port", String(api.port)], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stderr, `/v3/api-docs`);
  assertEquals(await writtenOperations(ws.path("api-docs/apis")), openApiOperations(doc));
});

Deno.test("import project falls back to a source scan when nothing else is found", async () => {
  await using ws = await workspace({
    "src/app.py": "@app.get('/items/{item_id}')\ndef item(item_id):\n    pass\n",
    "node_modules/x/index.js": "app.get('/not-mine', h)",
  });
  const result = await apispec(["import", "project", "--port", String(closedPort())], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(await writtenOperations(ws.path("api-docs/apis")), ["GET /items/:item_id"]);
  assertEquals((await apispec(["validate", "api-docs"], { cwd: ws.dir })).code, 0);
});

Deno.test("import project --url imports the document at that URL", async () => {
  const doc = JSON.parse(
    await Deno.readTextFile(`${CORPORA}/openapi/readme/3.1/petstore-simple.json`),
  );
  await using api = startTestApi(() => jsonResponse(doc));
  await using ws = await workspace({});
  const result = await apispec(["import", "project", "--url", `${api.url}/spec.json`], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(await writtenOperations(ws.path("api-docs/apis")), openApiOperations(doc));
});

Deno.test("init runs a project import and indexes what it wrote", async () => {
  await using ws = await workspace({
    "routes/users.js": "router.get('/users', list);\nrouter.post('/users', create);\n",
  });
  const result = await apispec(["init", "--yes"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stdout, "Imported 2 endpoint(s) from source");
  const index = await ws.read("api-docs/README.md");
  assertStringIncludes(index, "/users");
  assertEquals((await apispec(["validate", "api-docs"], { cwd: ws.dir })).code, 0);
});

Deno.test("import openapi takes GitHub's 13 MB description: 1,223 operations, all valid", async () => {
  await using ws = await workspace({});
  await writeGithubDescription(ws.path("github.json"));
  const result = await apispec(["import", "openapi", "github.json", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const doc = JSON.parse(await ws.read("github.json"));
  const expected = openApiOperations(doc);
  assertEquals(expected.length, 1223);
  assertEquals(await writtenOperations(ws.path("api-docs/apis")), expected);
  const validated = await apispec(["validate", "api-docs", "--output=json"], { cwd: ws.dir });
  assertEquals(validated.code, 0, validated.stdout.slice(0, 2000));
});
