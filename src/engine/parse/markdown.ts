/**
 * Splits a markdown file into frontmatter, title and `## ` sections with
 * 1-based line numbers. marked's lexer carries no positions, but the raw text
 * of its top-level tokens concatenates back to the source, so summing newlines
 * gives every token's line exactly.
 */
import { Lexer, type Token, type Tokens } from "marked";

export interface MdCodeBlock {
  /** First word of the info string, lower case (`http`, `json`, `yaml`). */
  lang: string;
  text: string;
  /** Line of the opening fence. */
  line: number;
  /** Line of the first content line. */
  contentLine: number;
}

export interface MdListItem {
  text: string;
  line: number;
}

export interface MdSection {
  heading: string;
  level: number;
  line: number;
  /** Last line that belongs to the section. */
  endLine: number;
  /** Markdown between this heading and the next section heading. */
  body: string;
  codeBlocks: MdCodeBlock[];
  listItems: MdListItem[];
  /** Level-3 and deeper headings inside the section. */
  subheadings: { text: string; line: number }[];
  paragraphs: { text: string; line: number }[];
}

export interface MdDocument {
  /** `line` is the first YAML line, `endLine` the closing fence. */
  frontmatter?: { text: string; line: number; endLine: number };
  /** Set when the file opens a frontmatter fence but never closes it. */
  unclosedFrontmatter?: boolean;
  title?: { text: string; line: number };
  /** First paragraph between the title and the first section. */
  description: string;
  /** Sections opened by level-2 headings, in file order. */
  sections: MdSection[];
  lineCount: number;
}

/** Normalises line endings and drops a byte-order mark. */
export function normalizeText(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** Returns the frontmatter block (between `---` fences on the first lines) and the rest. */
export function splitFrontmatter(
  source: string,
): { frontmatter?: MdDocument["frontmatter"]; body: string; bodyLine: number; unclosed: boolean } {
  const text = normalizeText(source);
  if (!/^---[ \t]*(\n|$)/.test(text)) return { body: text, bodyLine: 1, unclosed: false };
  const fence = /^(?:---|\.\.\.)[ \t]*$/m;
  const start = text.indexOf("\n") + 1;
  const close = start === 0 ? null : fence.exec(text.slice(start));
  if (!close) return { body: text, bodyLine: 1, unclosed: true };
  const fmText = text.slice(start, start + close.index).replace(/\n$/, "");
  const endLine = 2 + countNewlines(text.slice(start, start + close.index));
  const afterFence = text.indexOf("\n", start + close.index);
  return {
    frontmatter: { text: fmText, line: 2, endLine },
    body: afterFence === -1 ? "" : text.slice(afterFence + 1),
    bodyLine: endLine + 1,
    unclosed: false,
  };
}

/** Parses markdown into sections; never throws. */
export function parseMarkdown(source: string): MdDocument {
  const { frontmatter, body, bodyLine, unclosed } = splitFrontmatter(source);
  const doc: MdDocument = {
    frontmatter,
    unclosedFrontmatter: unclosed || undefined,
    description: "",
    sections: [],
    lineCount: bodyLine + countNewlines(body),
  };
  let line = bodyLine;
  let current: MdSection | undefined;
  let descriptionDone = false;
  for (const token of new Lexer().blockTokens(body, [])) {
    const tokenLine = line + leadingNewlines(token.raw);
    line += countNewlines(token.raw);
    if (token.type === "heading") {
      const heading = token as Tokens.Heading;
      if (heading.depth === 1 && !doc.title && !current) {
        doc.title = { text: heading.text.trim(), line: tokenLine };
        continue;
      }
      if (heading.depth === 2) {
        if (current) current.endLine = tokenLine - 1;
        current = {
          heading: heading.text.trim(),
          level: 2,
          line: tokenLine,
          endLine: tokenLine,
          body: "",
          codeBlocks: [],
          listItems: [],
          subheadings: [],
          paragraphs: [],
        };
        doc.sections.push(current);
        descriptionDone = true;
        continue;
      }
      if (current) current.subheadings.push({ text: heading.text.trim(), line: tokenLine });
    }
    if (!current) {
      if (!descriptionDone && token.type === "paragraph" && doc.title) {
        doc.description = (token as Tokens.Paragraph).text.trim();
        descriptionDone = true;
      }
      continue;
    }
    current.body += token.raw;
    collect(current, token, tokenLine);
  }
  if (current) current.endLine = line;
  for (const section of doc.sections) section.body = section.body.replace(/^\n+|\n+$/g, "");
  return doc;
}

function collect(section: MdSection, token: Token, line: number): void {
  if (token.type === "code") {
    const code = token as Tokens.Code;
    if (code.codeBlockStyle === "indented") return;
    section.codeBlocks.push({
      lang: (code.lang ?? "").trim().split(/\s+/)[0].toLowerCase(),
      text: code.text,
      line,
      contentLine: line + 1,
    });
  } else if (token.type === "list") {
    section.listItems.push(...listItems(token.raw, line));
  } else if (token.type === "paragraph") {
    section.paragraphs.push({ text: (token as Tokens.Paragraph).text, line });
  }
}

/** Top-level list items of a list token, one per marker line; continuation lines are not items. */
function listItems(raw: string, firstLine: number): MdListItem[] {
  const items: MdListItem[] = [];
  const lines = raw.split("\n");
  const indent = /^(\s*)/.exec(lines[0])?.[1].length ?? 0;
  lines.forEach((text, index) => {
    const match = /^(\s*)(?:[-*+]|\d+[.)])[ \t]+(.*)$/.exec(text);
    if (match && match[1].length <= indent) {
      items.push({ text: match[2].trim(), line: firstLine + index });
    }
  });
  return items;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

function leadingNewlines(text: string): number {
  let count = 0;
  while (count < text.length && text[count] === "\n") count++;
  return count;
}
