/**
 * Merges imported environment values into `_shared/env.template.md` without
 * losing anything: existing environments and keys keep their values and
 * their text; missing keys are added inside the environment's yaml block and
 * missing environments are appended as new sections.
 */
import { parseMarkdown } from "../engine/parse/markdown.ts";
import { parseEnvFile } from "../engine/parse/env.ts";
import { stringifyYaml } from "../engine/parse/yaml.ts";
import type { EnvDraft } from "./endpoint.ts";

export const TEMPLATE_HEADER = `# Environments

The shape of every environment and its safe defaults; committed. Local values go
in \`env.md\` (gitignored); secrets go in \`.env.local\` or \`APISPEC_*\` variables.
`;

export interface EnvMerge {
  text: string;
  /** `env.key` for every key added. */
  added: string[];
}

function yamlLines(vars: Record<string, string>): string {
  return stringifyYaml(vars).replace(/\n$/, "");
}

/**
 * @example
 * ```ts
 * import { mergeEnvTemplate } from "./env_template.ts";
 * const merged = mergeEnvTemplate("## dev\n\n```yaml\nbaseUrl: http://a\n```\n", [
 *   { name: "dev", vars: { baseUrl: "http://b", pageSize: "20" } },
 * ]);
 * merged.added; // ["dev.pageSize"]
 * ```
 */
export function mergeEnvTemplate(existing: string | undefined, envs: EnvDraft[]): EnvMerge {
  const wanted = envs.filter((e) => Object.keys(e.vars).length > 0);
  const added: string[] = [];
  if (existing === undefined || existing.trim() === "") {
    const sections = wanted.map((env) => {
      for (const key of Object.keys(env.vars)) added.push(`${env.name}.${key}`);
      return `## ${env.name}\n\n\`\`\`yaml\n${yamlLines(env.vars)}\n\`\`\`\n`;
    });
    return { text: [TEMPLATE_HEADER, ...sections].join("\n"), added };
  }
  const current = parseEnvFile(existing, "env.template.md").env;
  const doc = parseMarkdown(existing);
  const lines = existing.replace(/\r\n?/g, "\n").split("\n");
  // Insertions go bottom-up so earlier line numbers stay valid.
  const inserts: { at: number; text: string }[] = [];
  const appended: string[] = [];
  for (const env of wanted) {
    const section = current.sections.find((s) => s.name === env.name);
    if (!section) {
      for (const key of Object.keys(env.vars)) added.push(`${env.name}.${key}`);
      appended.push(`## ${env.name}\n\n\`\`\`yaml\n${yamlLines(env.vars)}\n\`\`\`\n`);
      continue;
    }
    const missing = Object.fromEntries(
      Object.entries(env.vars).filter(([key]) => !(key in section.vars)),
    );
    if (Object.keys(missing).length === 0) continue;
    const block = doc.sections.find((s) => s.heading.trim() === env.name)?.codeBlocks.find((b) =>
      b.lang === "yaml" || b.lang === "yml"
    );
    if (!block) continue;
    const body = block.text.replace(/\n$/, "");
    const closingFence = block.contentLine + (body === "" ? 0 : body.split("\n").length);
    for (const key of Object.keys(missing)) added.push(`${env.name}.${key}`);
    inserts.push({ at: closingFence - 1, text: yamlLines(missing) });
  }
  for (const { at, text } of inserts.sort((a, b) => b.at - a.at)) lines.splice(at, 0, text);
  let text = lines.join("\n");
  if (appended.length) text = text.replace(/\n*$/, "\n\n") + appended.join("\n");
  return { text, added };
}
