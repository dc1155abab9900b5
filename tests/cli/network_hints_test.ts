/**
 * Network failures say what happened: a timeout names its limit and how to
 * raise it; the baseUrl hint appears only when the URL came from baseUrl.
 * `exec <folder>` is a usage error that points at `check`.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { closedPort, jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

interface Record {
  error_type: string;
  hint: string;
  hints: string[];
}

Deno.test("a timeout says it timed out after N ms and how to raise the timeout (NETWORK_ERROR, exit 4)", async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => release = resolve);
  await using api = startTestApi(async () => {
    await held;
    return jsonResponse({});
  });
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint(),
  }));
  const result = await apispec([
    "exec",
    "api-docs/apis/users/get-user.md",
    "--timeout=50",
    "--output=json",
  ], {
    cwd: ws.dir,
  });
  release();
  assertEquals(result.code, 4, result.stderr);
  const record = json<Record>(result);
  assertEquals(record.error_type, "NETWORK_ERROR");
  assertStringIncludes(record.hint, `Timed out after 50 ms: ${api.url} did not answer in time`);
  assertStringIncludes(record.hint, "--timeout=<ms>");
  assertStringIncludes(record.hint, "`timeout: <ms>` in the endpoint's frontmatter");
  assertEquals(record.hints.some((h) => h.includes("baseUrl")), false, record.hints.join("\n"));
});

Deno.test("the baseUrl hint appears for a baseUrl request line, not for an absolute URL", async () => {
  const closed = `http://127.0.0.1:${closedPort()}`;
  await using ws = await workspace(collectionFiles(closed, {
    "apis/users/get-relative.md": endpoint({ request: "GET /users/1" }),
    "apis/users/get-absolute.md": endpoint({ request: `GET ${closed}/users/1` }),
  }));
  const relative = await apispec(["exec", "api-docs/apis/users/get-relative.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(relative.code, 4);
  assertEquals(json<Record>(relative).hints, [
    `Connection refused at ${closed}: start the API, or fix baseUrl for environment "dev"`,
    'Check baseUrl for environment "dev"',
  ]);
  const absolute = await apispec(["exec", "api-docs/apis/users/get-absolute.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(absolute.code, 4);
  assertEquals(json<Record>(absolute).hints, [
    `Connection refused at ${closed}: start the API, or fix the URL in the request line`,
  ]);
  const diagnosis = await apispec(
    ["diagnose", "api-docs/apis/users/get-absolute.md", "--output=json"],
    { cwd: ws.dir },
  );
  const text = diagnosis.stdout;
  assertEquals(text.includes("baseUrl"), false, text);
});

Deno.test("exec of a folder exits 2 and suggests check", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint(),
  }));
  const result = await apispec(["exec", "api-docs/apis"], { cwd: ws.dir });
  assertEquals(result.code, 2, result.stderr);
  assertStringIncludes(result.stderr, "api-docs/apis is a folder; exec runs one endpoint file");
  assertStringIncludes(result.stderr, "apispec check api-docs/apis");
  assertEquals(result.stderr.includes("permissions"), false);
});
