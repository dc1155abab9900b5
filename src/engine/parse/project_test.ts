import { assertEquals } from "@std/assert";
import { parseProject } from "./project.ts";

const project = (extra: string) => `---\nname: shop\nversion: 1\n${extra}---\n`;

Deno.test("parseProject() reads `openapi` as a path relative to project.md, without a warning", () => {
  const { config, issues } = parseProject(project("openapi: ../openapi.yaml\n"), "project.md");
  assertEquals(config.openapi, "../openapi.yaml");
  assertEquals(issues, []);
  assertEquals(parseProject(project(""), "project.md").config.openapi, undefined);
  assertEquals(
    parseProject(project("openapi: specs/./api.json\n"), "project.md").config.openapi,
    "specs/./api.json",
  );
});

Deno.test("parseProject() refuses an `openapi` that is a URL, absolute, or leaves the project", () => {
  const cases: [string, string][] = [
    ["https://api.example.com/openapi.json", 'must be a file path, got the URL "https://'],
    ["/etc/openapi.yaml", 'must be relative to project.md, got "/etc/openapi.yaml"'],
    ["C:\\\\specs\\\\openapi.yaml", "must be relative to project.md"],
    ["../../openapi.yaml", 'leaves the project: "../../openapi.yaml"'],
    ["docs/../../../openapi.yaml", "leaves the project"],
  ];
  for (const [value, message] of cases) {
    const { config, issues } = parseProject(project(`openapi: "${value}"\n`), "project.md");
    assertEquals(config.openapi, undefined, value);
    assertEquals(issues.length, 1, value);
    assertEquals(issues[0].severity, "error");
    assertEquals(issues[0].line, 4, value);
    assertEquals(issues[0].message.includes(message), true, `${value}: ${issues[0].message}`);
  }
  const notText = parseProject(project("openapi: 3\n"), "project.md").issues;
  assertEquals(notText.map((i) => i.message), ['Field "openapi" must be a non-empty string']);
});
