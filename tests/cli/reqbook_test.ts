/**
 * A workspace written for the original tool keeps its project config in
 * `api-docs/reqbook.md`: it is read as the project config, never as an
 * endpoint file.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("reqbook.md is the project config: validate passes, its default-env applies, the index leaves it out", async () => {
  await using api = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace({
    "api-docs/reqbook.md":
      "---\nname: legacy-shop\nversion: 1\ndefault-env: staging\n---\n\n# Legacy shop\n\nNotes.\n",
    "api-docs/_shared/env.template.md": `## staging\n\n\`\`\`yaml\nbaseUrl: ${api.url}\n\`\`\`\n`,
    "api-docs/apis/users/get-user.md": endpoint(),
  });
  const validate = await apispec(["validate", "api-docs", "--output=json"], { cwd: ws.dir });
  assertEquals(validate.code, 0, validate.stdout + validate.stderr);
  const report = json<{ files: number; errors: number; warnings: number }>(validate);
  assertEquals([report.files, report.errors, report.warnings], [3, 0, 0]);
  // No --env: the project default from reqbook.md (staging) is the only environment defined.
  const exec = await apispec(["exec", "api-docs/apis/users/get-user.md"], { cwd: ws.dir });
  assertEquals(exec.code, 0, exec.stderr);
  const index = await apispec(["index"], { cwd: ws.dir });
  assertEquals(index.code, 0, index.stderr);
  const readme = await ws.read("api-docs/README.md");
  assertStringIncludes(readme, "legacy-shop");
  assertEquals(readme.includes("reqbook"), false, readme);
});
