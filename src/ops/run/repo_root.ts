/**
 * The repository's top folder, found by walking up to the nearest `.git`
 * (a folder, or a file in worktrees and submodules) instead of spawning
 * `git rev-parse`: a few stats, where a process costs milliseconds on every
 * `check`. Undefined outside a repository.
 */
import { dirname, join, resolve } from "../../adapters/path.ts";
import { exists } from "../../adapters/fs.ts";

export async function repositoryRoot(dir: string): Promise<string | undefined> {
  for (let current = resolve(dir);; current = dirname(current)) {
    if (await exists(join(current, ".git"))) return current;
    if (dirname(current) === current) return undefined;
  }
}
