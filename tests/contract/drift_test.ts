/** `apispec drift` through the real CLI: each finding kind, reports, --ignore and exit codes. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";
import { shopCollection, shopOpenApi } from "./_shop.ts";

interface Finding {
  kind: string;
  method: string;
  path: string;
  spec: string | null;
  line: number | null;
  message: string;
}
interface DriftJson {
  findings: Finding[];
  summary: { operations: number; specs: number; matched: number; findings: number };
}

/** The kinds found per endpoint file (or `openapi` for the document's side). */
function kindsBySpec(report: DriftJson): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of report.findings) (out[f.spec ?? "openapi"] ??= []).push(f.kind);
  for (const list of Object.values(out)) list.sort();
  return out;
}

const EXPECTED_KINDS = {
  "openapi": ["missing-spec"],
  "api-docs/apis/health/get-health.md": ["undocumented"],
  "api-docs/apis/users/get-users.md": ["parameter", "response-body"],
  "api-docs/apis/users/post-create-user.md": ["status"],
  "api-docs/apis/users/post-create-user-bad.md": ["request-body"],
  "api-docs/apis/users/get-user-accepted.md": ["status"],
};

for (const version of ["3.0", "3.1"] as const) {
  Deno.test(`drift --report json names every kind of finding (OpenAPI ${version})`, async () => {
    await using ws = await workspace({
      ...shopCollection(),
      "openapi.yaml": shopOpenApi(version),
    });
    const result = await apispec(["drift", "openapi.yaml", "--report", "json"], { cwd: ws.dir });
    assertEquals(result.code, 1, result.stderr);
    const report = json<DriftJson>(result);
    // get-user.md agrees: `:id` matches `{userId}`, and its null nickname is allowed by
    // `nullable: true` (3.0) and by `type: [string, "null"]` (3.1) alike.
    assertEquals(kindsBySpec(report), EXPECTED_KINDS);
    assertEquals(report.summary, { operations: 4, specs: 6, matched: 3, findings: 7 });
    const missing = report.findings.find((f) => f.kind === "missing-spec")!;
    assertEquals(missing, {
      kind: "missing-spec",
      method: "DELETE",
      path: "/orders/{orderId}",
      spec: null,
      line: null,
      message: "DELETE /orders/{orderId} (deleteOrder) has no endpoint file",
    });
    const body = report.findings.find((f) => f.kind === "response-body")!;
    assertStringIncludes(body.message, "body[0].id: must be integer");
    const request = report.findings.find((f) => f.kind === "request-body")!;
    assertStringIncludes(request.message, "must have required property 'name'");
    assertStringIncludes(request.message, "request.nickname");
    const parameter = report.findings.find((f) => f.kind === "parameter")!;
    assertStringIncludes(parameter.message, 'query parameter "limit"');
    // The line is the line of the request block in the file.
    const lines = (await ws.read("api-docs/apis/users/get-users.md")).split("\n");
    assertEquals(lines[parameter.line! - 1], "GET {{baseUrl}}/users?offset=0");
    const status = report.findings.find((f) => f.spec?.endsWith("post-create-user.md"))!;
    assertEquals(
      (await ws.read("api-docs/apis/users/post-create-user.md")).split("\n")[status.line! - 1],
      "HTTP/1.1 500 Internal Server Error",
    );
  });
}

Deno.test("drift: null is refused where OpenAPI 3.0 has no nullable", async () => {
  await using ws = await workspace({
    ...shopCollection(),
    "openapi.yaml": shopOpenApi("3.0").replace(
      "name: {type: string}",
      "name: {type: string, nullable: false}",
    ),
  });
  await ws.write(
    "api-docs/apis/users/get-user.md",
    (await ws.read("api-docs/apis/users/get-user.md")).replace('"name": "Ada"', '"name": null'),
  );
  const report = json<DriftJson>(
    await apispec(["drift", "openapi.yaml", "--report", "json"], { cwd: ws.dir }),
  );
  const onUser = report.findings.filter((f) => f.spec === "api-docs/apis/users/get-user.md");
  assertEquals(onUser.map((f) => f.kind), ["response-body"]);
  assertStringIncludes(onUser[0].message, "body.name: must be string");
});

Deno.test("drift without a document reads the one project.md names; with none it exits 2 with a fix", async () => {
  await using ws = await workspace({ ...shopCollection(), "openapi.yaml": shopOpenApi("3.1") });
  const bare = await apispec(["drift", "--report", "json"], { cwd: ws.dir });
  assertEquals(bare.code, 2);
  assertStringIncludes(bare.stderr, "drift needs an OpenAPI document");
  assertStringIncludes(bare.stderr, "openapi: ../openapi.yaml");

  await ws.write(
    "api-docs/project.md",
    "---\nname: test\nversion: 1\nopenapi: ../openapi.yaml\n---\n",
  );
  const named = await apispec(["drift", "--report", "json"], { cwd: ws.dir });
  assertEquals(named.code, 1, named.stderr);
  assertEquals(kindsBySpec(json<DriftJson>(named)), EXPECTED_KINDS);
  // A lone folder is the collection, not the document.
  const folder = await apispec(["drift", "api-docs", "--report", "json"], { cwd: ws.dir });
  assertEquals(kindsBySpec(json<DriftJson>(folder)), EXPECTED_KINDS);
  // A document given on the command line still wins.
  await ws.write("empty.yaml", "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: {}\n");
  const given = await apispec(["drift", "empty.yaml", "--report", "json"], { cwd: ws.dir });
  assertEquals(json<DriftJson>(given).summary.operations, 0);
});

Deno.test("drift --ignore leaves kinds out; exit 0 when nothing is left", async () => {
  await using ws = await workspace({ ...shopCollection(), "openapi.yaml": shopOpenApi() });
  const some = json<DriftJson>(
    await apispec([
      "drift",
      "openapi.yaml",
      "--report=json",
      "--ignore",
      "missing-spec",
      "--ignore=undocumented",
    ], { cwd: ws.dir }),
  );
  assertEquals(some.summary.findings, 5);
  assert(some.findings.every((f) => f.kind !== "missing-spec" && f.kind !== "undocumented"));
  const all = await apispec([
    "drift",
    "openapi.yaml",
    ...["missing-spec", "undocumented", "status", "response-body", "request-body", "parameter"]
      .flatMap((k) => ["--ignore", k]),
  ], { cwd: ws.dir });
  assertEquals(all.code, 0, all.stdout);
  assertStringIncludes(all.stdout, "0 findings");
  const wrong = await apispec(["drift", "openapi.yaml", "--ignore", "nope"], { cwd: ws.dir });
  assertEquals(wrong.code, 2);
  assertStringIncludes(wrong.stderr, "missing-spec");
});

Deno.test("drift --report github annotates each spec line, and the document's path line", async () => {
  await using ws = await workspace({ ...shopCollection(), "openapi.yaml": shopOpenApi() });
  const summary = ws.path("summary.md");
  await ws.write("summary.md", "");
  const result = await apispec(["drift", "openapi.yaml", "--report", "github"], {
    cwd: ws.dir,
    env: { GITHUB_STEP_SUMMARY: summary },
  });
  assertEquals(result.code, 1);
  const annotations = result.stdout.split("\n").filter((l) => l.startsWith("::error "));
  assertEquals(annotations.length, 7);
  assert(
    annotations.includes(
      "::error file=api-docs/apis/users/get-users.md,line=13,title=drift parameter::" +
        'Required query parameter "limit" of GET /users is absent from the request',
    ),
    annotations.join("\n"),
  );
  const docLine = shopOpenApi().split("\n").indexOf("  /orders/{orderId}:") + 1;
  assert(
    annotations.some((a) =>
      a.startsWith(`::error file=openapi.yaml,line=${docLine},title=drift missing-spec::`)
    ),
    annotations.join("\n"),
  );
  assertStringIncludes(result.stdout, "## API drift");
  assertStringIncludes(await ws.read("summary.md"), "| `undocumented` | `GET /health` |");
});

Deno.test("drift --report console, markdown and junit say the same findings", async () => {
  await using ws = await workspace({ ...shopCollection(), "openapi.yaml": shopOpenApi() });
  const consoleOut = await apispec(["drift", "openapi.yaml"], { cwd: ws.dir });
  assertEquals(consoleOut.code, 1);
  assertStringIncludes(consoleOut.stdout, "Drift: api-docs against openapi.yaml (OpenAPI 3.0.3)");
  assertStringIncludes(consoleOut.stdout, "parameter (1)");
  assertStringIncludes(
    consoleOut.stdout,
    "api-docs/apis/health/get-health.md:13  GET /health is not an operation",
  );
  assertStringIncludes(
    consoleOut.stdout,
    "4 operations, 6 endpoint files, 3 operations matched: 7 findings",
  );
  const markdown = await apispec(["drift", "openapi.yaml", "--report", "markdown"], {
    cwd: ws.dir,
  });
  assertEquals(markdown.stdout.split("\n").filter((l) => l.startsWith("| `")).length, 7);
  const junit = await apispec(["drift", "openapi.yaml", "--report", "junit"], { cwd: ws.dir });
  assertStringIncludes(junit.stdout, '<testsuites name="apispec drift" tests="7" failures="7"');
  assertStringIncludes(junit.stdout, '<testsuite name="drift request-body"');
});

Deno.test("drift: an unreadable or invalid document exits 2 naming the file and line", async () => {
  await using ws = await workspace({
    ...shopCollection(),
    "broken.yaml": "openapi: 3.0.3\npaths:\n  /x: [\n",
    "notopenapi.json": '{"hello": "world"}',
  });
  const missing = await apispec(["drift", "nope.yaml"], { cwd: ws.dir });
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, "nope.yaml does not exist");
  const broken = await apispec(["drift", "broken.yaml", "--report", "json"], { cwd: ws.dir });
  assertEquals(broken.code, 2);
  assertEquals(broken.stdout, "");
  assertStringIncludes(broken.stderr, "Cannot parse YAML");
  assertStringIncludes(broken.stderr, "broken.yaml:");
  assert(!broken.stderr.includes("    at "), broken.stderr);
  const other = await apispec(["drift", "notopenapi.json"], { cwd: ws.dir });
  assertEquals(other.code, 2);
  assertStringIncludes(other.stderr, "no `openapi: 3.x` field");
  const noDir = await apispec(["drift", "broken.yaml", "nowhere"], { cwd: ws.dir });
  assertEquals(noDir.code, 2);
});

Deno.test("drift reads the document from a URL", async () => {
  await using ws = await workspace(shopCollection());
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(shopOpenApi(), { headers: { "content-type": "application/yaml" } }),
  );
  try {
    const url = `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}/openapi.yaml`;
    const result = await apispec(["drift", url, "--report", "json"], { cwd: ws.dir });
    assertEquals(json<DriftJson>(result).summary.findings, 7);
  } finally {
    await server.shutdown();
  }
});
