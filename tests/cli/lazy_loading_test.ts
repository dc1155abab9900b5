/**
 * A command loads only what it needs (cold start, issue #18). Deno lists every
 * module it evaluates under `-L debug` ("V8 code cache hit for ES module: <specifier>",
 * "Updating V8 code cache for script: <specifier>"), so these tests read that
 * list from real runs of the CLI. The schema-mode run, which must load ajv,
 * shows the list is read correctly rather than empty by accident.
 */
import { assert, assertEquals } from "@std/assert";
import { baseEnv, ROOT } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";

const SHAPE_SPEC = "api-docs/apis/users/get-user-by-id.md";
const PLAIN_SPEC = "api-docs/apis/users/get-user-plain.md";
const SCHEMA_SPEC = "api-docs/apis/users/get-list-users.md";

/** What `exec` must not load for a spec that does not ask for it. */
const HEAVY: [string, RegExp][] = [
  ["ajv (schema mode only)", /\/ajv(@|-formats@)/],
  ["the MCP SDK", /@modelcontextprotocol/],
  ["zod", /\/zod@/],
  ["marked", /\/marked@/],
  ["the web UI bundle", /\/web\/dist\//],
  ["the MCP server", /\/src\/mcp\//],
  ["the preview server", /\/src\/preview\//],
  ["the JUnit and markdown reports", /\/src\/engine\/render\/(junit|markdown)\.ts$/],
  ["Deno's Node compatibility layer", /^ext:deno_node\//],
  ["eventsource-parser (sse files only)", /\/eventsource-parser@/],
  ["graphql-js (graphql files only)", /\/graphql@\d/],
  ["the stream transports", /\/src\/adapters\/(sse|ws)\.ts$/],
];

/** Specifiers of the modules a run evaluated, in order. */
async function loadedModules(args: string[], cwd: string): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "-L", "debug", `--config=${ROOT}/deno.json`, `${ROOT}/main.ts`, ...args],
    cwd,
    env: baseEnv(),
    clearEnv: true,
    stdout: "null",
    stderr: "piped",
  }).output();
  const log = new TextDecoder().decode(output.stderr);
  assertEquals(output.code, 0, log.split("\n").filter((l) => !l.startsWith("DEBUG")).join("\n"));
  return [...log.matchAll(/code cache (?:hit )?for (?:ES module|script): (\S+), \[/g)]
    .map((match) => match[1]);
}

function heavyIn(modules: string[]): string[] {
  return HEAVY.filter(([, pattern]) => modules.some((m) => pattern.test(m))).map(([name]) => name);
}

Deno.test("exec of a shape-mode spec loads no schema validator, MCP SDK, UI, RE2 or Node layer", async () => {
  await using demo = await demoProject();
  const spec = await Deno.readTextFile(`${demo.ws.dir}/${SHAPE_SPEC}`);
  await demo.ws.write(
    PLAIN_SPEC,
    spec.split("\n").filter((line) => !line.includes(": matches ")).join("\n"),
  );
  const plain = await loadedModules(["exec", PLAIN_SPEC], demo.ws.dir);
  assert(plain.some((m) => m.endsWith("/src/cli/commands/exec.ts")), "the list holds exec itself");
  assertEquals(heavyIn(plain), []);
  assertEquals(plain.filter((m) => m.includes("re2js")), []);

  // A simple matches rule (`^\d{4}-\d{2}-\d{2}T`) runs on JavaScript's RegExp: still no RE2.
  const withMatches = await loadedModules(["exec", SHAPE_SPEC], demo.ws.dir);
  assertEquals(withMatches.filter((m) => m.includes("re2js")), []);
  assertEquals(heavyIn(withMatches), []);

  // A pattern outside the linear subset (a group) loads RE2, and nothing else heavy.
  await demo.ws.write(
    PLAIN_SPEC,
    spec.replace(/: matches .*/, ": matches ^(\\d{4}-)\\d{2}-\\d{2}T"),
  );
  const withGroup = await loadedModules(["exec", PLAIN_SPEC], demo.ws.dir);
  assert(withGroup.some((m) => m.includes("re2js")), "a grouped pattern loads RE2");
  assertEquals(heavyIn(withGroup), []);
});

Deno.test("exec of a schema-mode spec loads ajv, from vendor/, without npm or the Node layer", async () => {
  await using demo = await demoProject();
  const modules = await loadedModules(["exec", SCHEMA_SPEC], demo.ws.dir);
  // From npm, ajv (CommonJS) came through Deno's Node layer: 50 ms more per run.
  assertEquals(heavyIn(modules), ["ajv (schema mode only)"]);
  assert(modules.some((m) => m.endsWith("/vendor/ajv@8.20.0/ajv.mjs")), modules.join("\n"));
  assertEquals(modules.filter((m) => m.includes("/node_modules/")), []);
  assertEquals(modules.filter((m) => m.includes("re2js")), []);

  // A schema pattern outside the linear subset loads RE2 (from vendor/), and nothing else heavy.
  const spec = await Deno.readTextFile(`${demo.ws.dir}/${SCHEMA_SPEC}`);
  const grouped = spec.replace('"type": "object"', '"type": "object", "pattern": "(a+)+$"');
  assert(grouped !== spec, "the demo's schema has an object to give a pattern");
  await demo.ws.write(SCHEMA_SPEC, grouped);
  const withGroup = await loadedModules(["exec", SCHEMA_SPEC], demo.ws.dir);
  assert(withGroup.some((m) => m.includes("/vendor/re2js@")), "a grouped pattern loads RE2");
  assertEquals(heavyIn(withGroup), ["ajv (schema mode only)"]);
  assertEquals(withGroup.filter((m) => m.includes("/node_modules/")), []);
});

Deno.test("validate and a data-driven flow of the demo load no npm package", async () => {
  await using demo = await demoProject();
  const validate = await loadedModules(["validate", "api-docs"], demo.ws.dir);
  assert(validate.some((m) => m.endsWith("/vendor/std-csv@1.0.6/parse.js")), "the CSV parser");
  assert(validate.some((m) => m.endsWith("/vendor/ajv@8.20.0/ajv.mjs")), "the schema validator");
  assertEquals(validate.filter((m) => m.includes("/node_modules/")), []);
  assertEquals(heavyIn(validate), ["ajv (schema mode only)"]);
  const flow = await loadedModules(
    ["flow", "api-docs/flows/team-onboarding.md", "--dry-run", "--var", "authToken=t"],
    demo.ws.dir,
  );
  assert(flow.some((m) => m.endsWith("/vendor/std-csv@1.0.6/parse.js")), "the CSV parser");
  assertEquals(flow.filter((m) => m.includes("/node_modules/")), []);
  assertEquals(heavyIn(flow).includes("Deno's Node compatibility layer"), false);
});

Deno.test("a flow that keeps a cookie loads tough-cookie from vendor/, without npm or the Node layer", async () => {
  await using api = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) =>
      new URL(request.url).pathname === "/login"
        ? new Response("{}", { headers: { "set-cookie": "sid=s1; Path=/; HttpOnly" } })
        : new Response("{}", {
          status: request.headers.get("cookie") === "sid=s1" ? 200 : 401,
        }),
  );
  await using ws = await workspace(collectionFiles(`http://127.0.0.1:${api.addr.port}`, {
    "apis/session/post-login.md": endpoint({ method: "POST", path: "/login" }),
    "apis/session/get-me.md": endpoint({ path: "/me" }),
    "flows/login.md": flowFile([
      { name: "Log in", endpoint: "apis/session/post-login.md" },
      { name: "Me", endpoint: "apis/session/get-me.md" },
    ]),
  }));
  // The second step passes only with the cookie the first one kept (loadedModules wants exit 0).
  const modules = await loadedModules(["flow", "api-docs/flows/login.md"], ws.dir);
  assert(modules.some((m) => m.endsWith("/vendor/tough-cookie@6.1.0/tough-cookie.mjs")), "the jar");
  assertEquals(modules.filter((m) => m.includes("/node_modules/")), []);
  assertEquals(heavyIn(modules).includes("Deno's Node compatibility layer"), false);
});

Deno.test("import openapi of a 3.x document loads no npm package and no Node layer", async () => {
  await using ws = await workspace({
    "openapi.json": JSON.stringify({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: { "/users": { get: { responses: { "200": { description: "ok" } } } } },
    }),
  });
  // A relative path, as people type it: @std/path would read `process` to resolve it.
  const modules = await loadedModules(["import", "openapi", "openapi.json"], ws.dir);
  assert(modules.some((m) => m.includes("/src/convert/openapi/")), "the list holds the importer");
  assertEquals(modules.filter((m) => m.includes("/node_modules/")), []);
  assertEquals(heavyIn(modules), []);
});

Deno.test("import openapi of a document with body schemas loads ajv and randexp from vendor/ only", async () => {
  await using ws = await workspace({
    "openapi.json": JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/users": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { sid: { pattern: "^AC[0-9]{4}$" } } },
                  },
                },
              },
            },
          },
        },
      },
    }),
  });
  const modules = await loadedModules(["import", "openapi", "openapi.json"], ws.dir);
  // Generated examples are checked with ajv, and patterns filled by randexp: both vendored.
  assert(modules.some((m) => m.endsWith("/vendor/ajv@8.20.0/ajv.mjs")), "the schema validator");
  assert(modules.some((m) => m.endsWith("/vendor/randexp@0.6.1/randexp.mjs")), "randexp");
  assertEquals(modules.filter((m) => m.includes("/node_modules/")), []);
  assertEquals(heavyIn(modules), ["ajv (schema mode only)"]);
});

Deno.test("validate of an endpoint file loads no npm package and no Node layer", async () => {
  await using demo = await demoProject();
  const modules = await loadedModules(
    ["validate", "api-docs/apis/orders/get-order.md"],
    demo.ws.dir,
  );
  assert(
    modules.some((m) => m.endsWith("/src/cli/commands/validate.ts")),
    "the list holds validate",
  );
  assertEquals(modules.filter((m) => m.includes("/node_modules/")), []);
  assertEquals(heavyIn(modules), []);
});

Deno.test("version loads the command table and nothing of any command", async () => {
  const modules = await loadedModules(["version"], ROOT);
  assertEquals(
    modules.filter((m) => /\/src\/(ops|engine\/parse|engine\/secrets|adapters\/path)/.test(m)),
    [],
  );
  assertEquals(heavyIn(modules), []);
});
