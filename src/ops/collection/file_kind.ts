/** What a markdown file of a collection is, from where it sits. */

export type FileKind = "endpoint" | "flow" | "env" | "project" | "readme";

/**
 * Project config file names at the collection root, in order of preference:
 * workspaces written for the original tool keep theirs in `reqbook.md`.
 */
export const PROJECT_FILES = ["project.md", "reqbook.md"] as const;

/** `relativePath` is relative to the collection root, with forward slashes. */
export function kindOf(relativePath: string): FileKind {
  const parts = relativePath.split("/");
  const name = parts.at(-1)!.toLowerCase();
  if (parts.includes("_shared") && /^env(\.template)?\.md$/.test(name)) return "env";
  if (name === "project.md" || (parts.length === 1 && name === "reqbook.md")) return "project";
  if (name === "readme.md") return "readme";
  if (parts.includes("flows") || parts.includes("pipelines")) return "flow";
  return "endpoint";
}
