/**
 * BEYOND §12: `{{$guid}}`, `{{$randomUUID}}`, `{{$timestamp}}`,
 * `{{$isoTimestamp}}` and `{{$randomInt}}` are made fresh for each request
 * (one value per name within a request), shown as placeholders by dry runs,
 * and a Postman collection that uses them imports with them intact.
 */
import {
  assert,
  assertEquals,
  assertMatch,
  assertNotEquals,
  assertStringIncludes,
} from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const CREATE = endpoint({
  method: "POST",
  path: "/items/:id",
  request:
    "POST {{baseUrl}}/items/{{$guid}}?at={{$timestamp}}\nContent-Type: application/json\n\n" +
    '{"id": "{{$guid}}", "other": "{{$randomUUID}}", "when": "{{$isoTimestamp}}", "n": {{$randomInt}}}',
  expected: 'HTTP/1.1 201 Created\nContent-Type: application/json\n\n{"id": "{{$guid}}"}',
});

function echoApi() {
  return startTestApi((_request, body) => jsonResponse({ id: JSON.parse(body).id }, 201));
}

interface Sent {
  id: string;
  other: string;
  when: string;
  n: number;
}

Deno.test("exec sends fresh generated values each run, the same $guid in URL, body and expected body", async () => {
  await using api = echoApi();
  await using ws = await workspace(collectionFiles(api.url, { "apis/items/create.md": CREATE }));
  const before = Date.now();
  for (let run = 0; run < 2; run++) {
    const result = await apispec(["exec", "api-docs/apis/items/create.md"], { cwd: ws.dir });
    assertEquals(result.code, 0, result.stdout + result.stderr);
  }
  const after = Date.now();
  assertEquals(api.requests.length, 2);
  const sent = api.requests.map((r) => ({ ...r, json: JSON.parse(r.body) as Sent }));
  for (const request of sent) {
    const { id, other, when, n } = request.json;
    assertMatch(id, UUID);
    assertMatch(other, UUID);
    assertNotEquals(id, other);
    const [path, query] = request.path.split("?");
    assertEquals(path, `/items/${id}`);
    const at = Number(new URLSearchParams(query).get("at"));
    assert(at >= Math.floor(before / 1000) && at <= Math.ceil(after / 1000), `at=${at}`);
    const iso = Date.parse(when);
    assert(iso >= before - 1000 && iso <= after + 1000, when);
    assert(Number.isInteger(n) && n >= 0 && n <= 1000, `n=${n}`);
  }
  assertNotEquals(sent[0].json.id, sent[1].json.id);
});

Deno.test("exec --dry-run shows generated values as placeholders and sends nothing", async () => {
  await using api = echoApi();
  await using ws = await workspace(collectionFiles(api.url, { "apis/items/create.md": CREATE }));
  const result = await apispec(
    ["exec", "api-docs/apis/items/create.md", "--dry-run", "--output", "json"],
    { cwd: ws.dir },
  );
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const request = json<{ request: { url: string; body: string } }>(result).request;
  assertStringIncludes(decodeURIComponent(request.url), "/items/{{$guid}}?at={{$timestamp}}");
  assertStringIncludes(request.body, '"n": {{$randomInt}}');
  assertEquals(api.requests.length, 0);
});

Deno.test("a flow makes new values for each step's request", async () => {
  await using api = echoApi();
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/items/create.md": CREATE,
    "flows/two.md": flowFile([
      {
        name: "First",
        endpoint: "apis/items/create.md",
        lines: ["Capture: `response.body.id` as `first`"],
      },
      { name: "Second", endpoint: "apis/items/create.md" },
    ]),
  }));
  const result = await apispec(["flow", "api-docs/flows/two.md"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const ids = api.requests.map((r) => JSON.parse(r.body).id);
  assertEquals(ids.length, 2);
  assertNotEquals(ids[0], ids[1]);
});

Deno.test("a Postman collection with dynamic values imports with them intact, and they run", async () => {
  await using api = echoApi();
  const collection = {
    info: {
      name: "generated",
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    },
    item: [{
      name: "Create item",
      request: {
        method: "POST",
        header: [{ key: "Content-Type", value: "application/json" }],
        body: { mode: "raw", raw: '{"id": "{{$guid}}", "n": {{$randomInt}}}' },
        url: {
          raw: "{{baseUrl}}/items?at={{$timestamp}}",
          host: ["{{baseUrl}}"],
          path: ["items"],
          query: [{ key: "at", value: "{{$timestamp}}" }],
        },
      },
    }],
    variable: [{ key: "baseUrl", value: api.url }],
  };
  await using ws = await workspace({ "generated.json": JSON.stringify(collection) });
  const imported = await apispec(["import", "hostedclient", "generated.json", "--output", "json"], {
    cwd: ws.dir,
  });
  assertEquals(imported.code, 0, imported.stderr);
  const [file] = json<{ written: string[] }>(imported).written;
  const text = await ws.read(file);
  assertStringIncludes(text, "{{$timestamp}}");
  assertStringIncludes(text, '"id": "{{$guid}}"');
  assertStringIncludes(text, "{{$randomInt}}");
  const validated = await apispec(["validate", file], { cwd: ws.dir });
  assertEquals(validated.code, 0, validated.stdout + validated.stderr);
  assert(!validated.stderr.includes("not a value apispec generates"), validated.stderr);
  const ran = await apispec(["exec", file, "--var", `baseUrl=${api.url}`], { cwd: ws.dir });
  assertEquals(api.requests.length, 1, ran.stdout + ran.stderr);
  assertMatch(JSON.parse(api.requests[0].body).id, UUID);
});

Deno.test("an unknown $ name is not generated: validate warns, a run names the one meant", async () => {
  await using api = echoApi();
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/items/get.md": endpoint({ path: "/items/1", request: "GET {{baseUrl}}/items/{{$gui}}" }),
  }));
  const validated = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validated.code, 0, validated.stdout + validated.stderr);
  assertStringIncludes(
    validated.stdout + validated.stderr,
    "{{$gui}} is not a value apispec generates",
  );
  const ran = await apispec(["exec", "api-docs/apis/items/get.md"], { cwd: ws.dir });
  assertEquals(ran.code, 2);
  assertStringIncludes(ran.stderr, "Did you mean {{$guid}}?");
  assertEquals(api.requests.length, 0);
});
