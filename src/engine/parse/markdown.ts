/**
 * Splits a markdown file into frontmatter, title and `## ` sections with
 * 1-based line numbers, in one pass over the lines.
 *
 * This is the block structure of CommonMark that endpoint, flow and env files
 * use (ATX and setext headings, fenced code, HTML comments, list items,
 * paragraphs), written for speed: parsing a whole endpoint file must stay
 * within tens of microseconds (bench/parse_bench.ts). `markdown_test.ts`
 * checks it against marked's lexer on real files.
 */

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
  /** Top-level list items, one per marker line. */
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
  const bare = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Most files have no carriage return; skipping the scan for one is 2% of a validate.
  return bare.includes("\r") ? bare.replace(/\r\n?/g, "\n") : bare;
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

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_MARKER = /^( {0,3})(?:[-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const BLOCK_STARTS = new Set([
  "`",
  "~",
  "<",
  "#",
  "=",
  "-",
  "*",
  "_",
  "+",
  "0",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
]);

/** Parses markdown into sections; never throws. */
export function parseMarkdown(source: string): MdDocument {
  const { frontmatter, body, bodyLine, unclosed } = splitFrontmatter(source);
  const lines = body.split("\n");
  const doc: MdDocument = {
    frontmatter,
    unclosedFrontmatter: unclosed || undefined,
    description: "",
    sections: [],
    lineCount: bodyLine + lines.length - 1,
  };
  let section: MdSection | undefined;
  let sectionStart = 0;
  let paragraph: { lines: string[]; line: number; index: number } | undefined;
  /** Indent of the current top-level list's markers, or -1 outside a list. */
  let listIndent = -1;
  let blankSeen = false;
  let descriptionDone = false;

  const closeSection = (endIndex: number) => {
    if (!section) return;
    section.endLine = bodyLine + endIndex - 1;
    let from = sectionStart;
    let to = endIndex;
    while (from < to && lines[from] === "") from++;
    while (to > from && lines[to - 1] === "") to--;
    section.body = lines.slice(from, to).join("\n");
  };
  const flushParagraph = () => {
    if (!paragraph) return;
    const text = paragraph.lines.map((l) => l.trim()).join("\n");
    if (section) section.paragraphs.push({ text, line: paragraph.line });
    else if (doc.title && !descriptionDone) {
      doc.description = text;
      descriptionDone = true;
    }
    paragraph = undefined;
  };
  const heading = (level: number, text: string, index: number) => {
    const line = bodyLine + index;
    if (level === 1 && !doc.title && !section) {
      doc.title = { text, line };
    } else if (level === 2) {
      closeSection(index);
      section = {
        heading: text,
        level: 2,
        line,
        endLine: line,
        body: "",
        codeBlocks: [],
        listItems: [],
        subheadings: [],
        paragraphs: [],
      };
      sectionStart = index + 1;
      doc.sections.push(section);
      descriptionDone = true;
    } else if (section) {
      section.subheadings.push({ text, line });
    }
  };

  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    if (isBlank(text)) {
      flushParagraph();
      blankSeen = true;
      continue;
    }
    // Fast path: a line whose first visible character opens no block is paragraph text.
    if (listIndent === -1 && !BLOCK_STARTS.has(firstVisible(text))) {
      blankSeen = false;
      if (paragraph) paragraph.lines.push(text);
      else paragraph = { lines: [text], line: bodyLine + i, index: i };
      continue;
    }
    const fence = FENCE_OPEN.exec(text);
    if (fence && !(fence[2][0] === "`" && fence[3].includes("`"))) {
      flushParagraph();
      listIndent = -1;
      const [, indent, marker, info] = fence;
      const content: string[] = [];
      let j = i + 1;
      for (; j < lines.length && !closesFence(lines[j], marker); j++) {
        content.push(indent ? dedent(lines[j], indent.length) : lines[j]);
      }
      section?.codeBlocks.push({
        lang: info.trim().split(/\s+/)[0].toLowerCase(),
        text: content.join("\n"),
        line: bodyLine + i,
        contentLine: bodyLine + i + 1,
      });
      i = j;
      blankSeen = false;
      continue;
    }
    if (/^ {0,3}<!--/.test(text)) {
      flushParagraph();
      let j = i;
      while (j < lines.length && !lines[j].includes("-->")) j++;
      i = j;
      continue;
    }
    const atx = ATX.exec(text);
    if (atx) {
      flushParagraph();
      listIndent = -1;
      heading(atx[1].length, (atx[2] ?? "").trim(), i);
      continue;
    }
    const setext = paragraph && SETEXT.exec(text);
    if (setext && paragraph) {
      // `Title` over `===` or `---` is a heading, not a paragraph and a rule.
      const headingText = paragraph.lines.map((l) => l.trim()).join(" ");
      const start = paragraph.index;
      paragraph = undefined;
      heading(setext[1][0] === "=" ? 1 : 2, headingText, start);
      if (setext[1][0] === "-" && section?.line === bodyLine + start) sectionStart = i + 1;
      continue;
    }
    if (THEMATIC.test(text)) {
      flushParagraph();
      listIndent = -1;
      continue;
    }
    const item = LIST_MARKER.exec(text);
    const indent = item ? item[1].length : text.length - text.trimStart().length;
    if (
      item && (listIndent === -1 || indent <= listIndent) &&
      !(paragraph && listIndent === -1 && !item[2])
    ) {
      flushParagraph();
      listIndent = indent;
      section?.listItems.push({ text: (item[2] ?? "").trim(), line: bodyLine + i });
      blankSeen = false;
      continue;
    }
    if (listIndent !== -1 && (indent > listIndent || (!blankSeen && !item))) {
      blankSeen = false;
      continue; // continuation or nested content of a list item
    }
    listIndent = -1;
    blankSeen = false;
    if (paragraph) paragraph.lines.push(text);
    else paragraph = { lines: [text], line: bodyLine + i, index: i };
  }
  flushParagraph();
  closeSection(lines.length);
  if (section) section.endLine = doc.lineCount;
  return doc;
}

function firstVisible(line: string): string {
  let i = 0;
  while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
  return line[i] ?? "";
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** A closing fence: up to 3 spaces, the opening character at least as many times, then only spaces. */
function closesFence(line: string, marker: string): boolean {
  let i = 0;
  while (i < 3 && line[i] === " ") i++;
  let run = 0;
  while (line[i + run] === marker[0]) run++;
  return run >= marker.length && line.slice(i + run).trim() === "";
}

/** Removes up to `width` leading spaces, as CommonMark does for an indented fence's content. */
function dedent(line: string, width: number): string {
  let i = 0;
  while (i < width && line[i] === " ") i++;
  return line.slice(i);
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count++;
  return count;
}
