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

/** Sections, title and fenced code from marked's lexer, the reference for CommonMark blocks. */
async function markedOutline(text: string) {
  const { Lexer } = await import("marked");
  const { body, bodyLine } = splitFrontmatter(text);
  const headings: { depth: number; text: string; line: number }[] = [];
  const code: [string, string, number][] = [];
  let line = bodyLine;
  for (const token of new Lexer().blockTokens(body, [])) {
    let lead = 0;
    while (token.raw[lead] === "\n") lead++;
    const at = line + lead;
    line += token.raw.split("\n").length - 1;
    if (token.type === "heading") {
      headings.push({ depth: token.depth, text: token.text.trim(), line: at });
    }
    if (token.type === "code" && token.codeBlockStyle !== "indented") {
      code.push([(token.lang ?? "").trim().split(/\s+/)[0].toLowerCase(), token.text, at]);
    }
  }
  const firstSection = headings.find((h) => h.depth === 2)?.line ?? Infinity;
  const title = headings.find((h) => h.depth === 1 && h.line < firstSection);
  return {
    title: title && [title.text, title.line],
    sections: headings.filter((h) => h.depth === 2).map((h) => [h.text, h.line]),
    code: code.filter(([, , at]) => at > firstSection),
  };
}

Deno.test("parseMarkdown() agrees with marked on title, sections and code blocks of real files", async () => {
  const root = new URL("../../../", import.meta.url).pathname;
  const files = [`${root}README.md`];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      if (entry.isDirectory) walk(`${dir}/${entry.name}`);
      else if (entry.name.endsWith(".md")) files.push(`${dir}/${entry.name}`);
    }
  };
  for (const dir of ["fixtures", "docs"]) {
    try {
      walk(`${root}${dir}`);
    } catch { /* the folder may not exist yet */ }
  }
  for (const file of files) {
    const text = await Deno.readTextFile(file);
    const doc = parseMarkdown(text);
    assertEquals(
      {
        title: doc.title && [doc.title.text, doc.title.line],
        sections: doc.sections.map((s) => [s.heading, s.line]),
        code: doc.sections.flatMap((s) => s.codeBlocks.map((b) => [b.lang, b.text, b.line])),
      },
      await markedOutline(text),
      file,
    );
  }
});
