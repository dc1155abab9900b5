/** What a markdown file of a collection is, from where it sits. */

export type FileKind = "endpoint" | "flow" | "env" | "project" | "readme";

/** `relativePath` is relative to the collection root, with forward slashes. */
export function kindOf(relativePath: string): FileKind {
  const parts = relativePath.split("/");
  const name = parts.at(-1)!.toLowerCase();
  if (parts.includes("_shared") && /^env(\.template)?\.md$/.test(name)) return "env";
  if (name === "project.md") return "project";
  if (name === "readme.md") return "readme";
  if (parts.includes("flows") || parts.includes("pipelines")) return "flow";
  return "endpoint";
}
