/**
 * Environment files (`_shared/env.template.md`, `_shared/env.md`): one
 * `## <env>` heading per environment, then one ```yaml block of `name: value`.
 */
import { type Issue, issue, warning } from "../issue.ts";
import type { EnvFile, EnvSection } from "../model.ts";
import { parseMarkdown } from "./markdown.ts";
import { keyLine, parseYaml, scalarText } from "./yaml.ts";

/**
 * Parses an environment file.
 *
 * @example
 * ```ts
 * import { parseEnvFile } from "./env.ts";
 * const { env } = parseEnvFile("## dev\n\n```yaml\nbaseUrl: http://localhost:8080\n```\n", "env.md");
 * env.sections[0].vars.baseUrl; // "http://localhost:8080"
 * ```
 */
export function parseEnvFile(text: string, file: string): { env: EnvFile; issues: Issue[] } {
  const doc = parseMarkdown(text);
  const issues: Issue[] = [];
  const sections: EnvSection[] = [];
  for (const section of doc.sections) {
    const name = section.heading.trim();
    if (!/^[\w.-]+$/.test(name)) {
      issues.push(issue("SPEC_PARSE_ERROR", `Environment name "${name}" is not a single word`, {
        file,
        line: section.line,
        fix: "Name environments with letters, digits, - or _, e.g. `## staging`",
      }));
      continue;
    }
    if (sections.some((s) => s.name === name)) {
      issues.push(issue("SPEC_PARSE_ERROR", `Environment "${name}" is defined twice`, {
        file,
        line: section.line,
        fix: "Merge the two sections into one",
      }));
      continue;
    }
    const blocks = section.codeBlocks.filter((b) => b.lang === "yaml" || b.lang === "yml");
    if (blocks.length !== 1) {
      issues.push(
        issue(
          "SPEC_PARSE_ERROR",
          `Environment "${name}" must hold exactly one \`\`\`yaml block, found ${blocks.length}`,
          {
            file,
            line: section.line,
            fix: "Put the variables in one fenced block that opens with ```yaml",
          },
        ),
      );
      continue;
    }
    const block = blocks[0];
    const parsed = parseYaml(block.text, file, block.contentLine);
    if (!parsed.ok) {
      issues.push(parsed.issue);
      continue;
    }
    const value = parsed.value ?? {};
    if (typeof value !== "object" || Array.isArray(value)) {
      issues.push(
        issue("SPEC_PARSE_ERROR", `Environment "${name}" must be a YAML map of name: value`, {
          file,
          line: block.contentLine,
          fix: "Write one `name: value` per line, e.g. `baseUrl: http://localhost:8080`",
        }),
      );
      continue;
    }
    const vars: Record<string, string> = {};
    const lines: Record<string, number> = {};
    for (const [key, raw] of Object.entries(value)) {
      vars[key] = scalarText(raw);
      lines[key] = keyLine(block.text, block.contentLine, [key]) ?? block.contentLine;
    }
    sections.push({ name, line: section.line, vars, lines });
  }
  if (doc.sections.length === 0 && text.trim() !== "") {
    issues.push(warning("Environment file defines no environment", {
      file,
      line: 1,
      fix: "Add a `## dev` heading followed by a ```yaml block of variables",
    }));
  }
  return { env: { file, sections }, issues };
}
