/**
 * Every path an MCP client names (a spec, a flow, a docs root, a context
 * target, an OpenAPI document) stays inside the project: the folder that
 * holds the collection. An agent may be steered by text it read (a README, an
 * API's answer), so `../`, absolute paths elsewhere and committed links out
 * are refused before anything is read, with one answer that says nothing
 * about what lies outside (whether a file exists there, or where a link
 * points). Paths are taken as the CLI takes them: relative to the working
 * folder first, then to the collection root.
 */
import { dirname, isAbsolute, relative, resolve } from "../adapters/path.ts";
import { exists } from "../adapters/fs.ts";
import { staysInside } from "../adapters/contain.ts";
import type { ToolEnv } from "./tool.ts";

export type Confined = { ok: true; path: string } | { ok: false; reason: string };

/** The folder MCP paths must stay in: the one holding the collection (`api-docs/`). */
export async function projectRoot(env: Pick<ToolEnv, "root">): Promise<string> {
  return dirname(await env.root());
}

function lexicallyInside(project: string, path: string): boolean {
  const rel = relative(project, path);
  return !rel.startsWith("..") && !isAbsolute(rel);
}

/**
 * The absolute path `given` names, proven inside the project (links
 * followed), or the one refusal.
 *
 * @example
 * ```ts
 * // confinePath(env, "apis/users/get-user.md") → { ok: true, path: "/repo/api-docs/apis/users/get-user.md" }
 * // confinePath(env, "../../etc/passwd")        → { ok: false, reason: 'Path "../../etc/passwd" is outside the project /repo; …' }
 * ```
 */
export async function confinePath(
  env: Pick<ToolEnv, "ctx" | "root">,
  given: string,
): Promise<Confined> {
  const root = await env.root();
  const project = dirname(root);
  const refused: Confined = {
    ok: false,
    reason: `Path "${given.slice(0, 300)}" is outside the project ${project}; ` +
      "name a file or folder inside it (relative to the working folder or api-docs/)",
  };
  if (given === "" || given.includes("\0")) return refused;
  // Decided by the text first: nothing outside is looked at, so no answer depends on it.
  const candidates = [...new Set([resolve(env.ctx.cwd, given), resolve(root, given)])]
    .filter((path) => lexicallyInside(project, path));
  if (candidates.length === 0) return refused;
  for (const path of candidates) {
    // A committed link (`apis/x -> /anywhere`) passes the text check; its real path does not.
    // Any error on the way (a folder outside that may not be read) is the same refusal.
    const inside = await staysInside(project, path).catch(() => ({ ok: false }));
    if (!inside.ok) return refused;
    if (await exists(path)) return { ok: true, path };
  }
  return { ok: true, path: candidates[0] };
}

/** `confinePath` for several paths: all of them, or the first refusal. */
export async function confinePaths(
  env: Pick<ToolEnv, "ctx" | "root">,
  given: string[],
): Promise<{ ok: true; paths: string[] } | { ok: false; reason: string }> {
  const paths: string[] = [];
  for (const path of given) {
    const confined = await confinePath(env, path);
    if (!confined.ok) return confined;
    paths.push(confined.path);
  }
  return { ok: true, paths };
}
