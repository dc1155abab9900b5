/**
 * Git: the repository's top folder found on disk, and the rest through the git command line;
 * absent git or a folder outside a repository gives undefined.
 */
import { dirname, join, resolve } from "./path.ts";

interface GitOutput {
  ok: boolean;
  stdout: string;
  stderr: string;
}

async function run(args: string[], cwd: string): Promise<GitOutput> {
  try {
    const output = await new Deno.Command("git", { args, cwd, stdout: "piped", stderr: "piped" })
      .output();
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    return { ok: output.success, stdout: decode(output.stdout), stderr: decode(output.stderr) };
  } catch (error) {
    return { ok: false, stdout: "", stderr: (error as Error).message };
  }
}

async function git(args: string[], cwd: string): Promise<string | undefined> {
  const output = await run(args, cwd);
  return output.ok ? output.stdout.trim() : undefined;
}

/** The repository's top folder, or undefined outside a repository. */
export async function gitToplevel(cwd: string): Promise<string | undefined> {
  return await git(["rev-parse", "--show-toplevel"], cwd);
}

/**
 * The repository's top folder as found on disk: the nearest folder upward that
 * holds `.git` (a folder, or a file in worktrees and submodules), where `git
 * rev-parse --show-toplevel` finds it, without starting git (5–20 ms a call).
 * For finding a collection; commands that go on to run git ask git itself.
 */
export function repositoryTop(cwd: string): string | undefined {
  for (let dir = resolve(cwd);; dir = dirname(dir)) {
    try {
      Deno.statSync(join(dir, ".git"));
      return dir;
    } catch { /* not here */ }
    if (dirname(dir) === dir) return undefined;
  }
}

export interface GitChange {
  /** `A` added, `M` modified, `D` deleted, `T` type changed (renames are reported as D + A). */
  status: string;
  /** Relative to the repository's top folder, with forward slashes. */
  path: string;
}

export type ChangesResult =
  | { ok: true; base: string; top: string; changes: GitChange[] }
  | { ok: false; reason: string };

/**
 * Files changed since the merge base of `ref` and HEAD: committed changes,
 * uncommitted changes to tracked files, and untracked files that are not
 * ignored (so a spec written a minute ago counts too).
 */
export async function gitChangesSince(cwd: string, ref: string): Promise<ChangesResult> {
  if (ref.startsWith("-")) return { ok: false, reason: `"${ref}" is not a git ref` };
  const top = await gitToplevel(cwd);
  if (!top) return { ok: false, reason: "not inside a git repository" };
  cwd = top;
  const mergeBase = await run(["merge-base", ref, "HEAD"], cwd);
  if (!mergeBase.ok) {
    return { ok: false, reason: mergeBase.stderr.trim().split("\n")[0] || `no merge base` };
  }
  const base = mergeBase.stdout.trim();
  const diff = await run(
    ["-c", "core.quotepath=off", "diff", "--name-status", "--no-renames", "-z", base, "--"],
    cwd,
  );
  if (!diff.ok) return { ok: false, reason: diff.stderr.trim().split("\n")[0] };
  const fields = diff.stdout.split("\0").filter((f) => f !== "");
  const changes: GitChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    changes.push({ status: fields[i][0], path: fields[i + 1] });
  }
  const untracked = await run(
    ["ls-files", "--others", "--exclude-standard", "-z", "--full-name"],
    cwd,
  );
  if (untracked.ok) {
    for (const path of untracked.stdout.split("\0").filter(Boolean)) {
      changes.push({ status: "A", path });
    }
  }
  return { ok: true, base, top, changes };
}

/**
 * Absolute paths of the files under `path` added or modified since `ref` (see
 * `gitChangesSince`), sorted; undefined when git or the ref is unavailable.
 */
export async function changedFiles(
  ref: string,
  path: string,
  cwd: string,
): Promise<string[] | undefined> {
  const result = await gitChangesSince(cwd, ref);
  if (!result.ok) return undefined;
  const under = path.replace(/\/+$/, "");
  return result.changes
    .filter((change) => change.status !== "D")
    .map((change) => `${result.top}/${change.path}`)
    .filter((file) => file === under || file.startsWith(`${under}/`))
    .sort();
}
