/**
 * A request that makes the API close the connection without an answer (its
 * process crashed on it, as Prism does on some parameter styles) is a
 * `not_5xx` failure once the API has answered anything: shrunk, saved, and
 * its file fails under `exec` with the network error. An API that never
 * answers stays an unreachable API (exit 4), not a pile of findings.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";

const DOC = {
  openapi: "3.0.3",
  info: { title: "Drops", version: "1" },
  paths: {
    "/items": {
      get: {
        parameters: [{ name: "n", in: "query", required: true, schema: { type: "integer" } }],
        responses: {
          "200": {
            description: "items",
            content: { "application/json": { schema: { type: "array", items: {} } } },
          },
          "400": { description: "bad n" },
        },
      },
    },
  },
};

/**
 * A raw HTTP/1.1 server: `[]` for `n` of zero or more, 400 for no number, and for a negative
 * `n` the connection closed without a byte. `always` drops every request.
 */
function droppingApi(always = false) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const serve = async (conn: Deno.Conn) => {
    const buffer = new Uint8Array(16384);
    const read = await conn.read(buffer).catch(() => null);
    const head = new TextDecoder().decode(buffer.subarray(0, read ?? 0));
    const n = /[?&]n=([^&\s]*)/.exec(head)?.[1] ?? "";
    if (always || /^-\d+$/.test(decodeURIComponent(n))) return conn.close();
    const [status, body] = /^\d+$/.test(n) ? ["200 OK", "[]"] : ["400 Bad Request", ""];
    await conn.write(new TextEncoder().encode(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    )).catch(() => {});
    conn.close();
  };
  (async () => {
    for await (const conn of listener) serve(conn).catch(() => {});
  })().catch(() => {});
  return {
    url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    [Symbol.asyncDispose]: async () => listener.close(),
  };
}

function project(url: string) {
  return workspace({
    "openapi.json": JSON.stringify(DOC),
    "api-docs/project.md": "---\nname: drops\nopenapi: ../openapi.json\n---\n",
    "api-docs/_shared/env.template.md": `## dev\n\n\`\`\`yaml\nbaseUrl: ${url}\n\`\`\`\n`,
  });
}

Deno.test("a request the API drops without an answer is a not_5xx failure, saved and reproduced", async () => {
  await using api = droppingApi();
  await using ws = await project(api.url);
  const run = await apispec(["fuzz", "--seed", "3", "--report", "json"], { cwd: ws.dir });
  assertEquals(run.code, 1, run.stdout + run.stderr);
  const summary = json<{ failures: { check: string; status: number; file: string }[] }>(run);
  const dropped = summary.failures.find((f) => f.check === "not_5xx");
  assert(dropped, JSON.stringify(summary.failures));
  assertEquals(dropped.status, 0);
  const text = await ws.read(dropped.file);
  assert(/GET \{\{baseUrl\}\}\/items\?n=-\d+/.test(text), text);
  assertStringIncludes(text, "closed the connection without an answer");
  const exec = await apispec(["exec", dropped.file, "--output", "json"], { cwd: ws.dir });
  assertEquals(exec.code, 4, exec.stdout + exec.stderr);
  assertEquals(json<{ error_type: string }>(exec).error_type, "NETWORK_ERROR");
});

Deno.test("an API that drops every request is unreachable (exit 4), not a finding per request", async () => {
  await using api = droppingApi(true);
  await using ws = await project(api.url);
  const run = await apispec(["fuzz", "--seed", "3"], { cwd: ws.dir });
  assertEquals(run.code, 4, run.stdout + run.stderr);
  assertStringIncludes(run.stderr, "closed without an answer and none was answered");
  assertEquals(await ws.exists("api-docs/fuzz"), false);
});

Deno.test("a token endpoint that cannot be reached stops the run with its own error, not an engine error", async () => {
  await using api = droppingApi();
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const tokenUrl = `http://127.0.0.1:${(closed.addr as Deno.NetAddr).port}/token`;
  closed.close();
  await using ws = await workspace({
    "openapi.json": JSON.stringify(DOC),
    "api-docs/project.md": "---\nname: drops\nopenapi: ../openapi.json\nauth: oauth2\noauth2:\n" +
      `  grant: client_credentials\n  tokenUrl: ${tokenUrl}\n  clientId: ci\n` +
      '  clientSecret: "{{clientSecret}}"\n---\n',
    "api-docs/_shared/env.template.md": `## dev\n\n\`\`\`yaml\nbaseUrl: ${api.url}\n\`\`\`\n`,
  });
  const run = await apispec(["fuzz", "--seed", "3"], {
    cwd: ws.dir,
    env: { APISPEC_CLIENT_SECRET: "s3cr3t-value" },
  });
  assertEquals(run.code, 4, run.stdout + run.stderr);
  assertStringIncludes(run.stderr, "NETWORK_ERROR");
  assertStringIncludes(run.stderr, tokenUrl);
  assertEquals(run.stderr.includes("A fuzz request was not sent"), false, run.stderr);
  assertEquals((run.stdout + run.stderr).includes("s3cr3t-value"), false);
});
