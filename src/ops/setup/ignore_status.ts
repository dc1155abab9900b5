/**
 * Whether a path is gitignored: inside a repository git itself answers
 * (`git check-ignore`, so every ignore source counts); outside one the
 * `.gitignore` files from the project root down are read with gitignore
 * semantics (the `ignore` package: negation, anchors, ignored parents).
 */
import { join, relative } from "../../adapters/path.ts";
import ignore from "ignore";
import { exists, readText, toSlash } from "../../adapters/fs.ts";
import { gitToplevel } from "../../adapters/git.ts";
import { gitIgnores } from "../../adapters/git_ignore.ts";

export type IgnoreStatus =
  | "ignored"
  | "not-ignored"
  /** Matched by an ignore rule but already committed, so git keeps tracking it. */
  | "tracked";

/** Reads the `.gitignore` files from `root` down to the path's folder; deeper files win. */
async function ignoredByFiles(root: string, path: string): Promise<boolean> {
  const parts = path.replace(/\/$/, "").split("/");
  let ignored = false;
  for (let depth = 0; depth < parts.length; depth++) {
    const dir = join(root, ...parts.slice(0, depth));
    const file = join(dir, ".gitignore");
    if (!(await exists(file))) continue;
    const rules = ignore().add(await readText(file));
    const below = parts.slice(depth).join("/") + (path.endsWith("/") ? "/" : "");
    const { ignored: yes, unignored } = rules.test(below);
    if (yes) ignored = true;
    else if (unignored) ignored = false;
  }
  return ignored;
}

/**
 * The ignore status of `path` (relative to `projectRoot`, forward slashes,
 * a trailing `/` for a folder).
 */
export async function ignoreStatus(projectRoot: string, path: string): Promise<IgnoreStatus> {
  const top = await gitToplevel(projectRoot);
  if (top !== undefined) {
    const fromTop = toSlash(relative(top, join(projectRoot, path))) +
      (path.endsWith("/") ? "/" : "");
    const ignored = await gitIgnores(fromTop, top);
    if (ignored !== undefined) {
      if (ignored) return "ignored";
      return (await gitIgnores(fromTop, top, { noIndex: true })) ? "tracked" : "not-ignored";
    }
  }
  return (await ignoredByFiles(projectRoot, path)) ? "ignored" : "not-ignored";
}
