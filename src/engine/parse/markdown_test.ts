import { assertEquals } from "@std/assert";
import { parseMarkdown, splitFrontmatter } from "./markdown.ts";

Deno.test("parseMarkdown() gives sections, code blocks and list items exact lines", () => {
  const text =
    "---\na: 1\n---\n# Title\n\nFirst paragraph\nstill first.\n\n## One\n\n```http title\nGET /\n```\n\n- item one\n- item two\n  continued\n\n### Sub\n\n## Two\n\n~~~json\n{}\n~~~\n";
  const doc = parseMarkdown(text);
  assertEquals(doc.frontmatter, { text: "a: 1", line: 2, endLine: 3 });
  assertEquals(doc.title, { text: "Title", line: 4 });
  assertEquals(doc.description, "First paragraph\nstill first.");
  assertEquals(doc.sections.map((s) => [s.heading, s.line, s.endLine]), [["One", 9, 20], [
    "Two",
    21,
    26,
  ]]);
  assertEquals(doc.sections[0].codeBlocks, [{
    lang: "http",
    text: "GET /",
    line: 11,
    contentLine: 12,
  }]);
  assertEquals(doc.sections[0].listItems, [{ text: "item one", line: 15 }, {
    text: "item two",
    line: 16,
  }]);
  assertEquals(doc.sections[0].subheadings, [{ text: "Sub", line: 19 }]);
  assertEquals(doc.sections[1].codeBlocks[0].line, 23);
});

Deno.test("parseMarkdown() ignores headings inside code fences", () => {
  const doc = parseMarkdown("## Real\n\n```md\n## Not a section\n```\n");
  assertEquals(doc.sections.map((s) => s.heading), ["Real"]);
});

Deno.test("splitFrontmatter() detects an unclosed fence and accepts ... as the closer", () => {
  assertEquals(splitFrontmatter("---\na: 1\n").unclosed, true);
  assertEquals(splitFrontmatter("---\na: 1\n...\nbody").body, "body");
  assertEquals(splitFrontmatter("no frontmatter").frontmatter, undefined);
});
