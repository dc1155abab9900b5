/**
 * File-system access for the operations. Writes are atomic (temp file, then
 * rename) so nothing is ever half-written.
 */
import { dirname, join, sep as SEPARATOR } from "./path.ts";

export async function readText(path: string): Promise<string> {
  return await Deno.readTextFile(path);
}

/** Reads a file without awaiting: cheaper when many small files are read in a row. */
export function readTextSync(
  path: string,
): { ok: true; text: string } | { ok: false; error: Error } {
  try {
    return { ok: true, text: Deno.readTextFileSync(path) };
  } catch (error) {
    return { ok: false, error: error as Error };
  }
}

/** Whether a path exists, synchronously (for choices made on every command's path). */
export function existsSync(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

// A stat is a few microseconds; the async op costs several times that on the main
// thread, and batches stat every file they run.
// deno-lint-ignore require-await
export async function exists(path: string): Promise<boolean> {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

// deno-lint-ignore require-await
export async function isDirectory(path: string): Promise<boolean> {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/** Writes through a temp file in the same folder and renames it over the target. */
export async function writeTextAtomic(path: string, text: string): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    await Deno.writeTextFile(temp, text);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

/** Creates a file only if it does not exist; false when it already did. */
export async function createTextExclusive(path: string, text: string): Promise<boolean> {
  await Deno.mkdir(dirname(path), { recursive: true });
  try {
    const file = await Deno.open(path, { write: true, createNew: true });
    file.close();
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) return false;
    throw error;
  }
  await writeTextAtomic(path, text);
  return true;
}

/**
 * Replaces a file the user owns (an agent's config): writes through a symlink
 * to its target, so dotfile links survive, and keeps the file's permissions.
 */
export async function replaceTextAtomic(path: string, text: string): Promise<void> {
  let target = path;
  let mode: number | null = null;
  try {
    target = await Deno.realPath(path);
    mode = (await Deno.stat(target)).mode;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  await writeTextAtomic(target, text);
  if (mode !== null && Deno.build.os !== "windows") await Deno.chmod(target, mode & 0o7777);
}

/** Removes a file; false when it did not exist. */
export async function removeFile(path: string): Promise<boolean> {
  try {
    await Deno.remove(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** Removes a folder only when it is empty; true when it was removed. */
export async function removeDirIfEmpty(path: string): Promise<boolean> {
  try {
    for await (const _ of Deno.readDir(path)) return false;
    await Deno.remove(path);
    return true;
  } catch {
    return false;
  }
}

const SKIP_DIRS = new Set([
  "node_modules",
  ".git",
  ".apispec",
  "dist",
  "build",
  "target",
  "vendor",
]);

/** Every `.md` file below `root`, as sorted paths relative to it with forward slashes. */
export function listMarkdown(root: string): Promise<string[]> {
  const found: string[] = [];
  // Relative paths are built while walking: path.relative per file costs more than the walk.
  const walk = (dir: string, prefix: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      if (entry.isDirectory) {
        if (!SKIP_DIRS.has(entry.name)) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      } else if (entry.isFile && entry.name.toLowerCase().endsWith(".md")) {
        found.push(prefix + entry.name);
      }
    }
  };
  walk(root, "");
  return Promise.resolve(found.sort());
}

export function toSlash(path: string): string {
  return SEPARATOR === "/" ? path : path.split(SEPARATOR).join("/");
}

/** Appends text to a file, creating it when missing (e.g. `$GITHUB_STEP_SUMMARY`). */
export async function appendText(path: string, text: string): Promise<void> {
  await Deno.writeTextFile(path, text, { append: true, create: true });
}
