import { assertEquals, assertMatch } from "@std/assert";
import { parseEnvFile } from "./env.ts";
import { parseDotenv } from "./dotenv.ts";

Deno.test("parseEnvFile() reads one yaml block per environment, non-strings as JSON text", () => {
  const text =
    "# Envs\n\n## dev\n\n```yaml\nbaseUrl: http://localhost:8080\npageSize: 20\ndebug: true\nids: [1, 2]\n```\n\n## staging\n\n```yml\nbaseUrl: https://staging.example\n```\n";
  const { env, issues } = parseEnvFile(text, "env.md");
  assertEquals(issues, []);
  assertEquals(env.sections.map((s) => s.name), ["dev", "staging"]);
  assertEquals(env.sections[0].vars, {
    baseUrl: "http://localhost:8080",
    pageSize: "20",
    debug: "true",
    ids: "[1,2]",
  });
  assertEquals(env.sections[0].lines.pageSize, 7);
});

Deno.test("parseEnvFile() reports missing blocks, duplicates, bad names and bad YAML with lines", () => {
  const cases: [string, RegExp, number][] = [
    ["## dev\n\nno block\n", /exactly one ```yaml block, found 0/, 1],
    ["## dev\n\n```yaml\na: 1\n```\n\n## dev\n\n```yaml\na: 2\n```\n", /defined twice/, 7],
    ["## my env\n\n```yaml\na: 1\n```\n", /not a single word/, 1],
    ["## dev\n\n```yaml\na: [1\n```\n", /Cannot parse YAML/, 4],
    ["## dev\n\n```yaml\n- a\n- b\n```\n", /must be a YAML map/, 4],
  ];
  for (const [text, message, line] of cases) {
    const [issue] = parseEnvFile(text, "env.md").issues;
    assertMatch(issue.message, message);
    assertEquals([issue.file, issue.severity], ["env.md", "error"]);
    assertEquals(issue.line! >= line, true, `${issue.message} at ${issue.line}`);
  }
});

Deno.test("parseDotenv() handles export, comments, quotes, escapes and multi-line values", () => {
  const text = [
    "# comment",
    "export AUTH_TOKEN=abc123",
    "PLAIN = value with spaces # trailing comment",
    "SINGLE='literal $HOME # not a comment'",
    'DOUBLE="line1\\nline2 \\"quoted\\""',
    'MULTI="first',
    'second"',
    "EMPTY=",
    "",
    "lowerCamel=ok",
  ].join("\n");
  const { vars, issues } = parseDotenv(text, ".env.local");
  assertEquals(issues, []);
  assertEquals(vars, {
    AUTH_TOKEN: "abc123",
    PLAIN: "value with spaces",
    SINGLE: "literal $HOME # not a comment",
    DOUBLE: 'line1\nline2 "quoted"',
    MULTI: "first\nsecond",
    EMPTY: "",
    lowerCamel: "ok",
  });
});

Deno.test("parseDotenv() reports lines it cannot read and unclosed quotes", () => {
  const { vars, issues } = parseDotenv(
    'GOOD=1\nthis is not dotenv\nOPEN="never closed\n',
    ".env.local",
  );
  assertEquals(vars, { GOOD: "1" });
  assertEquals(issues.map((i) => [i.line, i.code]), [[2, "SPEC_PARSE_ERROR"], [
    3,
    "SPEC_PARSE_ERROR",
  ]]);
});
