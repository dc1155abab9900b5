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
