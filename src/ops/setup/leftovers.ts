/**
 * What an interrupted write leaves behind: a temp file beside its target
 * (`get-user.md.1a2b3c4d.tmp`) or an import's staging folder
 * (`.users.1a2b3c4d.tmp`), both named by adapters/fs.ts. Nothing reads them
 * (listings skip them), but they pile up; `doctor` lists them and `--fix`
 * removes them. Only ones older than ten minutes count, so that a write still
 * under way is left alone, and links are neither followed nor removed.
 */
import { join } from "../../adapters/path.ts";
import { listFilesSync } from "../../adapters/fs.ts";

const TEMP_NAME = /^.+\.[0-9a-f]{8}\.tmp$/;
const SKIP = new Set([".git", "node_modules"]);
export const LEFTOVER_AGE_MS = 10 * 60 * 1000;

/** Absolute paths of the leftovers below each folder, oldest writes only. */
export function findLeftovers(folders: string[], now: number): string[] {
  const temp = (name: string) => TEMP_NAME.test(name);
  return folders.flatMap((folder) =>
    listFilesSync(folder, temp, (name) => !SKIP.has(name), temp)
      .map((relative) => join(folder, relative))
      .filter((path) => modified(path) < now - LEFTOVER_AGE_MS)
  ).sort();
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
