/**
 * Keeps paths inside a folder, symlinks included. A lexical check alone
 * (`relative()` without `..`) lets a committed link (`apis/x -> /anywhere`)
 * carry reads and writes out of a collection; here the deepest part of a
 * path that exists is resolved to its real path and must sit inside the
 * folder's real path. Every surface that takes a path from outside uses this:
 * the preview server, MCP `apispec_author` and resources, the importers'
 * writer, OpenAPI `$ref`s, and the files `proxy --record`, `request --save`
 * and `import arazzo` generate.
 */
import { dirname, isAbsolute, relative, resolve, sep } from "./path.ts";
import { createTextExclusive, writeTextAtomic } from "./fs.ts";

export type Contained = { ok: true; path: string; relative: string } | {
  ok: false;
  reason: string;
};

/** True when `path` is `root` itself or below it (both absolute, normalised). */
export function isWithin(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Proves that an absolute path stays inside `root` once links are followed:
 * the real path of its deepest existing ancestor (or itself) must be inside
 * the real root, and no link on the way may dangle.
 */
export function staysInside(root: string, target: string): Promise<Contained> {
  try {
    return Promise.resolve(staysInsideSync(root, target));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** `staysInside` without the event loop (a few system calls): for writers on the hot path. */
export function staysInsideSync(root: string, target: string): Contained {
  const absolute = resolve(target);
  const rel = relative(resolve(root), absolute);
  if (rel.startsWith("..") || isAbsolute(rel)) {
    return { ok: false, reason: `${target} is outside ${root}` };
  }
  const realRoot = Deno.realPathSync(root);
  for (let probe = absolute;;) {
    try {
      const real = Deno.realPathSync(probe);
      if (!isWithin(realRoot, real)) {
        return { ok: false, reason: `${target} leaves ${root} through a link` };
      }
      break;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      if (isDanglingLink(probe)) {
        return { ok: false, reason: `${target} goes through a link that points nowhere` };
      }
      const parent = resolve(probe, "..");
      if (parent === probe) break;
      probe = parent;
    }
  }
  return { ok: true, path: absolute, relative: rel.split(sep).join("/") };
}

/**
 * Resolves a user-given path relative to `root` and proves it stays inside:
 * not empty, no NUL, not absolute, no `..` escape, and no link out.
 */
export async function containedPath(root: string, given: string): Promise<Contained> {
  if (!given || given.includes("\0")) return { ok: false, reason: "The path is empty or invalid" };
  const slashed = given.replaceAll("\\", "/");
  if (isAbsolute(given) || slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed)) {
    return { ok: false, reason: `Path "${given}" is absolute; give it relative to the workspace` };
  }
  const target = resolve(root, slashed);
  const rel = relative(root, target);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) {
    return { ok: false, reason: `Path "${given}" leaves the workspace` };
  }
  const inside = await staysInside(root, target);
  if (!inside.ok) {
    return {
      ok: false,
      reason: inside.reason.includes("points nowhere")
        ? `Path "${given}" goes through a link that points nowhere`
        : `Path "${given}" leaves the workspace through a link`,
    };
  }
  return { ok: true, path: target, relative: rel.split(sep).join("/") };
}

function isDanglingLink(path: string): boolean {
  try {
    return Deno.lstatSync(path).isSymlink;
  } catch {
    return false;
  }
}

/**
 * Creates a file under `root` that must not exist yet, once its folder is
 * proven to stay inside `root` (a committed link `apis/users -> /anywhere`
 * would otherwise carry a generated file out): "created", "exists", or why
 * it was refused.
 */
export async function createInside(
  root: string,
  path: string,
  text: string,
): Promise<"created" | "exists" | { refused: string }> {
  await Deno.mkdir(root, { recursive: true });
  const inside = await staysInside(root, dirname(path));
  if (!inside.ok) return { refused: inside.reason };
  return await createTextExclusive(path, text) ? "created" : "exists";
}

/** Writes (replaces) a file of apispec's own under `root`, refusing a folder that leaves it through a link. */
export async function writeInside(root: string, path: string, text: string): Promise<void> {
  await Deno.mkdir(root, { recursive: true });
  const inside = staysInsideSync(root, dirname(path));
  if (!inside.ok) throw new Error(`refusing to write through a link: ${inside.reason}`);
  await writeTextAtomic(path, text);
}
