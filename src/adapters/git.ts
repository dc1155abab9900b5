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

/** The repository's top folder, or undefined outside a repository. */
export async function gitToplevel(cwd: string): Promise<string | undefined> {
  return await git(["rev-parse", "--show-toplevel"], cwd);
}

/**
 * Files under `path` that differ from `ref` in the working tree (committed or
 * not), plus new untracked files; deleted files are left out. Absolute paths,
 * or undefined when git or the ref is unavailable.
 */
export async function changedFiles(
  ref: string,
  path: string,
  cwd: string,
): Promise<string[] | undefined> {
  const top = await gitToplevel(cwd);
  if (!top || ref.startsWith("-")) return undefined;
  if ((await git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], top)) === undefined) {
    return undefined;
  }
  const changed = await git(["diff", "--name-only", "--diff-filter=d", ref, "--", path], top);
  const added = await git(
    ["ls-files", "--others", "--exclude-standard", "--full-name", "--", path],
    top,
  );
  if (changed === undefined || added === undefined) return undefined;
  const names = [...changed.split("\n"), ...added.split("\n")].filter(Boolean);
  return [...new Set(names)].sort().map((name) => `${top}/${name}`);
}
