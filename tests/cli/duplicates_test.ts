/**
 * Several endpoint files on one method and path: `export openapi` merges them
 * into one operation and says so with the right count; `validate` and
 * `doctor` warn, naming the files.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { tempHome } from "../helpers/home.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

function files() {
  return collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint({
      path: "/users/:id",
      frontmatter: "vars:\n  id: 1\n",
      expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": 1}',
    }),
    "apis/users/get-user-missing.md": endpoint({
      path: "/users/:userId",
      frontmatter: "vars:\n  userId: 999\n",
      expected: 'HTTP/1.1 404 Not Found\nContent-Type: application/json\n\n{"error": "no"}',
    }),
    "apis/users/get-users.md": endpoint({ path: "/users" }),
  });
}

const WARNING =
  "GET /users/{id} is documented by 2 endpoint files: api-docs/apis/users/get-user.md, " +
  "api-docs/apis/users/get-user-missing.md";

Deno.test("export openapi merges files on one method and path, warns, and counts operations", async () => {
  await using ws = await workspace(files());
  const result = await apispec(
    ["export", "openapi", "api-docs", "--json", "--out", "openapi.json"],
    {
      cwd: ws.dir,
    },
  );
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stderr, WARNING);
  assertStringIncludes(result.stderr, "Wrote openapi.json: 2 operations from 3 endpoint files");
  const doc = JSON.parse(await ws.read("openapi.json"));
  assertEquals(Object.keys(doc.paths).sort(), ["/users", "/users/{id}"]);
  assertEquals(Object.keys(doc.paths["/users/{id}"].get.responses).sort(), ["200", "404"]);
});

Deno.test("validate and doctor warn about endpoint files on one method and path, naming them", async () => {
  await using ws = await workspace(files());
  const validate = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validate.code, 0, validate.stderr);
  assertStringIncludes(validate.stderr, WARNING);
  assertStringIncludes(validate.stderr, "Keep one endpoint file per method and path");

  await using home = await tempHome();
  const doctor = await apispec(["doctor", "--output=json"], { cwd: ws.dir, env: home.env });
  const checks = json<{ checks: { id: string; status: string; message: string }[] }>(doctor).checks;
  const duplicate = checks.find((c) => c.id.startsWith("duplicate:"));
  assertEquals(duplicate?.status, "warn");
  assertEquals(duplicate?.message, WARNING);
});
