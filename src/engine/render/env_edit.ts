/**
 * Edits one environment of an environment file (`## <env>` + a ```yaml
 * block) in place: a changed variable's line is replaced, a new one is added
 * at the end of the block, a removed one is dropped. Everything else (prose,
 * other environments, comments, key order) stays as written. The result is
 * parsed again and must hold exactly the values asked for.
 */
import { type Issue, issue } from "../issue.ts";
import { parseEnvFile } from "../parse/env.ts";
import { parseMarkdown } from "../parse/markdown.ts";
import { keyLine, loadYaml, scalarText, stringifyYaml } from "../parse/yaml.ts";

export interface EnvEdit {
  env: string;
  /** Variables to add or change. */
  set: Record<string, string>;
  /** Variables to drop. */
  remove: string[];
}

const NAME = /^[A-Za-z_][\w.-]*$/;
const ENV_NAME = /^[\w.-]+$/;

/**
 * A variable's line. Variables hold text, but the file's YAML has types: a
 * value that YAML reads as a number or boolean of the same text (`20`,
 * `true`) is written as one, as people write them (`pageSize: 20`, never
 * `'20'`), unless the line it replaces quoted its value (a string on
 * purpose). Anything else is a string, quoted only where YAML needs it.
 */
function yamlLine(name: string, value: string, replaced?: string): string {
  const quotedBefore = replaced !== undefined && /^[^:]+:\s*["']/.test(replaced);
  let typed: unknown = value;
  if (!quotedBefore && value.trim() === value && value !== "") {
    try {
      const read = loadYaml(value, "value").value;
      if ((typeof read === "number" || typeof read === "boolean") && scalarText(read) === value) {
        typed = read;
      }
    } catch { /* not a YAML scalar: a string */ }
  }
  return stringifyYaml({ [name]: typed }).replace(/\n$/, "");
}

/** Index of a top-level key's line among the block's lines, and how many lines its value takes. */
function keySpan(lines: string[], name: string): { at: number; length: number } | undefined {
  const line = keyLine(lines.join("\n"), 0, [name]);
  if (line === undefined || /^\s/.test(lines[line])) return undefined;
  let length = 1;
  // A value continued on indented lines (a block scalar or a nested map) goes with its key.
  while (line + length < lines.length && /^\s+\S/.test(lines[line + length])) length++;
  return { at: line, length };
}

/**
 * @example
 * ```ts
 * import { editEnvText } from "./env_edit.ts";
 * const text = "## dev\n\n```yaml\nbaseUrl: http://a # local\npageSize: 20\n```\n";
 * editEnvText(text, { env: "dev", set: { baseUrl: "http://b" }, remove: ["pageSize"] }).text;
 * // "## dev\n\n```yaml\nbaseUrl: http://b\n```\n"
 * ```
 */
export function editEnvText(text: string, edit: EnvEdit, file = "env.md"): {
  text: string;
  issues: Issue[];
} {
  const fail = (message: string, fix: string) => ({
    text,
    issues: [issue("VALIDATION_ERROR", message, { file, fix })],
  });
  if (!ENV_NAME.test(edit.env)) {
    return fail(
      `Environment name "${edit.env}" is not a single word`,
      "Use letters, digits, - or _",
    );
  }
  for (const [name, value] of Object.entries(edit.set)) {
    if (!NAME.test(name)) {
      return fail(
        `Variable name "${name}" is not valid`,
        "Use letters, digits and _, e.g. baseUrl",
      );
    }
    if (/[\r\n]/.test(value)) {
      return fail(`The value of "${name}" spans lines`, "Keep environment values on one line");
    }
  }
  const source = text.replace(/\r\n?/g, "\n");
  const doc = parseMarkdown(source);
  const section = doc.sections.find((s) => s.level === 2 && s.heading.trim() === edit.env);
  let out: string;
  if (!section) {
    if (Object.keys(edit.set).length === 0) return { text, issues: [] };
    const block = Object.entries(edit.set).map(([n, v]) => yamlLine(n, v)).join("\n");
    const base = source.trim() === "" ? "" : source.replace(/\n*$/, "\n\n");
    out = `${base}## ${edit.env}\n\n\`\`\`yaml\n${block}\n\`\`\`\n`;
  } else {
    const blocks = section.codeBlocks.filter((b) => b.lang === "yaml" || b.lang === "yml");
    if (blocks.length !== 1) {
      return fail(
        `Environment "${edit.env}" must hold exactly one \`\`\`yaml block, found ${blocks.length}`,
        "Fix the file by hand, then edit it here",
      );
    }
    const block = blocks[0];
    const lines = source.split("\n");
    const body = block.text.replace(/\n$/, "");
    const content = body === "" ? [] : body.split("\n");
    for (const name of edit.remove) {
      const span = keySpan(content, name);
      if (span) content.splice(span.at, span.length);
    }
    for (const [name, value] of Object.entries(edit.set)) {
      const span = keySpan(content, name);
      if (span) content.splice(span.at, span.length, yamlLine(name, value, content[span.at]));
      else content.push(yamlLine(name, value));
    }
    lines.splice(block.contentLine - 1, body === "" ? 0 : body.split("\n").length, ...content);
    out = lines.join("\n");
  }
  // The file must read back as exactly what was asked for.
  const { env, issues } = parseEnvFile(out, file);
  const errors = issues.filter((i) => i.severity === "error");
  if (errors.length > 0) return { text, issues: errors };
  const vars = env.sections.find((s) => s.name === edit.env)?.vars ?? {};
  const wrong = Object.entries(edit.set).find(([n, v]) => vars[n] !== v) ??
    edit.remove.filter((n) => !(n in edit.set)).map((n) => [n, ""]).find(([n]) => n in vars);
  if (wrong) {
    return fail(
      `Cannot write "${wrong[0]}" so that it reads back as given`,
      "Edit the file by hand",
    );
  }
  return { text: out, issues: [] };
}
