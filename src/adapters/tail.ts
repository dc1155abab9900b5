/**
 * Reading the end of many small files quickly: the last run of each spec's
 * history is its file's last line, so the preview's sidebar badges read a
 * few hundred bytes per spec instead of whole files.
 */
const decoder = new TextDecoder();

/** The last `maxBytes` of a file as text (its first line may be cut), or undefined when it does not exist. */
export function readTailSync(path: string, maxBytes: number): string | undefined {
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true });
  } catch {
    return undefined;
  }
  try {
    const size = file.statSync().size;
    const start = Math.max(0, size - maxBytes);
    file.seekSync(start, Deno.SeekMode.Start);
    const bytes = new Uint8Array(size - start);
    let read = 0;
    while (read < bytes.length) {
      const n = file.readSync(bytes.subarray(read));
      if (n === null || n === 0) break;
      read += n;
    }
    return decoder.decode(bytes.subarray(0, read));
  } finally {
    file.close();
  }
}
