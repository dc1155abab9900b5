/**
 * Sets one top-level key of a markdown file's YAML frontmatter in place: the
 * key's line is replaced, or added before the closing `---`; a file without
 * frontmatter gets one. Every other line stays as written.
 */
import { stringifyYaml } from "../parse/yaml.ts";

/**
 * @example
 * ```ts
 * import { setFrontmatterKey } from "./frontmatter_edit.ts";
 * setFrontmatterKey("---\nname: shop\n---\n# Shop\n", "openapi", "../openapi.yaml");
 * // "---\nname: shop\nopenapi: ../openapi.yaml\n---\n# Shop\n"
 * ```
 */
export function setFrontmatterKey(text: string, key: string, value: string): string {
  const line = stringifyYaml({ [key]: value }).replace(/\n$/, "");
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines[0]?.trim() !== "---") return `---\n${line}\n---\n${text}`;
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === "---");
  if (end < 0) return `---\n${line}\n---\n${text}`;
  const at = lines.findIndex((l, i) => i > 0 && i < end && l.startsWith(`${key}:`));
  if (at >= 0) {
    // The key's value may continue on indented lines: they go with it.
    let length = 1;
    while (at + length < end && /^\s+\S/.test(lines[at + length])) length++;
    lines.splice(at, length, line);
  } else lines.splice(end, 0, line);
  return lines.join("\n");
}
