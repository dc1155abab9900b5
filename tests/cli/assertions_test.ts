/**
 * Richer assertions (BEYOND §6) through the real CLI against a real API:
 * comparisons, length, type, not, duration_ms, resolved values in messages,
 * `strict-assertions: true` in project.md, and unknown operators refused.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const SPEC = "api-docs/apis/users/get-user.md";
const body = { id: 42, views: 7, name: "Ada Lovelace", tags: ["a", "b"], debug: null };

function withAssertions(lines: string[], frontmatter = "vars:\n  wanted: 42\n"): string {
  return endpoint({
    frontmatter,
    sections: `\n## Assertions\n\n${lines.map((l) => `- ${l}`).join("\n")}\n`,
  });
}

/** The 1-based line of the first line holding `needle`. */
function lineOf(text: string, needle: string): number {
  return text.split("\n").findIndex((line) => line.includes(needle)) + 1;
}

interface Result {
  passed: boolean;
  assertion_results: { rule: string; passed: boolean; message: string }[];
}

Deno.test("exec evaluates comparisons, length, type, not and duration_ms with resolved values", async () => {
  await using api = startTestApi(() => jsonResponse(body));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": withAssertions([
      "body.views: > 5",
      "body.views: <= 6",
      "body.tags: length >= 1",
      "body.id: type integer",
      "body.name: not contains test",
      "headers.x-debug: not exists",
      "duration_ms: < 60000",
      "body.id: != {{wanted}}",
      "body.id: equals {{wanted}}",
    ]),
  }));
  const result = await apispec(["exec", SPEC, "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const record = json<Result>(result);
  assertEquals(record.assertion_results.map((a) => [a.rule, a.passed]), [
    ["body.views: > 5", true],
    ["body.views: <= 6", false],
    ["body.tags: length >= 1", true],
    ["body.id: type integer", true],
    ["body.name: not contains test", true],
    ["headers.x-debug: not exists", true],
    ["duration_ms: < 60000", true],
    ["body.id: != {{wanted}}", false],
    ["body.id: equals {{wanted}}", true],
  ]);
  assertEquals(record.assertion_results[1].message, "body.views: expected <= 6, got 7");
  // The message shows the resolved value, never the placeholder.
  assertEquals(record.assertion_results[7].message, "body.id: expected != 42, got 42");
  // Without strict assertions failing rules do not fail the run.
  assertEquals(record.passed, true);

  const strict = await apispec(["exec", SPEC, "--strict-assertions"], { cwd: ws.dir });
  assertEquals(strict.code, 1);
  assertStringIncludes(strict.stdout, "body.views: expected <= 6, got 7");
});

Deno.test("strict-assertions: true in project.md makes failing assertions fail every run", async () => {
  await using api = startTestApi(() => jsonResponse(body));
  const files = collectionFiles(api.url, {
    "apis/users/get-user.md": withAssertions(["body.views: > 100"]),
  });
  files["api-docs/project.md"] = "---\nname: test\nversion: 1\nstrict-assertions: true\n---\n";
  await using ws = await workspace(files);
  const result = await apispec(["exec", SPEC, "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 1, result.stderr);
  assertEquals(json<Result>(result).passed, false);
  assertEquals(result.stderr.includes("Unknown frontmatter key"), false, result.stderr);

  await ws.write(
    "api-docs/project.md",
    "---\nname: test\nversion: 1\nstrict-assertions: yes\n---\n",
  );
  const invalid = await apispec(["validate", "api-docs/project.md"], { cwd: ws.dir });
  assertEquals(invalid.code, 2);
  assertStringIncludes(invalid.stderr, 'Field "strict-assertions" must be true or false');
});

Deno.test("an unknown operator is an invalid spec at validate and exec: exit 2, file:line, the operators", async () => {
  await using api = startTestApi(() => jsonResponse(body));
  const spec = withAssertions(["status: 200", "body.views: >> 5"]);
  await using ws = await workspace(collectionFiles(api.url, { "apis/users/get-user.md": spec }));
  for (const command of ["validate", "exec"]) {
    const result = await apispec([command, SPEC], { cwd: ws.dir });
    assertEquals(result.code, 2, `${command}: ${result.stderr}`);
    assertStringIncludes(result.stderr, `get-user.md:${lineOf(spec, ">> 5")}`);
    assertStringIncludes(result.stderr, 'unknown operator ">>"');
    assertStringIncludes(result.stderr, "Known operators: equals (or none), !=, >, >=, <, <=");
  }
  assertEquals(api.requests.length, 0);
});

Deno.test("matches runs on RE2: a catastrophic pattern answers at once, unsupported syntax is invalid", async () => {
  await using api = startTestApi(() => jsonResponse({ word: "a".repeat(40) + "!" }));
  const classSpec = withAssertions(["body.word: matches [\\b]"]);
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": withAssertions(["body.word: matches (a+)+$"]),
    "apis/users/get-lookahead.md": withAssertions(["body.word: matches ^(?=a)"]),
    "apis/users/get-class.md": classSpec,
  }));
  // With a backtracking engine this rule would run for days; with --timeout ignored.
  const result = await apispec(["exec", SPEC, "--output=json", "--strict-assertions"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 1, result.stderr);
  assertEquals(
    json<Result>(result).assertion_results[0].message.startsWith(
      'body.word: expected to match (a+)+$, got "aaaa',
    ),
    true,
  );

  const lookahead = await apispec(["validate", "api-docs/apis/users/get-lookahead.md"], {
    cwd: ws.dir,
  });
  assertEquals(lookahead.code, 2);
  assertStringIncludes(lookahead.stderr, "lookahead and lookbehind");
  assertStringIncludes(lookahead.stderr, "RE2");
  // JavaScript accepts `[\b]`; RE2 does not, and says so before anything is sent.
  const requestsBefore = api.requests.length;
  const klass = await apispec(["exec", "api-docs/apis/users/get-class.md"], { cwd: ws.dir });
  assertEquals(klass.code, 2, klass.stderr);
  assertStringIncludes(klass.stderr, "RE2 rejects");
  assertStringIncludes(klass.stderr, `get-class.md:${lineOf(classSpec, "[\\b]")}`);
  assertEquals(api.requests.length, requestsBefore);
});
