/**
 * `validate`'s incremental cache, as `deno lint` and ESLint keep one: per
 * file, what parsing and checking it found and the SHA-256 of the text
 * checked. A file whose text hashes as recorded is not parsed again. The
 * secret scan is never cached: every file is read and scanned on every run,
 * so no cache entry, however it got there (a cache restored in CI from
 * another branch, a file placed by another local user), can make `validate`
 * pass a file that holds a token. Flows are always checked: they read other
 * files.
 *
 * One JSON file per collection in the user's cache folder
 * (`~/.cache/apispec/validate/`, folder 0700, files 0600), never in the
 * project, where a committed cache would be input its author controls. It
 * holds for one build of apispec (its version and binary; running from
 * source, the checker's own files as they are) and one working folder, since
 * messages name files relative to it. Anything else is a cold start; a cache
 * that cannot be read or written only makes the next run slower.
 */
import { join } from "../../adapters/path.ts";
import { listFilesSync, readTextSync, replaceThroughTempSync } from "../../adapters/fs.ts";
import { userCacheDir } from "../../adapters/system.ts";
import type { Issue } from "../../engine/issue.ts";
import { sha256Hex } from "../../engine/sha256.ts";
import { VERSION } from "../../version.ts";
import type { FileKind } from "./file_kind.ts";

/** Bumped when the file's shape changes. */
const FORMAT = 3;
/** Collections remembered per user; the least recently validated go first. */
const KEEP_COLLECTIONS = 64;

/** The route an endpoint file documents, for the duplicate check across files. */
export interface CachedRoute {
  method: string;
  path: string;
  status?: number;
}

/** What parsing and checking a file found (its secret scan is not part of it). */
export interface Found {
  issues: Issue[];
  route?: CachedRoute;
}

/** Compact, as there is one per file: [SHA-256 of the text, kind, issues, route]. */
type Entry = [string, FileKind, Issue[], [string, string, number?]?];

interface CacheFile {
  format: number;
  key: string;
  cwd: string;
  files: Record<string, Entry>;
}

export interface ValidateCache {
  /** The earlier result when the text hashes as before. */
  same(file: string, kind: FileKind, text: string): Found | undefined;
  /** Remembers what checking `text` found; SECRET_DETECTED issues are never stored. */
  store(file: string, kind: FileKind, text: string, found: Found): void;
  /**
   * Writes the cache when anything changed. Entries under `scope` (the folder
   * validated, as messages name it; "" for the working folder) that this run
   * did not see belong to files that are gone, and are dropped.
   */
  save(scope: string): void;
}

/** The cache of one collection; a cache that remembers nothing when `enabled` is false. */
export function openValidateCache(
  collectionRoot: string,
  cwd: string,
  env: Record<string, string>,
  enabled = true,
): ValidateCache {
  const cacheDir = userCacheDir(env);
  if (cacheDir === undefined) enabled = false;
  const dir = join(cacheDir ?? "", "apispec", "validate");
  const path = join(dir, `${sha256Hex(collectionRoot).slice(0, 32)}.json`);
  const key = enabled ? checkerKey() : "";
  const previous = enabled ? readCache(path, key, cwd) : {};
  const files: Record<string, Entry> = {};
  // The hash of each text seen, computed once for `same` and `store`.
  const hashes = new Map<string, string>();
  const hashOf = (file: string, text: string) => {
    let hash = hashes.get(file);
    if (hash === undefined) hashes.set(file, hash = sha256Hex(text));
    return hash;
  };
  let changed = false;
  return {
    same(file, kind, text) {
      const entry = previous[file];
      if (!entry || entry[1] !== kind || entry[0] !== hashOf(file, text)) return undefined;
      files[file] = entry;
      const route = entry[3];
      return route
        ? { issues: entry[2], route: { method: route[0], path: route[1], status: route[2] } }
        : { issues: entry[2] };
    },
    store(file, kind, text, { issues, route }) {
      if (!enabled) return;
      const kept = issues.filter((i) => i.code !== "SECRET_DETECTED");
      const entry: Entry = [hashOf(file, text), kind, kept];
      if (route) entry.push([route.method, route.path, route.status]);
      files[file] = entry;
      changed = true;
    },
    save(scope) {
      if (!enabled) return;
      const prefix = scope === "" ? "" : `${scope}/`;
      for (const [file, entry] of Object.entries(previous)) {
        if (file in files) continue;
        if (file.startsWith(prefix)) changed = true; // gone
        else files[file] = entry; // outside this run's folder: kept for the next
      }
      if (!changed) return;
      try {
        privateFolder(dir);
        const body: CacheFile = { format: FORMAT, key, cwd, files };
        replaceThroughTempSync(path, JSON.stringify(body), 0o600);
        forgetOldest(dir);
      } catch {
        // Read-only home, full disk: validation itself is unaffected.
      }
    },
  };
}

/** The cache folder, readable by its owner only (an older apispec made it 0755). */
function privateFolder(dir: string): void {
  Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (Deno.build.os === "windows") return;
  if (((Deno.statSync(dir).mode ?? 0) & 0o077) !== 0) Deno.chmodSync(dir, 0o700);
}

function readCache(path: string, key: string, cwd: string): Record<string, Entry> {
  const read = readTextSync(path);
  if (!read.ok) return {};
  try {
    const cache = JSON.parse(read.text) as Partial<CacheFile>;
    const usable = cache.format === FORMAT && cache.key === key && cache.cwd === cwd &&
      typeof cache.files === "object" && cache.files !== null && !Array.isArray(cache.files);
    if (!usable) return {};
    const files: Record<string, Entry> = {};
    for (const [file, entry] of Object.entries(cache.files!)) {
      if (wellFormed(entry)) files[file] = entry;
    }
    return files;
  } catch {
    return {};
  }
}

/** An entry this version wrote: anything else (an edited or damaged file) is a cold start. */
function wellFormed(entry: unknown): entry is Entry {
  if (!Array.isArray(entry) || entry.length < 3 || entry.length > 4) return false;
  const [hash, kind, issues, route] = entry;
  return typeof hash === "string" && /^[0-9a-f]{64}$/.test(hash) && typeof kind === "string" &&
    Array.isArray(issues) &&
    issues.every((i) =>
      typeof i?.code === "string" && typeof i.message === "string" &&
      (i.severity === "error" || i.severity === "warning")
    ) &&
    (route === undefined ||
      (Array.isArray(route) && typeof route[0] === "string" && typeof route[1] === "string"));
}

/**
 * What the results depend on besides the files: the version, and the checker
 * itself (the binary's size and time; running from source, its modules' times),
 * since builds of one version differ.
 */
function checkerKey(): string {
  // A binary built again (another commit, the same version) is another file.
  if (Deno.build.standalone) return `${VERSION}+binary.${fileStamp(Deno.execPath())}`;
  const src = new URL("../../", import.meta.url);
  if (src.protocol !== "file:") return VERSION;
  const root = decodeURIComponent(src.pathname);
  const sources = [
    ...listFilesSync(join(root, "engine"), (name) => name.endsWith(".ts")).map((f) =>
      join(root, "engine", f)
    ),
    join(root, "ops", "collection", "validate.ts"),
    join(root, "ops", "run", "assertions.ts"),
  ];
  let newest = 0;
  for (const file of sources) {
    try {
      newest = Math.max(newest, Deno.statSync(file).mtime?.getTime() ?? 0);
    } catch { /* a file gone since the listing */ }
  }
  return `${VERSION}+source.${sources.length}.${newest}`;
}

function fileStamp(path: string): string {
  try {
    const info = Deno.statSync(path);
    return `${info.size}.${info.mtime?.getTime() ?? 0}`;
  } catch {
    return "unknown";
  }
}

function forgetOldest(dir: string): void {
  const names = listFilesSync(dir, (name) => name.endsWith(".json"));
  if (names.length <= KEEP_COLLECTIONS) return;
  const aged = names.map((name) => {
    try {
      return { name, mtime: Deno.statSync(join(dir, name)).mtime?.getTime() ?? 0 };
    } catch {
      return { name, mtime: 0 };
    }
  }).sort((a, b) => a.mtime - b.mtime);
  for (const { name } of aged.slice(0, names.length - KEEP_COLLECTIONS)) {
    try {
      Deno.removeSync(join(dir, name));
    } catch { /* another run removed it */ }
  }
}
