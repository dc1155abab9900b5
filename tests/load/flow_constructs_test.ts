/**
 * BEYOND §12's flow constructs under load, run for real: generated values
 * (`{{$guid}}`, `{{$randomUUID}}`, `{{$timestamp}}`, `{{$isoTimestamp}}`,
 * `{{$randomInt}}`), status alternatives (`200|201`, `2XX`), a sub-flow with
 * `data:` run once per row, and an `Always` cleanup step after a failed step.
 * The same flow runs under `apispec flow`, exported for Artillery (run by
 * Artillery from tests/tools) and for k6 (run under the stand-in), against a
 * loopback API that checks what it receives: a fresh uuid in every request,
 * the same one in its header and body, a 201 and a 202 accepted, one tag per
 * row for every thing, nothing sent after the failed step but the cleanup,
 * and every created thing deleted.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile, type FlowJson } from "../flow/helpers.ts";
import { artillery, runArtillery } from "./artillery_run.ts";
import { curl, runUnderShim } from "./k6_run.ts";

const TAGS = ["red", "green", "blue"];
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const JSON_TYPE = "Content-Type: application/json";

const FILES: Record<string, string> = {
  "apis/things/post-thing.md": endpoint({
    method: "POST",
    path: "/things",
    resource: "things",
    request: `POST {{baseUrl}}/things\n${JSON_TYPE}\nX-Request-Id: {{$guid}}\n\n` +
      `{"ref": "{{$guid}}", "trace": "{{$randomUUID}}", "at": {{$timestamp}}, ` +
      `"iso": "{{$isoTimestamp}}", "n": {{$randomInt}}}`,
    expected: `HTTP/1.1 200|201\n${JSON_TYPE}\n\n{"id": 1, "ref": "r"}`,
    title: "Create thing",
  }),
  "apis/things/post-tag.md": endpoint({
    method: "POST",
    path: "/things/:thingId/tags",
    resource: "things",
    frontmatter: "standalone: false\n",
    request: `POST {{baseUrl}}/things/:thingId/tags\n${JSON_TYPE}\n\n{"tag": "{{tag}}"}`,
    expected: "HTTP/1.1 2XX",
    title: "Tag thing",
  }),
  "apis/things/get-thing.md": endpoint({
    path: "/things/:thingId",
    resource: "things",
    frontmatter: "standalone: false\n",
    expected: `HTTP/1.1 200 OK\n${JSON_TYPE}\n\n{"id": 1}`,
    title: "Read thing",
  }),
  "apis/things/get-never.md": endpoint({
    path: "/never",
    resource: "things",
    frontmatter: "standalone: false\n",
    title: "Never",
  }),
  "apis/things/delete-thing.md": endpoint({
    method: "DELETE",
    path: "/things/:thingId",
    resource: "things",
    frontmatter: "standalone: false\n",
    expected: "HTTP/1.1 204 No Content",
    title: "Delete thing",
  }),
  "data/tags.csv": `tag\n${TAGS.join("\n")}\n`,
  "flows/add-tags.md": flowFile([{ name: "Tag", endpoint: "apis/things/post-tag.md" }], {
    data: "data/tags.csv",
    title: "Add tags",
  }),
  "flows/things.md": flowFile([
    {
      name: "Create",
      endpoint: "apis/things/post-thing.md",
      lines: ["Capture: `response.body.id` as `thingId`"],
    },
    { name: "Tags", endpoint: "flows/add-tags.md" },
    {
      name: "Read",
      endpoint: "apis/things/get-thing.md",
      // Selects nothing: the step fails, and the flow stops here.
      lines: ["Capture: `response.body.missing` as `missing`"],
    },
    { name: "Never", endpoint: "apis/things/get-never.md" },
    { name: "Clean up", endpoint: "apis/things/delete-thing.md", lines: ["Always: true"] },
  ], { title: "Things" }),
};

/** The things API: it records what each request carried and answers 201 and 202 where a 200 is not the only answer. */
function thingsApi() {
  const created: {
    id: number;
    ref: string;
    header: string;
    trace: string;
    at: number;
    iso: string;
    n: number;
  }[] = [];
  const tags = new Map<number, string[]>();
  const deleted: number[] = [];
  let next = 1;
  const api = startTestApi((request, body) => {
    const [resource, rawId, part] = new URL(request.url).pathname.split("/").filter(Boolean);
    const id = Number(rawId);
    if (resource === "things" && request.method === "POST" && rawId === undefined) {
      const sent = JSON.parse(body);
      const thing = { id: next++, ...sent, header: request.headers.get("x-request-id") ?? "" };
      created.push(thing);
      return jsonResponse({ id: thing.id, ref: thing.ref }, 201);
    }
    if (part === "tags" && request.method === "POST") {
      tags.set(id, [...tags.get(id) ?? [], JSON.parse(body).tag]);
      return jsonResponse({ id, tag: JSON.parse(body).tag }, 202);
    }
    if (resource === "things" && request.method === "GET") return jsonResponse({ id });
    if (request.method === "DELETE") {
      deleted.push(id);
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ error: "not found" }, 404);
  });
  /** What every run must have done, whatever ran it. */
  const verify = (runs: number, started: number) => {
    assertEquals(created.length, runs, JSON.stringify(api.requests.map((r) => r.path)));
    const refs = created.flatMap((t) => [t.ref, t.trace]);
    for (const thing of created) {
      assertMatch(thing.ref, UUID_V4);
      assertMatch(thing.trace, UUID_V4);
      // One value per name within a request: the header and the body carry the same id.
      assertEquals(thing.header, thing.ref);
      assert(thing.at >= Math.floor(started / 1000) - 1 && thing.at <= Date.now() / 1000 + 1);
      assertEquals(Math.floor(Date.parse(thing.iso) / 1000), thing.at, "one clock reading");
      assert(Number.isInteger(thing.n) && thing.n >= 0 && thing.n <= 1000, String(thing.n));
      // The sub-flow ran once per row of its data, in order, for this thing.
      assertEquals(tags.get(thing.id), TAGS, `tags of thing ${thing.id}`);
    }
    // Fresh for every request: no id twice.
    assertEquals(new Set(refs).size, refs.length, refs.join(" "));
    // The failed step stopped the flow: nothing after it but the cleanup, which ran every time.
    assertEquals(api.requests.filter((r) => r.path === "/never"), []);
    assertEquals(deleted.sort(), created.map((t) => t.id).sort());
  };
  return Object.assign(api, { verify });
}

Deno.test("apispec flow: the flow these exports must match (generated values, 200|201, rows, Always)", async () => {
  await using api = thingsApi();
  await using ws = await workspace(collectionFiles(api.url, FILES));
  const started = Date.now();
  const result = await apispec(["flow", "api-docs/flows/things.md", "--output", "json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 1, result.stdout + result.stderr);
  const report = json<FlowJson>(result);
  assertEquals(report.steps.map((s) => [s.name, s.passed, s.skipped ?? false]), [
    ["Create", true, false],
    ...TAGS.map((_, i) => [`Tags [row ${i + 1}] › Tag`, true, false]),
    ["Read", false, false],
    ["Never", false, true],
    ["Clean up", true, false],
  ]);
  api.verify(1, started);
});

Deno.test({
  name:
    "export k6: fresh generated values, status sets, a loop over the sub-flow's rows, Always in finally",
  ignore: !curl,
  fn: async () => {
    await using api = thingsApi();
    await using ws = await workspace(collectionFiles(api.url, FILES));
    const exported = await apispec(
      ["export", "k6", "api-docs/flows/things.md", "--out", "load/things.js"],
      { cwd: ws.dir },
    );
    assertEquals(exported.code, 0, exported.stderr);
    const script = await ws.read("load/things.js");
    assertStringIncludes(script, `import crypto from "k6/crypto";`);
    assertStringIncludes(script, "responseCallback: http.expectedStatuses(200, 201)");
    assertStringIncludes(script, "responseCallback: http.expectedStatuses({ min: 200, max: 299 })");
    assertStringIncludes(script, `rows(open("../api-docs/data/tags.csv"), "csv")`);
    assertStringIncludes(script, "} finally {");
    const started = Date.now();
    const run = await runUnderShim(ws.dir, "load/things.js", {}, 2);
    api.verify(2, started);
    // A 201 under 200|201 and a 202 under 2XX pass; the capture that selected nothing fails.
    const failed = run.checks.filter((c) => !c.passed).map((c) => c.name);
    assertEquals(failed, ["Read: capture missing", "Read: capture missing"]);
    assert(run.checks.some((c) => c.name === "Create: status 200|201"));
    assert(run.checks.some((c) => c.name === "Tags › Tag: status 2XX"));
    assertEquals(run.groups.filter((g) => g === "Tags").length, 2 * TAGS.length);
  },
});

Deno.test({
  name:
    "export artillery: generated values per request, status lists, rows as a loop, the cleanup after a failure",
  ignore: artillery.path === undefined,
  fn: async () => {
    await using api = thingsApi();
    await using ws = await workspace(collectionFiles(api.url, FILES));
    const exported = await apispec(
      ["export", "artillery", "api-docs/flows/things.md", "--duration", "1", "--rate", "2"]
        .concat(["--out", "load/things.yml"]),
      { cwd: ws.dir },
    );
    assertEquals(exported.code, 0, exported.stderr);
    assertStringIncludes(exported.stderr, "does not run its Always steps");
    const script = await ws.read("load/things.yml");
    const flow = (yaml.load(script) as { scenarios: { flow: Record<string, unknown>[] }[] })
      .scenarios[0].flow;
    assertEquals(flow.map((step) => Object.keys(step)[0]), [
      "post",
      "loop",
      "get",
      "get",
      "delete",
    ]);
    const create = flow[0].post as Record<string, unknown>;
    assertEquals(create.beforeRequest, "apispec_1_generated");
    assertStringIncludes(create.body as string, '"ref": "{{ $guid }}"');
    assertEquals((create.expect as unknown[])[0], { statusCode: [200, 201] });
    assertEquals(flow[1].loopElement, "apispec_row_1");
    assertEquals(flow[1].over, TAGS.map((tag) => ({ tag })));
    const read = flow[2].get as Record<string, unknown>;
    assertEquals(read.capture, [{ json: "$.missing", as: "missing", strict: false }]);
    assertEquals(
      (flow[3].get as Record<string, unknown>).ifTrue,
      "(thingId != null) and (missing != null)",
    );
    assertEquals((flow[4].delete as Record<string, unknown>).ifTrue, "thingId != null");

    const started = Date.now();
    // Each virtual user's Read fails (its capture selected nothing): Artillery exits 21.
    const { counters, output } = await runArtillery(ws.dir, "load/things.yml", {}, 21);
    assertEquals(counters["vusers.created"], 2, output);
    assertEquals(counters["vusers.failed"] ?? 0, 0, output);
    assertEquals(counters["plugins.expect.failed"], 2, output);
    api.verify(2, started);
  },
});
