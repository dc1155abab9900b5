/** A section that must hold exactly one fenced block of a language. */
import { type Issue, issue } from "../issue.ts";
import type { MdCodeBlock, MdSection } from "./markdown.ts";

/**
 * The section's one `lang` block, or the issue that says how many there are
 * (at the second block, else the heading) and `fix`.
 */
export function oneBlock(
  section: MdSection,
  lang: string,
  file: string,
  fix: string,
): { block?: MdCodeBlock; issue?: Issue } {
  const blocks = section.codeBlocks.filter((b) => b.lang === lang);
  if (blocks.length === 1) return { block: blocks[0] };
  return {
    issue: issue(
      "SPEC_PARSE_ERROR",
      `Section "## ${section.heading}" must hold exactly one \`\`\`${lang} block, found ${blocks.length}`,
      { file, line: blocks[1]?.line ?? section.line, fix },
    ),
  };
}
