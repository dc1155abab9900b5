/**
 * Release archives and their checksums: a `.tar.gz` (executable bit kept) or a
 * `.zip` holding one binary, and a `SHA256SUMS` file in `sha256sum` format.
 * Entries get a fixed timestamp and owner, so the same binary gives the same
 * archive.
 */
import { basename, dirname, join } from "node:path";
import { create as createTar } from "tar";
import { zipSync } from "fflate";

const EPOCH = new Date("2000-01-01T00:00:00Z");

/** Packs one file into `archive` (`.tar.gz` or `.zip`, from the name) under its own name. */
export async function packFile(file: string, archive: string): Promise<void> {
  if (archive.endsWith(".zip")) {
    const data = await Deno.readFile(file);
    const zipped = zipSync({ [basename(file)]: [data, { mtime: EPOCH, level: 9 }] });
    await Deno.writeFile(archive, zipped);
    return;
  }
  if (!archive.endsWith(".tar.gz")) throw new Error(`unknown archive type: ${archive}`);
  await createTar(
    { gzip: { level: 9 }, file: archive, cwd: dirname(file), portable: true, mtime: EPOCH },
    [basename(file)],
  );
}

export async function sha256(file: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(file));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Writes `<dir>/SHA256SUMS` for `files` (names relative to `dir`), one `<hex>  <name>` line each. */
export async function writeChecksums(dir: string, files: string[], name = "SHA256SUMS") {
  const lines: string[] = [];
  for (const file of [...files].sort()) lines.push(`${await sha256(join(dir, file))}  ${file}`);
  await Deno.writeTextFile(join(dir, name), lines.join("\n") + "\n");
}
