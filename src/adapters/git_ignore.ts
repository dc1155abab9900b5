/**
 * Whether git ignores a path, asking git itself so every ignore source counts
 * (nested .gitignore files, info/exclude, the global excludes file).
 */

/**
 * Whether git ignores `path` (relative to `cwd`). A tracked file is never
 * ignored; `noIndex` asks about the rules alone. Undefined when git cannot
 * answer (no git, not a repository).
 */
export async function gitIgnores(
  path: string,
  cwd: string,
  options: { noIndex?: boolean } = {},
): Promise<boolean | undefined> {
  try {
    const { code } = await new Deno.Command("git", {
      args: ["check-ignore", "-q", ...(options.noIndex ? ["--no-index"] : []), "--", path],
      cwd,
      stdout: "null",
      stderr: "null",
    }).output();
    return code === 0 ? true : code === 1 ? false : undefined;
  } catch {
    return undefined;
  }
}
