/**
 * Reads the files an endpoint's body names (`< ./files/avatar.png`, multipart
 * `@./file` parts, an expected body `< ./files/expected.png`). A path is
 * relative to the endpoint file and must stay inside the project once links
 * are followed (a committed link or `../../` cannot send `~/.ssh/id_rsa` to an
 * API); a file larger than the limit is refused before it is read.
 */
import type { FormPart } from "../engine/model.ts";
import { staysInside } from "./contain.ts";
import { MAX_READ_BYTES, readBytes, UnreadableFile } from "./fs.ts";
import { basename, dirname, isAbsolute, resolve } from "./path.ts";

/** The largest body file apispec sends or compares: 64 MiB, as for any file it reads. */
export const MAX_BODY_FILE_BYTES = MAX_READ_BYTES;

export type ReadFile =
  | { ok: true; bytes: Uint8Array; path: string }
  | { ok: false; reason: string; fix: string };

/**
 * Reads `given` (relative to the endpoint file `specPath`) when it stays
 * inside `projectRoot`.
 */
export async function readBodyFile(
  projectRoot: string,
  specPath: string,
  given: string,
  limit = MAX_BODY_FILE_BYTES,
): Promise<ReadFile> {
  if (given.includes("\0")) {
    return { ok: false, reason: `File path "${given}" is invalid`, fix: "Write a plain path" };
  }
  if (isAbsolute(given) || /^[A-Za-z]:[\\/]/.test(given) || given.startsWith("~")) {
    return {
      ok: false,
      reason: `File path "${given}" is absolute`,
      fix: "Give the path relative to the endpoint file, e.g. `< ./files/avatar.png`, " +
        "and keep the file inside the project",
    };
  }
  const target = resolve(dirname(specPath), given.replaceAll("\\", "/"));
  let inside;
  try {
    inside = await staysInside(projectRoot, target);
  } catch (error) {
    return { ok: false, reason: `Cannot read ${given}: ${(error as Error).message}`, fix: "" };
  }
  if (!inside.ok) {
    return {
      ok: false,
      reason: inside.reason.includes("link")
        ? `File "${given}" leaves the project through a link`
        : `File "${given}" is outside the project (${projectRoot})`,
      fix: "Keep files the requests send inside the project, e.g. next to the endpoint file " +
        "in files/, and name them relative to it",
    };
  }
  try {
    return { ok: true, bytes: await readBytes(target, limit), path: target };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return {
        ok: false,
        reason: `File "${given}" does not exist (looked for ${target})`,
        fix: "Paths are relative to the endpoint file; check the name and folder",
      };
    }
    if (error instanceof UnreadableFile) {
      return {
        ok: false,
        reason: `Cannot send file "${given}": ${error.message}`,
        fix: `Send files up to ${limit / 1024 / 1024} MiB; a larger upload is not an API test`,
      };
    }
    return { ok: false, reason: `Cannot read "${given}": ${(error as Error).message}`, fix: "" };
  }
}

/** A multipart form of parts whose files are already read (`files[i]` for `parts[i]`). */
export function formData(parts: FormPart[], files: (Uint8Array | undefined)[]): FormData {
  const form = new FormData();
  parts.forEach((part, index) => {
    const bytes = files[index];
    if (part.file === undefined || !bytes) {
      form.append(part.name, part.value ?? "");
      return;
    }
    const blob = new Blob([bytes as BlobPart], { type: part.type ?? "application/octet-stream" });
    form.append(part.name, blob, part.filename ?? basename(part.file));
  });
  return form;
}
