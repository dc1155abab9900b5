/**
 * What an interrupted write leaves behind: a temp file beside its target
 * (`get-user.md.1a2b3c4d.tmp`) or an import's staging folder
 * (`.users.1a2b3c4d.tmp`), both named by adapters/fs.ts. Nothing reads them
 * (listings skip them), but they pile up; `doctor` lists them and `--fix`
 * removes them. Only ones older than ten minutes count, so that a write still
 * under way is left alone, and links are neither followed nor removed.
 */
import { join } from "../../adapters/path.ts";

const TEMP_NAME = /^.+\.[0-9a-f]{8}\.tmp$/;
const SKIP = new Set([".git", "node_modules"]);
export const LEFTOVER_AGE_MS = 10 * 60 * 1000;

/** Absolute paths of the leftovers below each folder, oldest writes only. */
export function findLeftovers(folders: string[], now: number): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isSymlink || SKIP.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (TEMP_NAME.test(entry.name)) {
        if (modified(path) < now - LEFTOVER_AGE_MS) found.push(path);
      } else if (entry.isDirectory && depth < 32) walk(path, depth + 1);
    }
  };
  for (const folder of folders) walk(folder, 0);
  return found.sort();
}

/** Removes what `findLeftovers` found; the paths it could not remove, with why. */
export function removeLeftovers(paths: string[]): { path: string; reason: string }[] {
  const failed: { path: string; reason: string }[] = [];
  for (const path of paths) {
    try {
      Deno.removeSync(path, { recursive: true });
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) {
        failed.push({ path, reason: (error as Error).message });
      }
    }
  }
  return failed;
}

function modified(path: string): number {
  try {
    return Deno.lstatSync(path).mtime?.getTime() ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY; // gone: not a leftover
  }
}
