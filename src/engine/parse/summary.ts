/**
 * A quick read of an endpoint or flow file for listing and search: the
 * frontmatter fields, the title and the first paragraph, without the full
 * markdown parse. Listing ten thousand files this way takes a fraction of
 * the full parser's time; files it cannot read are simply not listed.
 */
import { HTTP_METHODS } from "../model.ts";
import { normalizeText, splitFrontmatter } from "./markdown.ts";
import { parseYaml } from "./yaml.ts";

export interface SpecSummary {
  kind: "endpoint" | "flow";
  /** Path relative to the collection root, with forward slashes. */
  file: string;
  title: string;
  description: string;
  /** Endpoints only (empty for flows). */
  method: string;
  path: string;
  resource: string;
  tags: string[];
  /** Flows: the frontmatter `name`, else the file name without `.md`. */
  name: string;
}

/**
 * Summarises a file as the kind its location says it is; undefined when the
 * frontmatter does not hold what that kind needs.
 *
 * @example
 * ```ts
 * import { summarizeFile } from "./summary.ts";
 * const text = "---\nresource: users\nmethod: GET\npath: /users\n---\n# List users\n";
 * summarizeFile(text, "apis/users/get-users.md", "endpoint")?.title; // "List users"
 * ```
 */
export function summarizeFile(
  text: string,
  file: string,
  kind: "endpoint" | "flow",
): SpecSummary | undefined {
  const { frontmatter, body } = splitFrontmatter(text);
  if (!frontmatter) return undefined;
  const parsed = parseYaml(frontmatter.text, file, frontmatter.line);
  if (!parsed.ok || !parsed.value || typeof parsed.value !== "object") return undefined;
  const data = parsed.value as Record<string, unknown>;
  const { title, description } = titleAndDescription(body);
  const stem = file.split("/").at(-1)!.replace(/\.md$/i, "");
  const tags = Array.isArray(data.tags) ? data.tags.map(String) : [];
  if (kind === "flow") {
    const name = typeof data.name === "string" ? data.name : stem;
    return {
      kind,
      file,
      title: title ?? name,
      description: description || (typeof data.description === "string" ? data.description : ""),
      method: "",
      path: "",
      resource: "",
      tags,
      name,
    };
  }
  const method = typeof data.method === "string" ? data.method.toUpperCase() : "";
  const path = typeof data.path === "string" ? data.path : "";
  if (!HTTP_METHODS.includes(method as never) || !path.startsWith("/")) return undefined;
  return {
    kind,
    file,
    title: title ?? `${method} ${path}`,
    description,
    method,
    path,
    resource: typeof data.resource === "string" ? data.resource : "",
    tags,
    name: stem,
  };
}

/** The first `# ` heading before any `## ` section, and the paragraph after it. */
function titleAndDescription(body: string): { title?: string; description: string } {
  const lines = normalizeText(body).split("\n");
  let title: string | undefined;
  const paragraph: string[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (marker) {
      if (paragraph.length) break;
      fence = marker;
      continue;
    }
    if (/^##\s/.test(line)) break;
    if (title === undefined) {
      const heading = /^#\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading) title = heading[1];
      continue;
    }
    if (line.trim() === "") {
      if (paragraph.length) break;
      continue;
    }
    if (/^#/.test(line)) break;
    paragraph.push(line.trim());
  }
  return { title, description: paragraph.join(" ") };
}
