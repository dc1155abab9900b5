/**
 * OAuth 2.0 tokens kept between runs in the user's cache folder
 * (`~/.cache/apispec/tokens/`, folder 0700, files 0600), one file per
 * environment, token URL, client, grant and scope: never inside a project.
 * A file that cannot be read is a cache miss, never an error.
 */
import type { Token } from "../engine/auth/oauth2.ts";
import { join } from "./path.ts";
import { removeFile, writeTextAtomic } from "./fs.ts";
import { userCacheDir } from "./system.ts";

/** What `apispec auth status` shows of a cached token (never the token). */
export interface CachedTokenInfo {
  env: string;
  tokenUrl: string;
  clientId?: string;
  grant: string;
  scope?: string;
  /** Epoch milliseconds. */
  expiresAt?: number;
  obtainedAt: number;
  refreshable: boolean;
}

interface CacheFile {
  version: 1;
  info: Omit<CachedTokenInfo, "expiresAt" | "obtainedAt" | "refreshable">;
  token: Token;
}

/** The folder of the token files, or undefined without a home to put it in. */
export function tokenCacheDir(env: Record<string, string>): string | undefined {
  const base = userCacheDir(env);
  return base ? join(base, "apispec", "tokens") : undefined;
}

async function fileName(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0"))
    .join("") + ".json";
}

export class TokenCache {
  readonly dir: string | undefined;

  constructor(env: Record<string, string>) {
    this.dir = tokenCacheDir(env);
  }

  async read(key: string): Promise<Token | undefined> {
    if (!this.dir) return undefined;
    try {
      const file = JSON.parse(await Deno.readTextFile(join(this.dir, await fileName(key))));
      return file?.version === 1 && typeof file.token?.accessToken === "string"
        ? file.token as Token
        : undefined;
    } catch {
      return undefined;
    }
  }

  async write(key: string, info: CacheFile["info"], token: Token): Promise<void> {
    if (!this.dir) return;
    const file: CacheFile = { version: 1, info, token };
    await writeTextAtomic(join(this.dir, await fileName(key)), JSON.stringify(file), {
      private: true,
    }).catch(() => {});
  }

  async remove(key: string): Promise<void> {
    if (this.dir) await removeFile(join(this.dir, await fileName(key))).catch(() => false);
  }

  /** Deletes one file `list()` named; false when it was gone. */
  async removePath(path: string): Promise<boolean> {
    return await removeFile(path).catch(() => false);
  }

  /** Every cached token's description, with the file it is in. */
  async list(): Promise<{ path: string; info: CachedTokenInfo }[]> {
    if (!this.dir) return [];
    const found: { path: string; info: CachedTokenInfo }[] = [];
    try {
      for await (const entry of Deno.readDir(this.dir)) {
        if (!entry.isFile || !entry.name.endsWith(".json")) continue;
        const path = join(this.dir, entry.name);
        try {
          const file = JSON.parse(await Deno.readTextFile(path)) as CacheFile;
          if (file.version !== 1 || !file.info || !file.token) continue;
          found.push({
            path,
            info: {
              ...file.info,
              ...(file.token.expiresAt ? { expiresAt: file.token.expiresAt } : {}),
              obtainedAt: file.token.obtainedAt,
              refreshable: file.token.refreshToken !== undefined,
            },
          });
        } catch { /* a damaged file is skipped */ }
      }
    } catch { /* no folder yet */ }
    return found.sort((a, b) =>
      a.info.env.localeCompare(b.info.env) || a.info.tokenUrl.localeCompare(b.info.tokenUrl)
    );
  }
}
