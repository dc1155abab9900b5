/**
 * BEYOND §12, issue 31 item 2: a frontmatter key one or two letters from a
 * known one is an error naming the key meant, in endpoint files, flows and
 * project.md. `standalon: false` on a DELETE only warned, and `check` then
 * sent the DELETE.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";

interface Issue {
  severity: string;
  message: string;
  line?: number;
  fix?: string;
}

Deno.test("check refuses a DELETE whose standalone is misspelt, and the API receives nothing", async () => {
  await using api = startTestApi(() => new Response(null, { status: 204 }));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/buckets/delete-keepme.md": endpoint({
      method: "DELETE",
      path: "/buckets/keepme",
      resource: "buckets",
      frontmatter: "standalon: false\n",
      expected: "HTTP/1.1 204 No Content",
    }),
  }));
  const result = await apispec(["check", "api-docs"], { cwd: ws.dir });
  assertEquals(result.code, 2, result.stdout + result.stderr);
  assertEquals(api.requests.length, 0);
  assertStringIncludes(result.stderr, 'Unknown frontmatter key "standalon"');
  assertStringIncludes(result.stderr, 'Did you mean "standalone"?');
});

Deno.test("validate names the key meant in endpoint files (nested keys too), flows and project.md", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "project.md": "---\nname: test\nversion: 1\ntimout: 5000\n---\n",
    "apis/users/get-user.md": endpoint({
      frontmatter: "respone:\n  match: strict\nretry:\n  atempts: 2\nowner: team-a\n",
    }),
    "flows/users.md": flowFile([{ name: "User", endpoint: "apis/users/get-user.md" }])
      .replace("parallel: false", "paralel: true"),
  }));
  const result = await apispec(["validate", "api-docs", "--output", "json"], { cwd: ws.dir });
  assertEquals(result.code, 2, result.stdout + result.stderr);
  const issues = json<{ issues: (Issue & { file: string })[] }>(result).issues;
  const errors = issues.filter((i) => i.severity === "error").map((i) =>
    `${i.file}: ${i.message} ${i.fix}`
  );
  const expect = [
    ['"timout"', '"timeout"'],
    ['"respone"', '"response"'],
    ['"retry.atempts"', '"retry.attempts"'],
    ['"paralel"', '"parallel"'],
  ];
  for (const [key, meant] of expect) {
    assert(
      errors.some((e) => e.includes(key) && e.includes(`Did you mean ${meant}`)),
      `${key}: ${errors.join("\n")}`,
    );
  }
  // A key near nothing known stays a warning.
  assert(!errors.some((e) => e.includes('"owner"')), errors.join("\n"));
  assert(issues.some((i) => i.message === 'Unknown frontmatter key "owner" is ignored'));
});
