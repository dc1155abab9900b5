import { assertEquals } from "@std/assert";
import { editEnvText } from "./env_edit.ts";
import { parseEnvFile } from "../parse/env.ts";

const FILE = `# Environments

Shape and safe defaults.

## dev

\`\`\`yaml
baseUrl: http://localhost:8080 # the local server
pageSize: 20
headers:
  x-trace: on
\`\`\`

## staging

\`\`\`yaml
baseUrl: https://staging.example.com
\`\`\`
`;

const vars = (text: string, env: string) =>
  parseEnvFile(text, "env.md").env.sections.find((s) => s.name === env)?.vars;

Deno.test("editEnvText() changes, adds and removes one environment's variables, keeping the rest", () => {
  const { text, issues } = editEnvText(FILE, {
    env: "dev",
    set: { pageSize: "50", userId: "42", greeting: "hello: world" },
    remove: ["headers"],
  });
  assertEquals(issues, []);
  assertEquals(vars(text, "dev"), {
    baseUrl: "http://localhost:8080",
    pageSize: "50",
    userId: "42",
    greeting: "hello: world",
  });
  assertEquals(vars(text, "staging"), { baseUrl: "https://staging.example.com" });
  // Untouched lines stay as written, comments included; the prose too.
  assertEquals(text.includes("baseUrl: http://localhost:8080 # the local server"), true);
  assertEquals(text.startsWith("# Environments\n\nShape and safe defaults.\n"), true);
});

Deno.test("editEnvText() appends a new environment, and starts an empty file", () => {
  const added = editEnvText(FILE, {
    env: "prod",
    set: { baseUrl: "https://api.example.com" },
    remove: [],
  });
  assertEquals(vars(added.text, "prod"), { baseUrl: "https://api.example.com" });
  assertEquals(vars(added.text, "dev")?.pageSize, "20");
  const fresh = editEnvText("", { env: "dev", set: { baseUrl: "http://a" }, remove: [] });
  assertEquals(fresh.text, "## dev\n\n```yaml\nbaseUrl: http://a\n```\n");
});

Deno.test("editEnvText() refuses what would not read back: bad names, values on several lines", () => {
  const sets: Record<string, string>[] = [{ "bad name": "x" }, { note: "two\nlines" }];
  for (const set of sets) {
    const { text, issues } = editEnvText(FILE, { env: "dev", set, remove: [] });
    assertEquals(text, FILE);
    assertEquals(issues.length, 1);
    assertEquals(issues[0].code, "VALIDATION_ERROR");
  }
  assertEquals(editEnvText(FILE, { env: "a b", set: { x: "1" }, remove: [] }).issues.length, 1);
});

Deno.test("editEnvText() keeps values that YAML would read as numbers or booleans as the text given", () => {
  const { text } = editEnvText(FILE, {
    env: "dev",
    set: { retries: "3", debug: "true", empty: "", quote: 'it\'s "x"' },
    remove: [],
  });
  assertEquals(vars(text, "dev")?.retries, "3");
  assertEquals(vars(text, "dev")?.debug, "true");
  assertEquals(vars(text, "dev")?.empty, "");
  assertEquals(vars(text, "dev")?.quote, 'it\'s "x"');
});

Deno.test("editEnvText() writes numbers and booleans as YAML numbers and booleans, not strings", () => {
  const { text } = editEnvText(FILE, {
    env: "dev",
    set: { pageSize: "10", debug: "false", version: "1.10", zip: "007", name: "20 items" },
    remove: [],
  });
  assertEquals(text.includes("pageSize: 10\n"), true, text);
  assertEquals(text.includes("debug: false\n"), true, text);
  // Text YAML would read differently stays a quoted string.
  assertEquals(text.includes("version: '1.10'\n"), true, text);
  assertEquals(text.includes("zip: '007'\n"), true, text);
  assertEquals(text.includes("name: 20 items\n"), true, text);
  assertEquals(vars(text, "dev")?.version, "1.10");
  assertEquals(vars(text, "dev")?.zip, "007");
});

Deno.test("editEnvText() keeps a value quoted where the file quoted it", () => {
  const quoted = FILE.replace("pageSize: 20", "pageSize: '20'");
  const { text } = editEnvText(quoted, { env: "dev", set: { pageSize: "30" }, remove: [] });
  assertEquals(text.includes("pageSize: '30'\n"), true, text);
});
