/** `apispec validate` over files and folders: kinds, lines, fixes and exit codes 0, 2 and 5. */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json, ROOT } from "../helpers/cli.ts";
import { endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("validate passes the demo collection", async () => {
  const result = await apispec(["validate", `${ROOT}/fixtures/demo/api-docs`]);
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stdout, "11 files checked: 0 errors, 0 warnings");
});

Deno.test("validate reads each file as its kind and reports file:line with a fix", async () => {
  await using ws = await workspace({
    "api-docs/project.md": "---\nname: t\nversion: 3\n---\n",
    "api-docs/README.md": "# Index\n",
    "api-docs/_shared/env.template.md": "## dev\n\n```yaml\nbaseUrl: a: b\n```\n",
    "api-docs/apis/users/get-user.md": endpoint().replace("method: GET", "method: FETCH"),
    "api-docs/flows/onboarding.md":
      "---\ntype: pipeline\n---\n## Steps\n\n1. **Read** -> `apis/users/missing.md`\n",
  });
  const result = await apispec(["validate", "api-docs", "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 2);
  const report = json<
    {
      valid: boolean;
      files: number;
      errors: number;
      issues: { file: string; line: number; message: string; fix: string }[];
    }
  >(result);
  assertEquals(
    [report.valid, report.files, report.errors],
    [false, 5, 4],
    JSON.stringify(report.issues, null, 1),
  );
  const byFile = Object.fromEntries(report.issues.map((i) => [i.file, i]));
  assertEquals(byFile["api-docs/project.md"].line, 3);
  assertEquals(byFile["api-docs/_shared/env.template.md"].line, 4);
  assertEquals(byFile["api-docs/apis/users/get-user.md"].line, 4);
  assertStringIncludes(
    byFile["api-docs/flows/onboarding.md"].message,
    "apis/users/missing.md, which does not exist",
  );
  for (const issue of report.issues) assertEquals(typeof issue.fix, "string");
});

Deno.test("validate console output shows the source line and a caret", async () => {
  await using ws = await workspace({
    "api-docs/apis/users/get-user.md": endpoint({
      request: "GET {{baseUrl}}/users/1\nbad header line",
    }),
  });
  const result = await apispec(["validate", "api-docs/apis/users/get-user.md"], { cwd: ws.dir });
  assertEquals(result.code, 2);
  assertStringIncludes(
    result.stderr,
    'error[VALIDATION_ERROR]: Cannot parse header line "bad header line"',
  );
  assertStringIncludes(result.stderr, "--> api-docs/apis/users/get-user.md:14");
  assertStringIncludes(result.stderr, "14 | bad header line");
  assertStringIncludes(result.stderr, "= fix:");
});

Deno.test("validate exits 5 on a secret, even in an otherwise valid file, and 2 for a non-markdown path", async () => {
  await using ws = await workspace({
    "api-docs/_shared/env.md": "## dev\n\n```yaml\nbaseUrl: http://localhost\napiKey: sk" +
      "_live_0123456789abcdefABCD\n```\n",
    "notes.txt": "x",
  });
  const secret = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(secret.code, 5);
  assertStringIncludes(secret.stderr, "api-docs/_shared/env.md:5");
  assertEquals((await apispec(["validate", "notes.txt"], { cwd: ws.dir })).code, 2);
});

Deno.test("validate flags a flow step whose endpoint file is invalid", async () => {
  await using ws = await workspace({
    "api-docs/apis/users/get-user.md": endpoint().replace("version: 1", "version: 9"),
    "api-docs/flows/f.md":
      "---\ntype: pipeline\n---\n## Steps\n\n1. **Read** -> `apis/users/get-user.md`\n2. **Again** -> `../apis/users/get-user.md`\n",
  });
  const result = await apispec(["validate", "api-docs/flows/f.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 2);
  const lines = json<{ issues: { line: number; message: string }[] }>(result).issues.map((i) =>
    i.line
  );
  assertEquals(lines, [6, 7]);
});

Deno.test("validate of a collection's subfolder reads each file as its place in the collection says", async () => {
  const demo = `${ROOT}/fixtures/demo/api-docs`;
  for (const [folder, count] of [["flows", 2], ["_shared", 1]] as const) {
    const result = await apispec(["validate", `${demo}/${folder}`]);
    assertEquals(result.code, 0, result.stderr);
    assertStringIncludes(result.stdout, `${count} file${count === 1 ? "" : "s"} checked: 0 errors`);
  }
  // From inside the collection too.
  const inside = await apispec(["validate", "flows"], { cwd: demo });
  assertEquals(inside.code, 0, inside.stderr);
});

Deno.test("validate of a folder without markdown files says so (exit 2), not a green check", async () => {
  await using ws = await workspace({ "notes.txt": "not a collection\n" });
  for (const [path, shown] of [[".", "."], ["sub", "sub"]]) {
    await Deno.mkdir(ws.path("sub"), { recursive: true });
    const result = await apispec(["validate", path], { cwd: ws.dir });
    assertEquals(result.code, 2, result.stdout);
    assertStringIncludes(
      result.stderr,
      `error[USAGE]: ${shown} holds no markdown file to validate`,
    );
    assertStringIncludes(result.stderr, "fix: Pass the collection folder (api-docs)");
  }
});
