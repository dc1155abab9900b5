/** Git, through the git command line; absent git or a folder outside a repository gives undefined. */

async function git(args: string[], cwd: string): Promise<string | undefined> {
  try {
    const output = await new Deno.Command("git", { args, cwd, stdout: "piped", stderr: "null" })
      .output();
    return output.success ? new TextDecoder().decode(output.stdout).trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether git ignores `path` (relative to `cwd`), asking git itself so every
 * ignore source counts (nested .gitignore files, info/exclude, the global
 * excludes file). Undefined when git cannot answer (no git, not a repository).
 * A tracked file is never ignored; `noIndex` asks about the rules alone.
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

/** The repository's top folder, or undefined outside a repository. */
export async function gitToplevel(cwd: string): Promise<string | undefined> {
  return await git(["rev-parse", "--show-toplevel"], cwd);
}
