/**
 * Schema mode's `pattern`s come from a committed file, so they run as
 * `matches` patterns do: JavaScript's RegExp only for the subset proven
 * linear, else RE2. `(a+)+$` over forty `a`s and a `b` is 2^40 steps of
 * backtracking on V8 (hours); on RE2 it is a few hundred.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

/** A hang must fail the test, not block the suite; a correct run takes well under a second. */
const KILL_AFTER_MS = 60_000;

function schemaSpec(path: string, schema: unknown): string {
  return endpoint({
    path,
    frontmatter: "response:\n  match: schema\n",
    sections: `\n## Schema\n\n\`\`\`json\n${JSON.stringify(schema)}\n\`\`\`\n`,
  });
}

const CATASTROPHIC = {
  type: "object",
  properties: { name: { type: "string", pattern: "(a+)+$" } },
};

Deno.test("exec and check run a catastrophic schema pattern in linear time, with the right verdicts", async () => {
  const long = "a".repeat(40);
  await using api = startTestApi((request) =>
    jsonResponse({ name: new URL(request.url).pathname === "/bad" ? `${long}b` : `x${long}` })
  );
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/bad.md": schemaSpec("/bad", CATASTROPHIC),
    "apis/users/good.md": schemaSpec("/good", CATASTROPHIC),
  }));
  const bad = await apispec(["exec", "api-docs/apis/users/bad.md", "--output=json"], {
    cwd: ws.dir,
    killAfterMs: KILL_AFTER_MS,
  });
  assertEquals(bad.code, 1, bad.stderr);
  assertEquals((json(bad).diff as { body: string }).body, 'body.name: must match pattern "(a+)+$"');

  const good = await apispec(["exec", "api-docs/apis/users/good.md", "--output=json"], {
    cwd: ws.dir,
    killAfterMs: KILL_AFTER_MS,
  });
  assertEquals(good.code, 0, good.stdout + good.stderr);

  const check = await apispec(["check", "api-docs", "--report=json"], {
    cwd: ws.dir,
    killAfterMs: KILL_AFTER_MS,
  });
  assertEquals(check.code, 1, check.stderr);
  assertStringIncludes(check.stdout, "must match pattern");
});

Deno.test("a schema pattern RE2 cannot run is not checked, and validate and exec say so", async () => {
  await using api = startTestApi(() => jsonResponse({ password: "lowercase" }));
  const schema = {
    type: "object",
    properties: { password: { type: "string", pattern: "^(?=.*[A-Z]).+$" } },
  };
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": schemaSpec("/users/1", schema),
  }));
  const validate = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validate.code, 0, validate.stderr);
  assertStringIncludes(validate.stderr, "pattern /^(?=.*[A-Z]).+$/ is not checked: lookahead");
  const exec = await apispec(["exec", "api-docs/apis/users/get-user.md"], { cwd: ws.dir });
  assertEquals(exec.code, 0, exec.stderr);
  assertStringIncludes(exec.stdout + exec.stderr, "is not checked");
});

Deno.test("a schema pattern that is not JavaScript is still an invalid schema", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": schemaSpec("/users/1", { type: "string", pattern: "(a+" }),
  }));
  const validate = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validate.code, 2);
  assertStringIncludes(validate.stderr, "Cannot use schema: Invalid regular expression");
});
