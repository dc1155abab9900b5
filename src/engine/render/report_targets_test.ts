import { assertEquals, assertStringIncludes } from "@std/assert";
import { parseReportTargets } from "./report_targets.ts";

const FORMATS = ["markdown", "github", "junit", "json"];

Deno.test("parseReportTargets() takes repeated format[=file] values", () => {
  const { targets, issues } = parseReportTargets(
    ["junit=out/junit.xml", "github", "json=report.json"],
    FORMATS,
    "markdown",
  );
  assertEquals(issues, []);
  assertEquals(targets, [
    { format: "junit", file: "out/junit.xml" },
    { format: "github" },
    { format: "json", file: "report.json" },
  ]);
  assertEquals(parseReportTargets([], FORMATS, "markdown").targets, [{ format: "markdown" }]);
});

Deno.test("parseReportTargets() refuses two stdout reports, unknown formats, empty and shared files", () => {
  const cases: [string[], string, string][] = [
    [
      ["junit", "github"],
      "Only one report can go to stdout, got junit and github",
      "--report github=<file>",
    ],
    [["xml=a"], 'Unknown report format "xml"', "markdown, github, junit, json"],
    [["junit="], "--report junit= names no file", "--report junit=<file>"],
    [["junit=a", "json=a"], "Two reports would write a", "its own file"],
  ];
  for (const [values, message, fix] of cases) {
    const { targets, issues } = parseReportTargets(values, FORMATS, "markdown");
    assertEquals(targets, []);
    assertEquals(issues[0].code, "USAGE");
    assertStringIncludes(issues[0].message, message);
    assertStringIncludes(issues[0].fix!, fix);
  }
});
