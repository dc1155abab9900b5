/**
 * `request --save` writes a file that runs as it was sent: with a base path in
 * `baseUrl` the frontmatter path and the request line agree with how exec
 * resolves them, and Basic credentials become `auth: basic`.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

function frontmatterPath(text: string): string | undefined {
  return /^path: (.+)$/m.exec(text)?.[1].replace(/^['"]|['"]$/g, "");
}

function requestLine(text: string): string | undefined {
  return /```http\n(\S+ \S+)/.exec(text)?.[1];
}

Deno.test("request --save with a base path in baseUrl writes a path that matches the request line", async () => {
  await using api = startTestApi((request) =>
    new URL(request.url).pathname === "/v1/buckets"
      ? jsonResponse({ data: [{ id: "main" }] })
      : jsonResponse({ error: "no route" }, 404)
  );
  await using ws = await workspace(collectionFiles(`${api.url}/v1`));
  const forms = ["{{baseUrl}}/buckets", "/buckets", `${api.url}/v1/buckets`];
  for (const [i, url] of forms.entries()) {
    const file = `api-docs/apis/buckets/list-${i}.md`;
    const saved = await apispec(["request", "GET", url, "--save", file], { cwd: ws.dir });
    assertEquals(saved.code, 0, saved.stderr);
    const text = await ws.read(file);
    assertEquals(frontmatterPath(text), "/buckets", text);
    const line = requestLine(text)!;
    assert(line.endsWith("/buckets"), line);
    assertEquals(line.includes("/v1"), false, `the base path stays in baseUrl: ${line}`);
    const exec = await apispec(["exec", file, "--output=json"], { cwd: ws.dir });
    assertEquals(exec.code, 0, exec.stdout + exec.stderr);
  }
  assertEquals(new Set(api.requests.map((r) => r.path)), new Set(["/v1/buckets"]));
  // Three files of one route: validate accepts them as written.
  const validate = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validate.code, 0, validate.stdout + validate.stderr);
});

Deno.test("request --save of Basic credentials writes auth: basic, which runs from APISPEC_USERNAME and APISPEC_PASSWORD", async () => {
  const password = "kinto-pass-5512";
  const expected = `Basic ${btoa(`alice:${password}`)}`;
  await using api = startTestApi((request) =>
    request.headers.get("authorization") === expected
      ? jsonResponse({ user: { id: "account:alice" } })
      : jsonResponse({ error: "unauthorized" }, 401)
  );
  await using ws = await workspace(collectionFiles(api.url));
  const file = "api-docs/apis/root/get-root.md";
  const saved = await apispec(
    ["request", "GET", "{{baseUrl}}/", "-H", `Authorization: ${expected}`, "--save", file],
    { cwd: ws.dir },
  );
  assertEquals(saved.code, 0, saved.stderr);
  assertStringIncludes(saved.stderr, "set APISPEC_USERNAME and APISPEC_PASSWORD");
  const text = await ws.read(file);
  assertStringIncludes(text, "auth: basic");
  for (const absent of ["basicCredentials", "Authorization:", password, expected.slice(6)]) {
    assertEquals(text.includes(absent), false, `${absent} in:\n${text}`);
  }
  const env = { APISPEC_USERNAME: "alice", APISPEC_PASSWORD: password };
  const exec = await apispec(["exec", file, "--output=json"], { cwd: ws.dir, env });
  assertEquals(exec.code, 0, exec.stdout + exec.stderr);
  assertEquals(json(exec).passed, true);
  assertEquals(api.requests.map((r) => r.headers.authorization), [expected, expected]);
});
