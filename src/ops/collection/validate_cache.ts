/**
 * `validate`'s incremental cache, as `deno lint` and ESLint keep one: per
 * file, what validating it found, the hash of the text validated and the
 * file's size, modification time and inode. A file whose size, time and inode
 * are as recorded is not read again, nor one whose text hashes the same; as
 * in Git's index, times are trusted only for files older than the run that
 * recorded them by two seconds (a coarse clock could hide a later write).
 * Flows are always validated: they read other files.
 *
 * One JSON file per collection in the user's cache folder
 * (`~/.cache/apispec/validate/`), never in the project, where a committed
 * cache would be hostile input able to hide a secret. It holds for one build
 * of apispec (its version and binary; running from source, the checker's own
 * files as they are) and one working folder, since messages name files
 * relative to it.
 * Anything else is a cold start; a cache that cannot be read or written only
 * makes the next run slower.
 */
import { join } from "../../adapters/path.ts";
import { listFilesSync, readTextSync, replaceThroughTempSync } from "../../adapters/fs.ts";
import { userCacheDir } from "../../adapters/system.ts";
import type { Issue } from "../../engine/issue.ts";
import { textHash } from "../../engine/text_hash.ts";
import { VERSION } from "../../version.ts";
import type { FileKind } from "./file_kind.ts";

/** Bumped when the file's shape changes. */
const FORMAT = 2;
/** Collections remembered per user; the least recently validated go first. */
const KEEP_COLLECTIONS = 64;
/** How much older than the run a file must be for its time to vouch for its content. */
const RACY_MS = 2000;

/** The route an endpoint file documents, for the duplicate check across files. */
export interface CachedRoute {
  method: string;
  path: string;
  status?: number;
}

/** What validating a file found. */
export interface Found {
  issues: Issue[];
  route?: CachedRoute;
}

/** Compact, as there is one per file: [hash, kind, stamp ("" until trusted), issues, route]. */
type Entry = [string, FileKind, string, Issue[], [string, string, number?]?];

interface CacheFile {
  format: number;
  key: string;
  cwd: string;
  files: Record<string, Entry>;
}

export interface ValidateCache {
  /** The earlier result when the file's size, time and inode say it is unchanged; no read needed. */
  unchanged(file: string, kind: FileKind, absolutePath: string): Found | undefined;
  /** The earlier result when the text hashes as before. */
  same(file: string, kind: FileKind, text: string): Found | undefined;
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
  const path = join(dir, `${textHash(collectionRoot)}.json`);
  const key = enabled ? checkerKey() : "";
  const previous = enabled ? readCache(path, key, cwd) : {};
  // Files are stamped only once a collection is validated again: a one-off run pays no stat.
  const stamping = Object.keys(previous).length > 0;
  const started = Date.now();
  const files: Record<string, Entry> = {};
  const stamps = new Map<string, string>();
  let changed = false;
  const found = (entry: Entry): Found => {
    const route = entry[4];
    return route
      ? { issues: entry[3], route: { method: route[0], path: route[1], status: route[2] } }
      : { issues: entry[3] };
  };
  return {
    unchanged(file, kind, absolutePath) {
      if (!stamping) return undefined;
      const stamp = stampOf(absolutePath, started);
      stamps.set(file, stamp);
      const entry = previous[file];
      if (!entry || entry[1] !== kind || stamp === "" || entry[2] !== stamp) return undefined;
      files[file] = entry;
      return found(entry);
    },
    same(file, kind, text) {
      const entry = previous[file];
      if (!entry || entry[1] !== kind || entry[0] !== textHash(text)) return undefined;
      const stamp = stamps.get(file) ?? "";
      if (stamp !== entry[2]) {
        const restamped: Entry = [entry[0], kind, stamp, entry[3]];
        if (entry[4]) restamped.push(entry[4]);
        files[file] = restamped;
        changed = true;
      } else files[file] = entry;
      return found(entry);
    },
    store(file, kind, text, { issues, route }) {
      if (!enabled) return;
      const entry: Entry = [textHash(text), kind, stamps.get(file) ?? "", issues];
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
        Deno.mkdirSync(dir, { recursive: true });
        const body: CacheFile = { format: FORMAT, key, cwd, files };
        replaceThroughTempSync(path, JSON.stringify(body));
        forgetOldest(dir);
      } catch {
        // Read-only home, full disk: validation itself is unaffected.
      }
    },
  };
}

/** Size, time and inode, or "" when the file is too recent for them to vouch for its text. */
function stampOf(path: string, started: number): string {
  try {
    const info = Deno.statSync(path);
    const mtime = info.mtime?.getTime();
    if (mtime === undefined || mtime > started - RACY_MS) return "";
    return `${info.size}.${mtime}.${info.ino ?? ""}`;
  } catch {
    return "";
  }
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
  if (!Array.isArray(entry) || entry.length < 4 || entry.length > 5) return false;
  const [hash, kind, stamp, issues, route] = entry;
  return typeof hash === "string" && typeof kind === "string" && typeof stamp === "string" &&
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
