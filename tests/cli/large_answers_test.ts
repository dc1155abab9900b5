/**
 * A 5 MB answer, through the real CLI against a real API: `exec -v` shows a
 * bounded preview that says how large the body was and where all of it is,
 * the HTML report carries a bounded part of it, `request --save` leaves it
 * out of the saved file with a warning, and a secret the request sent and
 * the API echoed at the cut is masked before the cut.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const ROWS = 120_000;
const TOKEN = ["live", "token", "7Hq2Zp9Lw4Xc8Vb1Nm5Kj3"].join("-");

/** `/items`: 120,000 rows of JSON (about 4.5 MB); `/echo`: one long line with the bearer token near 64 KiB. */
function api() {
  const items = Array.from({ length: ROWS }, (_, i) => ({ id: i + 1, name: `item number ${i}` }));
  return startTestApi((request) => {
    if (new URL(request.url).pathname === "/echo") {
      const token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
      const before = "a".repeat(64 * 1024 - 10);
      return new Response(`${before}${token}${"b".repeat(200_000)}`, {
        headers: { "content-type": "text/plain" },
      });
    }
    return jsonResponse({ items });
  });
}

/** A collection with the list endpoint, or with the echo endpoint (which needs a token). */
function files(baseUrl: string, which: "items" | "echo" = "items") {
  return collectionFiles(baseUrl, {
    [`apis/items/${which}.md`]: which === "items"
      ? endpoint({
        resource: "items",
        path: "/items",
        expected:
          'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"items": [{"id": 1, "name": "x"}]}',
      })
      : endpoint({
        resource: "items",
        path: "/echo",
        frontmatter: "auth: bearer\n",
        expected: "HTTP/1.1 200 OK\nContent-Type: text/plain\n\nwhatever",
      }),
  });
}

Deno.test("exec -v shows a bounded preview of a 5 MB body, its size, and where all of it is", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url));
  const file = "api-docs/apis/items/items.md";
  const verbose = await apispec(["exec", file, "-v"], { cwd: ws.dir });
  assertEquals(verbose.code, 0, verbose.stderr);
  assert(verbose.stdout.length < 100_000, `${verbose.stdout.length} characters printed`);
  const note = /… ([\d.]+) MiB body, the first ([\d.]+) KiB shown; all of it: -v --output=json/
    .exec(verbose.stdout);
  assert(note, verbose.stdout.slice(-2000));
  assert(Number(note[1]) >= 4 && Number(note[2]) <= 64, note[0]);

  // Where the note points: the whole body.
  const whole = await apispec(["exec", file, "-v", "--output=json"], { cwd: ws.dir });
  const record = json<{ response: { body: string } }>(whole);
  assertEquals(JSON.parse(record.response.body).items.length, ROWS);
});

Deno.test("the HTML report holds a bounded part of a 5 MB body, with a note", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url));
  const result = await apispec(
    ["check", "api-docs/apis", "--report", "html=report.html"],
    { cwd: ws.dir },
  );
  assertEquals(result.code, 0, result.stderr);
  const html = await ws.read("report.html");
  assert(html.length < 400_000, `the report is ${html.length} characters`);
  assertStringIncludes(html, "apispec exec api-docs/apis/items/items.md -v --output=json");
  assert(/MiB body, the first [\d.]+ KiB shown/.test(html));
});

Deno.test("request --save of a 5 MB answer leaves the body out and says so", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url));
  const target = "api-docs/apis/items/saved.md";
  const result = await apispec(["request", "GET", "{{baseUrl}}/items", "--save", target], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  assert(/warning.*MiB response body was left out/.test(result.stderr), result.stderr);
  const text = await ws.read(target);
  assert(text.length < 4096, `${text.length} characters saved`);
  assertStringIncludes(text, "HTTP/1.1 200 OK");
  assertEquals((await apispec(["validate", target], { cwd: ws.dir })).code, 0);
});

Deno.test("a secret echoed where the preview is cut is masked first, never shown in part", async () => {
  await using server = api();
  await using ws = await workspace(files(server.url, "echo"));
  const result = await apispec(["exec", "api-docs/apis/items/echo.md", "-v"], {
    cwd: ws.dir,
    env: { APISPEC_AUTH_TOKEN: TOKEN },
  });
  assertStringIncludes(result.stdout, "KiB shown", result.stderr);
  for (const part of [TOKEN, TOKEN.slice(0, 10), TOKEN.slice(0, 6)]) {
    assertEquals(result.stdout.includes(part), false, `"${part}" in the output`);
  }
});
