/**
 * Append-only JSON Lines files shared by concurrent writers: the steps of a
 * parallel flow and separate processes. Every append holds an exclusive lock
 * on a lock file beside the data (never on the data file itself, which
 * compaction replaces by rename), and runs synchronously so writers in one
 * process never interleave either. Compaction writes a temp file and renames
 * it, so a reader sees the old file or the new one, never half of one.
 */
import { dirname } from "./path.ts";
import { replaceThroughTempSync } from "./fs.ts";

export interface AppendOptions {
  /** The lock file; created when missing and never removed. */
  lockPath: string;
  /** Lines a compaction keeps: the newest ones. */
  keep: number;
  /**
   * A file is compacted once it holds more lines than this (default `keep`).
   * The slack above `keep` spares most appends a rewrite of the whole file;
   * readers take the newest `keep` lines themselves.
   */
  compactAbove?: number;
  /** The shortest line (with its newline) that can be written; files smaller than compactAbove × this are not read back. */
  minLineBytes: number;
}

const encoder = new TextEncoder();

function writeAllSync(file: Deno.FsFile, bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) written += file.writeSync(bytes.subarray(written));
}

function openCreatingDir(path: string, options: Deno.OpenOptions): Deno.FsFile {
  try {
    return Deno.openSync(path, options);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    Deno.mkdirSync(dirname(path), { recursive: true });
    return Deno.openSync(path, options);
  }
}

/** Appends one line (without its newline); a file past `compactAbove` lines is compacted to the newest `keep`. */
export function appendLineLocked(path: string, line: string, options: AppendOptions): void {
  appendLinesLocked([{ path, line }], options);
}

/** Appends lines to their files under one hold of the lock; each file is compacted as needed. */
export function appendLinesLocked(
  lines: { path: string; line: string }[],
  options: AppendOptions,
): void {
  if (lines.length === 0) return;
  const byFile = new Map<string, string[]>();
  for (const { path, line } of lines) byFile.set(path, [...(byFile.get(path) ?? []), line]);
  const lock = openCreatingDir(options.lockPath, { create: true, write: true });
  try {
    lock.lockSync(true);
    const compactAbove = options.compactAbove ?? options.keep;
    for (const [path, fileLines] of byFile) {
      const size = appendSync(path, fileLines);
      if (size > compactAbove * options.minLineBytes) compactSync(path, options.keep, compactAbove);
    }
  } finally {
    lock.close(); // closing releases the lock
  }
}

/** Appends lines to one file (the caller holds the lock); returns the new size. */
function appendSync(path: string, lines: string[]): number {
  const file = openCreatingDir(path, { read: true, append: true, create: true });
  try {
    const size = file.statSync().size;
    // A writer killed mid-line leaves no newline; start on a fresh line so only its line is lost.
    let prefix = "";
    if (size > 0) {
      const last = new Uint8Array(1);
      file.seekSync(size - 1, Deno.SeekMode.Start);
      file.readSync(last);
      if (last[0] !== 10) prefix = "\n";
    }
    const bytes = encoder.encode(`${prefix}${lines.join("\n")}\n`);
    writeAllSync(file, bytes);
    return size + bytes.length;
  } finally {
    file.close();
  }
}

function compactSync(path: string, keep: number, compactAbove: number): void {
  const lines = Deno.readTextFileSync(path).split("\n").filter((l) => l.trim() !== "");
  if (lines.length <= compactAbove) return;
  replaceThroughTempSync(path, lines.slice(-keep).join("\n") + "\n");
}

/** The file's text, or undefined when it does not exist. */
export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}
