/**
 * File-system access for the operations. Writes are atomic (temp file, then
 * rename) so nothing is ever half-written.
 */
import { dirname, join, sep as SEPARATOR } from "./path.ts";

/**
 * The largest file apispec reads: 64 MiB, five times GitHub's 13 MB OpenAPI
 * description. Files are checked before they are opened, so `/dev/zero`, a
 * FIFO or a huge file is an error naming the reason, never a hang.
 */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/** A path that is not a regular file, or one larger than the limit. */
export class UnreadableFile extends Error {
  override name = "UnreadableFile";
  constructor(message: string, readonly folder = false) {
    super(message);
  }
}

/** Throws UnreadableFile unless the stat is of a regular file of at most `limit` bytes. */
function checkReadable(info: Deno.FileInfo, limit: number): void {
  if (!info.isFile) {
    const kind = info.isDirectory
      ? "a folder"
      : info.isFifo
      ? "a FIFO"
      : info.isCharDevice
      ? "a character device"
      : info.isBlockDevice
      ? "a block device"
      : info.isSocket
      ? "a socket"
      : "not a regular file";
    throw new UnreadableFile(`it is ${kind}; apispec reads regular files only`, info.isDirectory);
  }
  if (info.size > limit) {
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    throw new UnreadableFile(`it is ${mb(info.size)}; apispec reads files up to ${mb(limit)}`);
  }
}

export async function readText(path: string, limit = MAX_READ_BYTES): Promise<string> {
  checkReadable(await Deno.stat(path), limit);
  return await Deno.readTextFile(path);
}

export async function readBytes(path: string, limit = MAX_READ_BYTES): Promise<Uint8Array> {
  checkReadable(await Deno.stat(path), limit);
  return await Deno.readFile(path);
}

/**
 * Reads a file without awaiting: cheaper when many small files are read in a
 * row. `listed: true` says the path came from a folder listing that saw a
 * regular file (listMarkdown), so the stat is skipped: it costs as much as a
 * fifth of reading 10,000 small files.
 */
export function readTextSync(
  path: string,
  options: { limit?: number; listed?: boolean } = {},
): { ok: true; text: string } | { ok: false; error: Error } {
  try {
    if (!options.listed) checkReadable(Deno.statSync(path), options.limit ?? MAX_READ_BYTES);
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

/**
 * Writes through a temp file in the same folder and renames it over the target.
 * `mode` (an executable's 0o755) is set on the temp file, so the name never
 * points at a file without it. `private`: the folder is made 0700 and the file
 * 0600 from its creation on (tokens in the user's cache).
 */
export async function writeTextAtomic(
  path: string,
  text: string,
  options: { mode?: number; private?: boolean } = {},
): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true, ...(options.private ? { mode: 0o700 } : {}) });
  await replaceThroughTemp(path, text, options.private ? 0o600 : options.mode);
}

/** The temp file and the rename of `writeTextAtomic`, into a folder that exists. */
async function replaceThroughTemp(path: string, text: string, mode?: number): Promise<void> {
  const temp = `${path}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    await Deno.writeTextFile(temp, text, mode === undefined ? {} : { mode, createNew: true });
    // The umask narrows `mode` at creation; an executable needs its x bits whatever the umask.
    if (mode !== undefined && Deno.build.os !== "windows") await Deno.chmod(temp, mode);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

/** Creates a file only if it does not exist; false when it already did. */
export async function createTextExclusive(path: string, text: string): Promise<boolean> {
  const claim = async () => (await Deno.open(path, { write: true, createNew: true })).close();
  try {
    // The folder is made only when the name cannot be claimed without it: an import writes
    // 1,223 files into 47 folders, and made them with 2,453 mkdir calls.
    await claim().catch(async (error) => {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      await Deno.mkdir(dirname(path), { recursive: true });
      await claim();
    });
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) return false;
    throw error;
  }
  await replaceThroughTemp(path, text);
  return true;
}

/** `createTextExclusive` without the event loop: for many files at once. */
function createTextExclusiveSync(path: string, text: string): boolean {
  const claim = () => Deno.openSync(path, { write: true, createNew: true }).close();
  try {
    try {
      claim();
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      Deno.mkdirSync(dirname(path), { recursive: true });
      claim();
    }
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) return false;
    throw error;
  }
  replaceThroughTempSync(path, text);
  return true;
}

/** `writeTextAtomic` without the event loop, into a folder that exists. */
export function replaceThroughTempSync(
  path: string,
  text: string,
  /** Permissions of the file (before the umask), e.g. 0o600 for a private one. */
  mode?: number,
): void {
  const temp = `${path}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  try {
    Deno.writeTextFileSync(temp, text, mode === undefined ? {} : { mode, createNew: true });
    Deno.renameSync(temp, path);
  } catch (error) {
    try {
      Deno.removeSync(temp);
    } catch { /* never made */ }
    throw error;
  }
}

/**
 * Creates many files that must not exist yet (an import's), each whole or not
 * at all; true per file created, false where one already existed. Runs
 * synchronously: an asynchronous file operation hands off to a thread, and a
 * thousand of them cost an import seconds of futex waits on two cores. The
 * files of a folder that does not exist yet are written into a hidden sibling
 * folder that is renamed into place once complete: one rename instead of a
 * claim, a temp file and a rename per file, and a crash leaves no partial
 * folder. Elsewhere, and when the folder appears meanwhile, each file is
 * claimed and written through a temp file.
 */
export function createFilesExclusive(
  files: { path: string; text: string }[],
  onFile?: () => void,
): boolean[] {
  const created: boolean[] = new Array(files.length).fill(false);
  const byFolder = Map.groupBy(files.keys(), (index) => dirname(files[index].path));
  for (const [folder, indexes] of byFolder) {
    if (!existsSync(folder) && stageFolder(folder, indexes.map((i) => files[i]))) {
      for (const index of indexes) {
        created[index] = true;
        onFile?.();
      }
      continue;
    }
    for (const index of indexes) {
      created[index] = createTextExclusiveSync(files[index].path, files[index].text);
      onFile?.();
    }
  }
  return created;
}

/** Writes a new folder's files beside it and renames them into place; false when the folder appeared meanwhile (nothing left behind). */
function stageFolder(folder: string, files: { path: string; text: string }[]): boolean {
  const parent = dirname(folder);
  Deno.mkdirSync(parent, { recursive: true });
  const stage = join(
    parent,
    `.${folder.slice(parent.length + 1)}.${crypto.randomUUID().slice(0, 8)}.tmp`,
  );
  Deno.mkdirSync(stage);
  try {
    const names = new Set<string>();
    for (const { path, text } of files) {
      const name = path.slice(folder.length + 1);
      // Two files of one name: the first is written, the second finds it, as one by one.
      if (names.has(name)) return false;
      names.add(name);
      Deno.writeTextFileSync(join(stage, name), text, { createNew: true });
    }
    Deno.renameSync(stage, folder);
    return true;
  } catch (error) {
    // A folder made meanwhile (with files: an empty one is replaced) is written file by file.
    // A link or a file in its place is an error: writes never follow a link made mid-import.
    if (
      (error as { code?: string }).code === "ENOTEMPTY" ||
      error instanceof Deno.errors.AlreadyExists // Windows
    ) {
      return false;
    }
    throw error;
  } finally {
    try {
      Deno.removeSync(stage, { recursive: true });
    } catch { /* renamed into place */ }
  }
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

/**
 * Every `.md` file below `root` (a collection, or a folder of one), as sorted
 * paths relative to it with forward slashes. Hidden folders (`.apispec`,
 * `.git`) are not entered; no folder is skipped for its name, since a
 * resource may be called `build`, `dist`, `target` or `vendor` (skipping
 * those by name belongs to scanning source code: `import project`).
 */
export function listMarkdown(root: string): Promise<string[]> {
  return Promise.resolve(listFilesSync(
    root,
    (name) => !name.startsWith(".") && name.toLowerCase().endsWith(".md"),
    (name) => !name.startsWith("."),
  ));
}

/**
 * Relative paths (with `/`), sorted, of the files below `root` whose names
 * `keep` accepts, in folders whose names `enter` accepts; none when `root`
 * does not exist. Folders `keepFolder` accepts are listed instead of entered.
 * Links are neither listed nor followed. Paths are built while walking:
 * path.relative per file costs more than the walk.
 */
export function listFilesSync(
  root: string,
  keep: (name: string) => boolean,
  enter: (name: string) => boolean = () => true,
  keepFolder: (name: string) => boolean = () => false,
): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory) {
        if (keepFolder(entry.name)) found.push(prefix + entry.name);
        else if (enter(entry.name)) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      } else if (entry.isFile && keep(entry.name)) found.push(prefix + entry.name);
    }
  };
  walk(root, "");
  return found.sort();
}

export function toSlash(path: string): string {
  return SEPARATOR === "/" ? path : path.split(SEPARATOR).join("/");
}

/** Appends text to a file, creating it when missing (e.g. `$GITHUB_STEP_SUMMARY`). */
export async function appendText(path: string, text: string): Promise<void> {
  await Deno.writeTextFile(path, text, { append: true, create: true });
}
